/** A club's cover and logo, with the generated fallbacks (initials, a gradient) when missing. */
import { initials } from '@clubs/shared';

export function ClubCover({ url, className = '' }: { url: string | null; className?: string }) {
  if (url) return <img src={url} alt="" className={`clubs-cover ${className}`} loading="lazy" />;
  return <div className={`clubs-cover clubs-cover--fallback ${className}`} aria-hidden="true" />;
}

export function ClubLogo({
  name,
  url,
  className = '',
}: {
  name: string;
  url: string | null;
  className?: string;
}) {
  if (url) return <img src={url} alt={`${name} logo`} className={`clubs-logo ${className}`} loading="lazy" />;
  return (
    <span className={`clubs-logo clubs-logo--fallback ${className}`} role="img" aria-label={`${name} logo`}>
      {initials(name)}
    </span>
  );
}
