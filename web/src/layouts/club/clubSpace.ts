/**
 * What every page inside a club knows once the club layout has let the viewer in: the club, the
 * viewer's role in it, whether they may write, and the path the club's pages live under
 * (/communities/{id} or /clubs/{id}, whichever the visitor used).
 */
import type { ClubRole, PublicClub } from '@clubs/shared';
import { requiredContext } from '../../components/requiredContext.ts';

export interface ClubSpace {
  club: PublicClub;
  /** The viewer's club role; null for a super admin reading a club they are not in. */
  role: ClubRole | null;
  /** Active members (the owner included) read and write; a super admin only reads. */
  canWrite: boolean;
  /** '/communities/{clubId}' or '/clubs/{clubId}'. */
  basePath: string;
}

export const [ClubSpaceProvider, useClubSpace] = requiredContext<ClubSpace>(
  'useClubSpace is used outside the club layout',
);

/**
 * The route handle of club pages that open before the viewer is an active member:
 * membership-success confirms a payment whose webhook may not have arrived yet.
 */
export const UNGATED_CLUB_PAGE = { ungatedClubPage: true } as const;

export const isUngatedClubPage = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && 'ungatedClubPage' in handle;
