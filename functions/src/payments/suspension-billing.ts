/**
 * A suspended club's members cannot enter it, so they are not charged while it is: each live
 * member subscription's collection is paused with behavior `void` (the periods that pass are
 * invoiced and voided; the subscription, its price and its renewal date stay) and resumed when a
 * super admin reactivates the club. It acts on the club's state as it reads it, not on what an
 * event said, and reads it again afterwards: a suspension and a quick reactivation, delivered in
 * any order or twice, end with the billing the club's final state asks for.
 */
import { isEndedStatus, listMemberSubscriptions } from '../data/repositories/billing.ts';
import { getClub } from '../data/repositories/clubs.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { isMissing } from './stripe-errors.ts';

/** Stripe calls in flight at once: well under its rate limit, ~8× faster than one by one. */
const IN_FLIGHT = 8;
/** Passes before giving up on a club whose suspension keeps changing (the event is retried). */
const MAX_PASSES = 3;

export interface SuspensionBilling {
  paused: boolean;
  subscriptions: number;
}

async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function setCollection(stripe: StripeApi, subscriptionId: string, paused: boolean): Promise<void> {
  try {
    // An empty pause_collection is Stripe's way of removing the pause.
    await stripe.subscriptions.update(subscriptionId, {
      pause_collection: paused ? { behavior: 'void' } : '',
    });
  } catch (error) {
    // Gone at Stripe since it was stored: there is nothing left to charge.
    if (!isMissing(error)) throw error;
  }
}

/** Makes the club's member subscriptions' collection follow its suspension; null for an unknown club. */
export async function syncSuspensionBilling(clubId: string): Promise<SuspensionBilling | null> {
  let club = await getClub(clubId, true);
  if (!club) return null;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const paused = Boolean(club.suspendedAt);
    const live = (await listMemberSubscriptions(clubId))
      .filter((record) => record.subscriptionId && !isEndedStatus(record.status))
      .map((record) => record.subscriptionId as string);
    if (live.length > 0) {
      const stripe = await stripeClient();
      await forEachLimited(live, IN_FLIGHT, (id) => setCollection(stripe, id, paused));
    }
    const latest = await getClub(clubId, true);
    if (!latest || Boolean(latest.suspendedAt) === paused) return { paused, subscriptions: live.length };
    club = latest;
  }
  throw new Error(`The suspension of club ${clubId} kept changing while its billing followed it`);
}
