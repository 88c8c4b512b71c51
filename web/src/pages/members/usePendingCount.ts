/**
 * How many requests to join wait for an owner's or moderator's answer: the members page's
 * Pending filter and the club's Members nav item show it. Only managers ask (others may not).
 */
import { type ClubRole, isClubManager, type PendingCount } from '@clubs/shared';
import { useApiQuery } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';

/** Every cached count (of any club), read again after an approval or a removal. */
export const PENDING_COUNTS_KEY = routeKey('countPendingMembers');

export function usePendingCount(clubId: string, role: ClubRole | null) {
  return useApiQuery('countPendingMembers', { params: { clubId } }, { enabled: isClubManager(role) });
}

/** The count as shown: '3', or '99+' when there are more than counted; null when none wait. */
export const pendingLabel = (pending: PendingCount | undefined): string | null =>
  pending && pending.count > 0 ? `${pending.count}${pending.more ? '+' : ''}` : null;
