/**
 * How many of a person's clubs are unpaid now, kept exact by moving it inside the very
 * transaction that creates a club or moves its status in or out of `unpaid`. A new club may be
 * refused by it (UNPAID_CLUBS_PER_ACCOUNT); a status move never is.
 */
import type { ClubStatus } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { cappedCountAction } from './capped-count.ts';
import type { TransactItem } from './counted-write.ts';

/** How a status move changes the owner's count of unpaid clubs (-1, 0 or 1). */
export const unpaidStep = (before: ClubStatus | null, after: ClubStatus): number =>
  Number(after === 'unpaid') - Number(before === 'unpaid');

/**
 * The transaction items that move the owner's count by `step` (none for 0); with `cap`, the
 * item is refused (ConditionalCheckFailed) when the count would go over it.
 */
export function unpaidClubsAction(ownerId: string, step: number, cap?: number): TransactItem[] {
  return step === 0 ? [] : [cappedCountAction(keys.unpaidClubs(ownerId), 'unpaid_clubs', step, cap)];
}
