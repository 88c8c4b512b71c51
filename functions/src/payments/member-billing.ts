/**
 * A paid club's members are charged only while the club is open to them. Its state decides:
 * - active (and not suspended): collection runs;
 * - suspended by a super admin, unpaid (its owner's plan payment is due) or pending: each live
 *   member subscription's collection is paused with behavior `void` (the periods that pass are
 *   invoiced and voided; the subscription, its price and renewal date stay) until it is active;
 * - closed (inactive, not suspended: its plan ended): the subscriptions are cancelled.
 * Each member whose subscription this changes is told by e-mail. It acts on the club's state as
 * it reads it, not on what an event said, reads each subscription from Stripe before changing it
 * (so a repeated delivery changes and tells nothing twice), and reads the club again afterwards:
 * moves delivered in any order or twice end with the billing the club's final state asks for.
 */
import type { Club } from '@clubs/shared';
import type Stripe from 'stripe';
import { isEndedStatus, listMemberSubscriptions } from '../data/repositories/billing.ts';
import { getClub } from '../data/repositories/clubs.ts';
import { getProfiles } from '../data/repositories/profiles.ts';
import { sendEmail } from '../email/send-email.ts';
import { logger } from '../logger.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { type MemberBillingChange, memberBillingEmail } from './member-billing-email.ts';
import { isMissing } from './stripe-errors.ts';
import { cancelSubscription } from './subscription-sync.ts';

/** Stripe calls in flight at once: well under its rate limit, ~8× faster than one by one. */
const IN_FLIGHT = 8;
/** Passes before giving up on a club whose state keeps changing (the event is retried). */
const MAX_PASSES = 3;

export type MemberBillingState = 'running' | 'paused' | 'cancelled';

export interface MemberBilling {
  billing: MemberBillingState;
  subscriptions: number;
  changed: number;
}

/** What the club's state asks of its members' subscriptions. */
export function memberBillingFor(club: Pick<Club, 'status' | 'suspendedAt'>): MemberBillingState {
  if (club.suspendedAt) return 'paused';
  if (club.status === 'active') return 'running';
  if (club.status === 'inactive') return 'cancelled';
  return 'paused';
}

async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const isPaused = (subscription: Stripe.Subscription) => Boolean(subscription.pause_collection);

/** Brings one subscription to `wanted`; answers the change made, or null when there was none. */
async function follow(
  stripe: StripeApi,
  subscriptionId: string,
  wanted: MemberBillingState,
): Promise<MemberBillingChange | null> {
  try {
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    if (isEndedStatus(current.status)) return null;
    if (wanted === 'cancelled') {
      await cancelSubscription(stripe, subscriptionId, 'club closed');
      return 'cancelled';
    }
    const paused = wanted === 'paused';
    if (isPaused(current) === paused) return null;
    // An empty pause_collection is Stripe's way of removing the pause.
    await stripe.subscriptions.update(subscriptionId, {
      pause_collection: paused ? { behavior: 'void' } : '',
    });
    return paused ? 'paused' : 'resumed';
  } catch (error) {
    // Gone at Stripe since it was stored: there is nothing left to charge.
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Tells each member what changed; a message SES refuses is logged, never retried into a second change. */
async function tellMembers(club: Club, changes: readonly { userId: string; change: MemberBillingChange }[]) {
  if (changes.length === 0) return;
  const profiles = await getProfiles(changes.map((item) => item.userId));
  await forEachLimited(changes, IN_FLIGHT, async ({ userId, change }) => {
    const to = profiles.get(userId)?.email;
    if (!to) return;
    try {
      await sendEmail({ to, ...memberBillingEmail(change, club.name) });
    } catch (error) {
      logger.warn('member billing e-mail not sent', {
        clubId: club.id,
        userId,
        change,
        error: String(error),
      });
    }
  });
}

/** Makes the club's member subscriptions follow its state; null for an unknown club. */
export async function syncMemberBilling(clubId: string): Promise<MemberBilling | null> {
  let club = await getClub(clubId, true);
  if (!club) return null;
  let changed = 0;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const wanted = memberBillingFor(club);
    const live = (await listMemberSubscriptions(clubId)).filter(
      (record) => record.subscriptionId && record.userId && !isEndedStatus(record.status),
    );
    const changes: { userId: string; change: MemberBillingChange }[] = [];
    if (live.length > 0) {
      const stripe = await stripeClient();
      await forEachLimited(live, IN_FLIGHT, async (record) => {
        const change = await follow(stripe, record.subscriptionId as string, wanted);
        if (change) changes.push({ userId: record.userId as string, change });
      });
    }
    await tellMembers(club, changes);
    changed += changes.length;
    const latest = await getClub(clubId, true);
    if (!latest || memberBillingFor(latest) === wanted) {
      return { billing: wanted, subscriptions: live.length, changed };
    }
    club = latest;
  }
  throw new Error(`The state of club ${clubId} kept changing while its members' billing followed it`);
}
