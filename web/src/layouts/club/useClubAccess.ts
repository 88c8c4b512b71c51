/**
 * May the signed-in viewer enter this club? An active club answers its
 * page and the viewer's membership; a club that is not active answers 404 to everyone but its
 * owner, who still enters it (to reach its billing and settings) but cannot post in it, and its
 * members, whose membership question answers 403 club_not_active. Active members (the owner
 * always is one) enter; a pending member, a stranger and a member of a club that is not active
 * are told why not; a super admin may read any active club. A failure to ask is neither 'not
 * found' nor 'denied'.
 */
import { CLUB_NOT_ACTIVE, type ClubRole, type PublicClub } from '@clubs/shared';
import { isApiError } from '../../api/errors.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';

export type DenialReason = 'not_member' | 'pending' | 'inactive';

export const DENIAL_TEXT: Record<DenialReason, string> = {
  not_member: 'You are not a member of this club.',
  pending: 'Your membership request is pending approval.',
  inactive: 'This club is not active.',
};

export type ClubAccess =
  | { state: 'loading' }
  | { state: 'granted'; club: PublicClub; role: ClubRole | null; canWrite: boolean }
  | { state: 'denied'; reason: DenialReason }
  | { state: 'not_found' }
  | { state: 'failed'; retry: () => void };

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;
const isNotActive = (error: unknown) => isApiError(error) && error.code === CLUB_NOT_ACTIVE.code;

export function useClubAccess(clubId: string): ClubAccess {
  const { isSuperAdmin } = useAuth();
  const params = { params: { clubId } };
  const club = useApiQuery('getClub', params);
  const membership = useApiQuery('getClubMembership', params);
  const missing = isNotFound(club.error);
  // Only the owner can still see a club that is not active (an unpaid or closed one).
  const owned = useApiQuery('getOwnedClub', params, { enabled: missing });

  if (missing) {
    // Its members are told that a club is not active; anyone else learns nothing of it.
    if (isNotActive(membership.error)) return { state: 'denied', reason: 'inactive' };
    if (owned.isPending || membership.isPending) return { state: 'loading' };
    // The owner still reaches an unpaid or closed club: its billing and settings are how it reopens.
    if (owned.data) return { state: 'granted', club: owned.data, role: 'club_owner', canWrite: false };
    if (isNotFound(owned.error)) return { state: 'not_found' };
    return { state: 'failed', retry: () => void owned.refetch() };
  }
  // A failed re-read of what is already shown (the live socket's catch-up on a flaky network)
  // keeps the page and whatever the person had open on it: only a read that never succeeded fails.
  if ((club.error && !club.data) || (membership.error && !membership.data)) {
    return {
      state: 'failed',
      retry: () => {
        if (club.error) void club.refetch();
        if (membership.error) void membership.refetch();
      },
    };
  }
  if (!club.data || !membership.data) return { state: 'loading' };
  const viewer = membership.data;
  if (viewer.status === 'active') {
    return { state: 'granted', club: club.data, role: viewer.role, canWrite: true };
  }
  if (isSuperAdmin) return { state: 'granted', club: club.data, role: null, canWrite: false };
  return { state: 'denied', reason: viewer.status };
}
