/**
 * Who is acting, as the domain sees them. The HTTP layer builds a Caller from the verified ID
 * token's claims (http/auth.ts) and a Viewer from the caller's membership of the club in the path
 * (http/access.ts); services take these and never the request.
 */
import type { ClubRole } from '@clubs/shared';

export interface Caller {
  userId: string;
  email: string;
  name: string;
  groups: string[];
  isSuperAdmin: boolean;
}

/** Who is acting in the club of the path: their user id and active role. */
export interface Viewer {
  userId: string;
  /** The caller's active role in the club (null for a super admin reading without one). */
  role: ClubRole | null;
}
