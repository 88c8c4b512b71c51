import { CLUB_ROLES, hasPermission, normalizeClubRole, PERMISSIONS, permissionsOf } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

describe('permissions', () => {
  it('gives super_admin every permission', () => {
    for (const p of PERMISSIONS) expect(hasPermission('super_admin', p)).toBe(true);
    expect(permissionsOf('super_admin')).toEqual(PERMISSIONS);
  });

  it('gives each club role exactly the listed permissions, with no inheritance', () => {
    const granted = Object.fromEntries(
      CLUB_ROLES.map((role) => [role, PERMISSIONS.filter((p) => hasPermission(role, p))]),
    );
    expect(granted).toEqual({
      club_owner: ['CLUB_OPTIONS', 'EDIT_EVENTS', 'CREATE_COURSES', 'INVITE_MEMBERS'],
      club_moderator: ['EDIT_EVENTS', 'CREATE_COURSES'],
      club_member: ['VIEW_DISCUSSIONS', 'JOIN_EVENTS', 'TAKE_COURSES', 'VIEW_LEADERBOARD', 'VIEW_MEMBERS'],
    });
    // The owner does not inherit the member's permissions.
    expect(hasPermission('club_owner', 'VIEW_DISCUSSIONS')).toBe(false);
  });

  it('gives a missing or unknown role nothing', () => {
    for (const p of PERMISSIONS) {
      expect(hasPermission(null, p)).toBe(false);
      expect(hasPermission(undefined, p)).toBe(false);
      // A value from outside the type system (e.g. a stored string) must not leak permissions.
      expect(hasPermission('toString' as never, p)).toBe(false);
    }
    expect(permissionsOf(null)).toEqual([]);
  });

  it('accepts the legacy role values owner and moderator', () => {
    expect(normalizeClubRole('owner')).toBe('club_owner');
    expect(normalizeClubRole('moderator')).toBe('club_moderator');
    expect(normalizeClubRole('admin')).toBeNull();
  });
});
