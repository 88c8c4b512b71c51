/**
 * 'Admin Controls' (spec part 2 section 2): for owners and moderators, a disclosure menu of
 * links, each shown by the permissions table of shared/src/permissions.ts: View Public Page (a
 * new tab) for both, Edit Club and Club Settings with CLUB_OPTIONS, Invite Members with
 * INVITE_MEMBERS.
 */
import { Button } from '@aws-amplify/ui-react';
import { type ClubRole, hasPermission, isClubManager, type Permission } from '@clubs/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

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
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  // Closes when a link is followed, on Escape and on a click or focus outside.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!isClubManager(role)) return null;
  const shown = CONTROLS.filter((c) => c.permission === null || hasPermission(role, c.permission));
  return (
    <div className="club-admin" ref={root}>
      <Button size="small" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        Admin Controls
      </Button>
      <ul id={menuId} className="club-admin__menu" hidden={!open}>
        {shown.map((control) => (
          <li key={control.label}>
            <Link
              to={control.to(clubId, basePath)}
              className="club-admin__item"
              onClick={() => setOpen(false)}
              {...(control.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {control.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
