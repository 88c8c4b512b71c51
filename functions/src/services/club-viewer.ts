/**
 * Who is acting in a club, from what the access check read (the club and the caller's
 * membership row): their user id and active role.
 */
import { activeRoleOf, type Club, type ClubRole, type Membership } from '@clubs/shared';
import type { AuthContext } from '../http/auth.ts';

export interface Viewer {
  userId: string;
  /** The caller's active role in the club (null for a super admin reading without one). */
  role: ClubRole | null;
}

export function viewerOf(auth: AuthContext, club: Club, membership: Membership | null): Viewer {
  return {
    userId: auth.userId,
    role: activeRoleOf({
      method: 'GET',
      userId: auth.userId,
      isSuperAdmin: auth.isSuperAdmin,
      club,
      membership,
    }),
  };
}
