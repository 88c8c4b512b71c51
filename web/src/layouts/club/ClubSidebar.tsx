/**
 * The club's side navigation: Home, Events, Courses, Leaderboard and
 * Members (for owners and moderators with the number of requests to join waiting), then the club switcher: the clubs where the viewer is an active owner, moderator or
 * member (one query of their memberships). Collapsed, only the icons show; each link keeps its
 * name for assistive technology and as a tooltip.
 */
import { Link, NavLink } from 'react-router-dom';
import { useApiQuery } from '../../api/hooks.ts';
import { PersonAvatar } from '../../components/clubs/ClubAvatar.tsx';
import { pendingLabel, usePendingCount } from '../../features/members/api.ts';
import { useClubSpace } from './clubSpace.ts';
import { ClubIcon, type ClubIconName } from './icons.tsx';

const SECTIONS: readonly { to: string; label: string; icon: ClubIconName; end?: boolean }[] = [
  { to: '', label: 'Home', icon: 'home', end: true },
  { to: 'events', label: 'Events', icon: 'events' },
  { to: 'courses', label: 'Courses', icon: 'courses' },
  { to: 'leaderboard', label: 'Leaderboard', icon: 'leaderboard' },
  { to: 'members', label: 'Members', icon: 'members' },
];

/** Beside Members, for owners and moderators: how many requests to join wait for them. */
function PendingBadge({ clubId }: { clubId: string }) {
  const { role } = useClubSpace();
  const label = pendingLabel(usePendingCount(clubId, role).data);
  if (!label) return null;
  return (
    <span className="club-sidebar__count">
      {label}
      <span className="visually-hidden"> waiting to join</span>
    </span>
  );
}

function ClubSwitcher({ clubId, collapsed }: { clubId: string; collapsed: boolean }) {
  const memberships = useApiQuery('listMyMemberships', { query: { status: 'active' } });
  const clubs = (memberships.data?.items ?? [])
    .filter((m) => m.membership.status === 'active' && m.club.status === 'active')
    .map((m) => m.club);
  if (clubs.length === 0) return null;
  return (
    <nav aria-label="Your clubs" className="club-sidebar__group">
      <h2 className="club-sidebar__heading">Your clubs</h2>
      <ul className="club-sidebar__list">
        {clubs.map((club) => (
          <li key={club.id}>
            <Link
              to={`/communities/${club.id}`}
              className="club-sidebar__link"
              aria-current={club.id === clubId ? 'page' : undefined}
              title={collapsed ? club.name : undefined}
            >
              <PersonAvatar name={club.name} url={club.logoUrl} size={24} decorative />
              <span className="club-sidebar__label">{club.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ClubSidebar({
  id,
  basePath,
  clubId,
  collapsed,
  onNavigate,
}: {
  id: string;
  basePath: string;
  clubId: string;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the phone panel after any link inside is followed
    // biome-ignore lint/a11y/useKeyWithClickEvents: links are followed by keyboard too and bubble the same click
    <div id={id} className="club-sidebar" onClick={(e) => (e.target as Element).closest('a') && onNavigate()}>
      <nav aria-label="Club" className="club-sidebar__group">
        <ul className="club-sidebar__list">
          {SECTIONS.map(({ to, label, icon, end }) => (
            <li key={label}>
              <NavLink
                to={to ? `${basePath}/${to}` : basePath}
                end={end}
                className="club-sidebar__link"
                title={collapsed ? label : undefined}
              >
                <ClubIcon name={icon} />
                <span className="club-sidebar__label">{label}</span>
                {to === 'members' ? <PendingBadge clubId={clubId} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ClubSwitcher clubId={clubId} collapsed={collapsed} />
    </div>
  );
}
