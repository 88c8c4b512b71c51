/**
 * A club card (directory and dashboards): cover or generated avatar, Premium/Free badge, logo,
 * name, member count, the description clamped to two lines, and one action.
 *
 * Plain elements wearing Amplify's card and text classes rather than its Card and Text
 * components: a list renders a dozen cards at once as the page opens, and each Amplify component
 * works out its style props and breakpoint on every render, which these cards never use (their
 * look is the classes and clubs.css).
 */
import type { PublicClub } from '@clubs/shared';
import type { ReactNode } from 'react';
import { ClubCover, ClubLogo } from './ClubAvatar.tsx';
import { TierBadge } from './ClubBadge.tsx';
import './clubs.css';

export const memberCountLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

export function ClubCard({
  club,
  action,
  showMembers = true,
  extra,
  priority = false,
}: {
  club: PublicClub;
  action: ReactNode;
  showMembers?: boolean;
  extra?: ReactNode;
  /** One of the first cards on screen: its cover loads first (see ClubCover). */
  priority?: boolean;
}) {
  return (
    <article className="amplify-card club-card" aria-label={club.name} data-testid="club-card">
      <div className="club-card__cover">
        <ClubCover name={club.name} coverImageUrl={club.coverImageUrl} priority={priority} />
        <span className="club-card__badge">
          <TierBadge club={club} />
        </span>
      </div>
      <div className="club-card__body">
        <div className="club-card__title">
          <ClubLogo name={club.name} logoUrl={club.logoUrl} size={36} />
          <div>
            <h3>{club.name}</h3>
            {showMembers ? (
              <p className="amplify-text club-card__members">{memberCountLabel(club.memberCount)}</p>
            ) : null}
          </div>
        </div>
        <p className="amplify-text club-clamp-2 club-card__description">{club.description}</p>
        {extra}
        <div className="club-card__action">{action}</div>
      </div>
    </article>
  );
}
