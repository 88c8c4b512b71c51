/**
 * Delete Club (the club settings' General tab): the club leaves the directory for good
 * (inactive) and nothing is charged for it any more: its creator plan and every member
 * subscription are cancelled, and checkouts still open for it expired, at Stripe first, so a
 * failure there leaves the club as it was.
 */
import type { Club } from '@clubs/shared';
import {
  getSubscriptionRecord,
  isEndedStatus,
  listMemberSubscriptions,
} from '../data/repositories/billing.ts';
import { closeClubForGood } from '../data/repositories/clubs.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { isMissing, withStripe } from './stripe-errors.ts';
import { cancelSubscription } from './subscription-sync.ts';

/** Expires a Checkout Session that can still be paid (one already gone is fine). */
export async function expireIfOpen(stripe: StripeApi, sessionId: string): Promise<void> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

/** Closes the caller's own club (the route's access declaration checked ownership). */
export async function closeClub(club: Club): Promise<{ deleted: true }> {
  const clubId = club.id;
  const plan = await getSubscriptionRecord({ kind: 'club_plan', clubId });
  const members = await listMemberSubscriptions(clubId);
  const live = [plan, ...members]
    .map((record) => (record?.subscriptionId && !isEndedStatus(record.status) ? record.subscriptionId : null))
    .filter((id): id is string => id !== null);
  const openSessions = [plan, ...members]
    .map((record) => record?.checkoutSessionId ?? null)
    .filter((id): id is string => id !== null);
  await withStripe('Failed to delete the club', async () => {
    const stripe = await stripeClient();
    for (const subscriptionId of live) await cancelSubscription(stripe, subscriptionId, 'club closed');
    // A checkout still open for the club can no longer be paid.
    for (const sessionId of openSessions) await expireIfOpen(stripe, sessionId);
  });
  // The cancellations' events end the memberships; the club closes now, for good (a suspension
  // it was under is over: reactivation cannot reopen it).
  await closeClubForGood(clubId);
  return { deleted: true };
}
