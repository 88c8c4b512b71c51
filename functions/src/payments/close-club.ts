/**
 * Delete Club (the club settings' General tab): the club leaves the directory for good
 * (inactive) and nothing is charged for it any more: its creator plan and every member
 * subscription are cancelled at Stripe first, so a failure there leaves the club as it was.
 */
import {
  getSubscriptionRecord,
  isEndedStatus,
  listMemberSubscriptions,
} from '../data/repositories/billing.ts';
import { setClubStatus } from '../data/repositories/clubs.ts';
import type { AuthContext } from '../http/auth.ts';
import { stripeClient } from '../stripe/client.ts';
import { OWNER_ONLY, ownedClub } from './owner.ts';
import { withStripe } from './stripe-errors.ts';
import { cancelSubscription } from './subscription-sync.ts';

export async function closeClub(auth: AuthContext, clubId: string): Promise<{ deleted: true }> {
  await ownedClub(auth, clubId, OWNER_ONLY.settings);
  const plan = await getSubscriptionRecord({ kind: 'club_plan', clubId });
  const members = await listMemberSubscriptions(clubId);
  const live = [plan, ...members]
    .map((record) => (record?.subscriptionId && !isEndedStatus(record.status) ? record.subscriptionId : null))
    .filter((id): id is string => id !== null);
  if (live.length > 0) {
    await withStripe('Failed to delete the club', async () => {
      const stripe = await stripeClient();
      for (const subscriptionId of live) await cancelSubscription(stripe, subscriptionId, 'club closed');
    });
  }
  // The cancellations' events end the memberships; the club closes now.
  await setClubStatus(clubId, 'inactive');
  return { deleted: true };
}
