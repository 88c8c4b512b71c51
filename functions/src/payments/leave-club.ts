/**
 * A member leaves a club themselves. A paid membership whose subscription is live ends when the
 * period already paid ends: the subscription is set to cancel then (Stripe's cancel_at_period_end)
 * and the membership lasts until its end event; anything else (a free membership, a pending
 * request, a paid one no longer billed, any membership of a club that is not active) ends at once,
 * its subscription cancelled and an open checkout expired first.
 */
import type { LeaveResult } from '@clubs/shared';
import { membershipEndedOutbox } from '../bus/change-events.ts';
import { getSubscriptionRecord, isLiveStatus } from '../data/repositories/billing.ts';
import { removeMembership } from '../data/repositories/membership-writes.ts';
import { stripeClient } from '../stripe/client.ts';
import { cancelMemberBilling } from './member-subscription.ts';
import { withStripe } from './stripe-errors.ts';

/** The end of the current period of a subscription item, as an ISO date (null if Stripe has none). */
function periodEndOf(subscription: { items: { data: { current_period_end?: number }[] } }): string | null {
  const end = subscription.items.data[0]?.current_period_end;
  return typeof end === 'number' ? new Date(end * 1000).toISOString() : null;
}

export async function leaveMembership(
  clubId: string,
  userId: string,
  options: { clubOpen: boolean },
): Promise<LeaveResult> {
  const record = await getSubscriptionRecord({ kind: 'membership', clubId, userId });
  // Of a club that is not open to its members (unpaid, suspended, closed) nothing is left to use:
  // the subscription ends at once, paused or not.
  if (options.clubOpen && record?.subscriptionId && isLiveStatus(record.status)) {
    const subscriptionId = record.subscriptionId;
    const endsAt = await withStripe('Failed to leave the club', async () => {
      const stripe = await stripeClient();
      const updated = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `leave-${subscriptionId}` },
      );
      return periodEndOf(updated);
    });
    return { left: false, endsAt };
  }
  await cancelMemberBilling(clubId, userId);
  // The removal's own transaction announces it (the member is who ended it).
  await removeMembership(clubId, userId, membershipEndedOutbox({ clubId, userId }, userId));
  return { left: true, endsAt: null };
}
