/**
 * 'Admin Controls': for owners and moderators, a disclosure menu of
 * links, each shown by the permissions table of shared/src/permissions.ts: View Public Page (a
 * new tab) for both, Edit Club and Club Settings with CLUB_OPTIONS, Invite Members with
 * INVITE_MEMBERS, Analytics for both (moderators see it without money), Reports for both with
 * how many items wait in the moderators' queue. The menu is a Popover: Escape and a press outside close it, as does following a
 * link.
 */
import { type ClubRole, hasPermission, isClubManager, type Permission } from '@clubs/shared';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../api/hooks.ts';
import { Popover } from '../../components/overlay/Popover.tsx';
import { pendingLabel } from '../../features/members/api.ts';
import { ClubIcon } from './icons.tsx';

interface Control {
  label: string;
  to: (clubId: string, basePath: string) => string;
  permission: Permission | null;
  newTab?: boolean;
}

const CONTROLS: readonly Control[] = [
  { label: 'View Public Page', to: (id) => `/c/${id}`, permission: null, newTab: true },
  { label: 'Edit Club', to: (_, base) => `${base}/edit`, permission: 'CLUB_OPTIONS' },
  { label: 'Invite Members', to: (_, base) => `${base}/invite`, permission: 'INVITE_MEMBERS' },
  { label: 'Club Settings', to: (_, base) => `${base}/settings`, permission: 'CLUB_OPTIONS' },
  { label: 'Analytics', to: (_, base) => `${base}/analytics`, permission: null },
  { label: 'Reports', to: (_, base) => `${base}/reports`, permission: null },
];

export function AdminControls({
  clubId,
  basePath,
  role,
}: {
  clubId: string;
  basePath: string;
  role: ClubRole | null;
}) {
  const waiting = useApiQuery('countReports', { params: { clubId } }, { enabled: isClubManager(role) });
  if (!isClubManager(role)) return null;
  const reports = pendingLabel(waiting.data);
  const shown = CONTROLS.filter((c) => c.permission === null || hasPermission(role, c.permission));
  return (
    <div className="club-admin">
      <Popover
        label="Admin Controls"
        // A phone's header row has no room for the words beside the club, chat, the bell and Menu:
        // there the button is an icon, its name still read out. The words are one span: the
        // button lays out its children as flex items, which would drop a space between two.
        buttonText={
          <>
            <span className="club-admin__icon">
              <ClubIcon name="admin" />
            </span>
            <span className="club-admin__text">Admin Controls</span>
          </>
        }
        buttonSize="small"
      >
        {(close) => (
          <ul className="club-admin__menu">
            {shown.map((control) => (
              <li key={control.label}>
                <Link
                  to={control.to(clubId, basePath)}
                  className="club-admin__item"
                  onClick={close}
                  {...(control.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {control.label}
                  {control.label === 'Reports' && reports && (
                    <span className="club-admin__count"> ({reports})</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Popover>
    </div>
  );
}
