/**
 * Roles and permissions: super_admin has every
 * permission; other roles have exactly the ones listed, with no inheritance; no role, none.
 */
export const PERMISSIONS = [
  'CLUB_OPTIONS',
  'EDIT_EVENTS',
  'CREATE_COURSES',
  'INVITE_MEMBERS',
  'VIEW_DISCUSSIONS',
  'JOIN_EVENTS',
  'TAKE_COURSES',
  'VIEW_LEADERBOARD',
  'VIEW_MEMBERS',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const CLUB_ROLES = ['club_owner', 'club_moderator', 'club_member'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

export const SUPER_ADMIN = 'super_admin' as const;
export const SUPER_ADMIN_GROUP = 'super_admin';
/**
 * An ID token claim ("true") set where super admins must use MFA and this one has not enrolled an
 * authenticator app: the token was issued without the super_admin group, and the SPA says why.
 */
export const SUPER_ADMIN_NEEDS_MFA_CLAIM = 'super_admin_needs_mfa';
export type Role = typeof SUPER_ADMIN | ClubRole;

/**
 * Inviting (the invite link and e-mailed invitations) is the owner's alone: moderators answer
 * join requests and keep order, but who is let in without asking is the owner's call, so the
 * Invite Members button shows only to holders of INVITE_MEMBERS.
 */
export const ROLE_PERMISSIONS: Readonly<Record<ClubRole, readonly Permission[]>> = {
  club_owner: ['CLUB_OPTIONS', 'EDIT_EVENTS', 'CREATE_COURSES', 'INVITE_MEMBERS'],
  club_moderator: ['EDIT_EVENTS', 'CREATE_COURSES'],
  club_member: ['VIEW_DISCUSSIONS', 'JOIN_EVENTS', 'TAKE_COURSES', 'VIEW_LEADERBOARD', 'VIEW_MEMBERS'],
};

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  if (role === SUPER_ADMIN) return true;
  if (!role) return false;
  return Object.hasOwn(ROLE_PERMISSIONS, role) && ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: Role | null | undefined): readonly Permission[] {
  if (role === SUPER_ADMIN) return PERMISSIONS;
  if (!role || !Object.hasOwn(ROLE_PERMISSIONS, role)) return [];
  return ROLE_PERMISSIONS[role];
}

/** The layout also accepts the legacy values 'owner' and 'moderator'. */
export function normalizeClubRole(value: string | null | undefined): ClubRole | null {
  switch (value) {
    case 'club_owner':
    case 'owner':
      return 'club_owner';
    case 'club_moderator':
    case 'moderator':
      return 'club_moderator';
    case 'club_member':
    case 'member':
      return 'club_member';
    default:
      return null;
  }
}

/** Owners and moderators manage a club's content. */
export function isClubManager(role: ClubRole | null | undefined): boolean {
  return role === 'club_owner' || role === 'club_moderator';
}
