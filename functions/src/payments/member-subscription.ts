/**
 * A member's subscription to a paid club when the membership ends on the club's side (removed by
 * an owner or moderator): cancelled at Stripe at once, with any checkout still open for it
 * expired, so the person is never charged again. Stripe is asked first: a failure there leaves
 * the membership as it was (503), never removed while still billed.
 */
import { getSubscriptionRecord, isEndedStatus } from '../data/repositories/billing.ts';
import { stripeClient } from '../stripe/client.ts';
import { expireIfOpen } from './close-club.ts';
import { withStripe } from './stripe-errors.ts';
import { cancelSubscription } from './subscription-sync.ts';

export async function cancelMemberBilling(clubId: string, userId: string): Promise<void> {
  const record = await getSubscriptionRecord({ kind: 'membership', clubId, userId });
  if (!record) return;
  const live = record.subscriptionId && !isEndedStatus(record.status) ? record.subscriptionId : null;
  const session = record.checkoutSessionId;
  if (!live && !session) return;
  await withStripe('Failed to cancel the member’s subscription', async () => {
    const stripe = await stripeClient();
    if (live) await cancelSubscription(stripe, live, 'member removed');
    if (session) await expireIfOpen(stripe, session);
  });
}
