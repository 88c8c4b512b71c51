/**
 * The generated avatar of a club (or anything named): its initials on a colour derived from the
 * name, so the same club always looks the same: a club without a logo still has
 * a recognisable one.
 */
import { initials } from '@clubs/shared';
import './clubs.css';

/** A stable hue from the name (FNV-1a). */
export function hueOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

export const avatarBackground = (name: string) => {
  const hue = hueOf(name);
  return `linear-gradient(135deg, hsl(${hue} 55% 42%), hsl(${(hue + 40) % 360} 60% 30%))`;
};

export function ClubAvatar({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <span
      className="club-avatar"
      role="img"
      aria-label={`${name} avatar`}
      style={{ width: size, height: size, fontSize: size * 0.4, background: avatarBackground(name) }}
    >
      {initials(name) || '?'}
    </span>
  );
}

/**
 * The club's logo, or its generated avatar when it has none. A logo waits until it is near the
 * viewport: each eager image of a drawn page is also preloaded ahead of the page's own content,
 * and a directory of logos fetched and decoded at once held the phone's main thread.
 */
export function ClubLogo({
  name,
  logoUrl,
  size = 48,
}: {
  name: string;
  logoUrl: string | null;
  size?: number;
}) {
  if (!logoUrl) return <ClubAvatar name={name} size={size} />;
  return (
    <img
      className="club-logo"
      src={logoUrl}
      alt={`${name} logo`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * A cover image, or a generated one from the name. A `priority` cover is among the first things
 * a visitor sees (the largest paint of the directory): fetched first; the others wait until they
 * scroll near.
 */
export function ClubCover({
  name,
  coverImageUrl,
  priority = false,
}: {
  name: string;
  coverImageUrl: string | null;
  priority?: boolean;
}) {
  // The size is the card's cover box at the grid's usual column width, which clubs.css sets: the
  // page reserves the box before the image or the stylesheet arrives.
  if (coverImageUrl)
    return priority ? (
      <img src={coverImageUrl} alt={`${name} cover`} width={400} height={144} fetchPriority="high" />
    ) : (
      <img src={coverImageUrl} alt={`${name} cover`} width={400} height={144} loading="lazy" />
    );
  return (
    <div
      className="club-cover-fallback"
      role="img"
      aria-label={`${name} cover`}
      style={{ background: avatarBackground(name) }}
    >
      {initials(name)}
    </div>
  );
}

/**
 * A person's photo, or their initials. Decorative (empty alternative text) where their name is
 * written beside it, so screen readers do not read it twice.
 */
export function PersonAvatar({
  name,
  url,
  size = 40,
  decorative = false,
}: {
  name: string;
  url: string | null;
  size?: number;
  decorative?: boolean;
}) {
  if (url) {
    return (
      <img
        className="club-logo"
        src={url}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  if (!decorative) return <ClubAvatar name={name} size={size} />;
  return (
    <span
      className="club-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.4, background: avatarBackground(name) }}
    >
      {initials(name) || '?'}
    </span>
  );
}
