/**
 * How a subscription's state becomes the app's state. Every handler ends here with a
 * subscription it has just read from Stripe (never the copy inside the event, which may be
 * older than what Stripe knows now), so events may arrive in any order:
 *
 * 1. The subscription's record (billing.ts) names the one current subscription of a club's plan
 *    or of a membership. A completed checkout may replace an ended one; a second live one is a
 *    duplicate (two tabs, two payments) and is cancelled at once, so nothing is charged twice.
 *    Other events only update the current subscription, or adopt one when none is known yet.
 * 2. The club or membership then follows the record: a club is active while its plan is active
 *    or trialing, unpaid while a payment is due, inactive once the plan ended; a membership is
 *    active while its subscription is, and ends when the subscription ends or goes unpaid. A club
 *    whose status moves puts that on the bus: its members' billing follows (member-billing.ts).
 *    After acting, the record is read again and the step repeated if it changed meanwhile, so
 *    concurrent handlers converge on the record's final state.
 */
import type Stripe from 'stripe';
import { memberBillingOutbox } from '../bus/member-billing-events.ts';
import {
  clubStatusFor,
  getSubscriptionRecord,
  isEndedStatus,
  isLiveStatus,
  type SubscriptionTarget,
  saveSubscriptionState,
} from '../data/repositories/billing.ts';
import { getClub, setClubStatus } from '../data/repositories/clubs.ts';
import { logger } from '../logger.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { bannedPayerOf, refundSubscription } from './ban-list.ts';
import { idOf, type PaymentMetadata, readMetadata, targetOf } from './metadata.ts';
import { activatePaidMembership, endPaidMembership } from './paid-memberships.ts';
import { monthlyRevenueOf } from './revenue.ts';

export { clubStatusFor };

/** What a member subscription status means for the membership it pays for. */
export function membershipEffectFor(subscriptionStatus: string): 'activate' | 'end' | 'keep' {
  if (isLiveStatus(subscriptionStatus)) return 'activate';
  // past_due: Stripe is still retrying the payment; incomplete: the first payment is under way.
  if (subscriptionStatus === 'past_due' || subscriptionStatus === 'incomplete') return 'keep';
  return 'end';
}

export type SyncOutcome =
  | 'applied'
  | 'not_ours'
  | 'stale'
  | 'duplicate_cancelled'
  | 'refused_cancelled'
  | 'banned_refunded'
  | 'wrong_owner';

const ATTEMPTS = 4;

/** Cancels a subscription at once (no further charge); an already cancelled one is fine. */
export async function cancelSubscription(stripe: StripeApi, subscriptionId: string, reason: string) {
  try {
    await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
    logger.warn('subscription cancelled', { subscriptionId, reason });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'resource_missing' || /cancel/i.test((error as Error).message ?? '')) {
      logger.info('subscription was already cancelled', { subscriptionId });
      return;
    }
    throw error;
  }
}

async function isStillLive(stripe: StripeApi, subscriptionId: string): Promise<boolean> {
  try {
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    return !isEndedStatus(current.status);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return false;
    throw error;
  }
}

/**
 * Whether a payment may take effect at all: the club exists, a plan is paid by the club's owner
 * (and a new plan does not reopen a closed club), a membership is not the owner's, and a new membership (a completed checkout) is for a club
 * that is active and paid. Later events of a membership keep their effect when the club is only
 * unpaid for a while: the owner's missed payment is not the member's.
 */
async function admissible(
  metadata: PaymentMetadata,
  completedCheckout: boolean,
): Promise<'ok' | 'wrong_owner' | 'refused'> {
  const club = await getClub(metadata.clubId);
  if (!club) return 'refused';
  if (metadata.kind === 'club_plan') {
    if (club.ownerId !== metadata.userId) return 'wrong_owner';
    // A closed club (deleted, or its plan ended) is not reopened by a late checkout.
    return completedCheckout && club.status === 'inactive' ? 'refused' : 'ok';
  }
  if (club.ownerId === metadata.userId) return 'refused';
  if (completedCheckout && !(club.status === 'active' && club.price > 0)) return 'refused';
  return 'ok';
}

/** Makes the club follow its plan record. */
async function applyClubPlan(target: Extract<SubscriptionTarget, { kind: 'club_plan' }>) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await getSubscriptionRecord(target);
    if (!record?.status) return;
    const club = await getClub(target.clubId);
    // A club held as pending (a super admin's decision) or closed (inactive: deleted, or its plan
    // ended) is not moved by payments.
    if (!club || club.ownerId !== record.userId || club.status === 'pending' || club.status === 'inactive')
      return;
    const wanted = clubStatusFor(record.status);
    if (club.status === wanted) {
      const again = await getSubscriptionRecord(target);
      if (again?.status === record.status && again.subscriptionId === record.subscriptionId) return;
      continue;
    }
    // Its members' subscriptions follow off the request path: paused while unpaid, cancelled once
    // closed, resumed once active again (member-billing.ts). The move's own transaction says so.
    const moved = await setClubStatus(target.clubId, wanted, club.status, [
      memberBillingOutbox(target.clubId, 'statusChanged'),
    ]);
    logger.info('club status follows its plan', {
      clubId: target.clubId,
      from: club.status,
      to: wanted,
      subscriptionStatus: record.status,
      moved: Boolean(moved),
    });
  }
}

/** A free, active club: what a member paid for is free now, so an ending subscription leaves them in. */
async function clubIsFree(clubId: string): Promise<boolean> {
  const club = await getClub(clubId);
  return club?.status === 'active' && club.price === 0;
}

/** Makes the membership follow its subscription record. */
async function applyMembership(target: Extract<SubscriptionTarget, { kind: 'membership' }>) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await getSubscriptionRecord(target);
    if (!record?.status) return;
    const effect = membershipEffectFor(record.status);
    if (effect === 'activate') {
      const result = await activatePaidMembership(target.clubId, target.userId);
      logger.info('paid membership', { clubId: target.clubId, userId: target.userId, result });
    } else if (effect === 'end' && (await clubIsFree(target.clubId))) {
      // The club became free (pricing.ts): the subscription ends, the membership stays.
      logger.info('subscription ended in a free club, membership kept', { ...target });
    } else if (effect === 'end') {
      const result = await endPaidMembership(target.clubId, target.userId);
      logger.info('paid membership ended', { clubId: target.clubId, userId: target.userId, result });
      // An ended membership is announced by its removal's own transaction (paid-memberships.ts):
      // their open pages stop following the club, as after any other removal.
    }
    const again = await getSubscriptionRecord(target);
    if (again?.status === record.status && again.subscriptionId === record.subscriptionId) return;
  }
}

export async function applyRecord(target: SubscriptionTarget): Promise<void> {
  if (target.kind === 'club_plan') await applyClubPlan(target);
  else await applyMembership(target);
}

/**
 * Whether a membership subscription the app has not taken yet is paid by someone the club banned
 * (ban-list.ts), whichever event brings it first; one taken before is not asked again.
 */
async function paidByBannedPerson(
  stripe: StripeApi,
  metadata: PaymentMetadata,
  subscription: Stripe.Subscription,
  checkoutEmail: string | null,
): Promise<boolean> {
  if (metadata.kind !== 'membership' || isEndedStatus(subscription.status)) return false;
  const record = await getSubscriptionRecord(targetOf(metadata));
  if (record?.subscriptionId === subscription.id) return false;
  const banned = await bannedPayerOf(stripe, metadata.clubId, subscription, checkoutEmail);
  if (banned)
    logger.warn('a banned payer subscribed again', { clubId: metadata.clubId, bannedUserId: banned });
  return banned !== null;
}

/**
 * Records a subscription just read from Stripe and applies it. `completedCheckout`: the event is
 * the checkout that created this subscription, which may replace an ended one; `checkoutEmail`:
 * the address the payer gave at that checkout.
 */
export async function syncSubscription(
  subscription: Stripe.Subscription,
  options: { completedCheckout: boolean; checkoutEmail?: string | null },
): Promise<SyncOutcome> {
  const metadata = readMetadata(subscription.metadata);
  if (!metadata) return 'not_ours';
  const stripe = await stripeClient();
  const target = targetOf(metadata);

  let verdict = await admissible(metadata, options.completedCheckout);
  // A membership paid by someone the club banned is refused, whatever account pays: cancelled
  // and refunded, its pending membership ended (not held: a paid club has no approval step).
  const banned =
    verdict === 'ok' &&
    (await paidByBannedPerson(stripe, metadata, subscription, options.checkoutEmail ?? null));
  if (banned) {
    verdict = 'refused';
    // Refunded before it is cancelled: a retried delivery still finds it live and banned.
    await refundSubscription(stripe, subscription.id);
    await cancelSubscription(stripe, subscription.id, 'banned');
  }
  if (verdict !== 'ok' && !banned) {
    // Nothing may be charged for a club one does not own, a club that is gone, or a club that
    // no longer takes paying members: stop the subscription before its first charge.
    if (!isEndedStatus(subscription.status)) await cancelSubscription(stripe, subscription.id, verdict);
    if (verdict === 'wrong_owner') return 'wrong_owner';
    // A refused membership still ends (its pending request is removed by the record below).
    if (metadata.kind === 'club_plan') return 'refused_cancelled';
  }

  const status = verdict === 'ok' ? subscription.status : 'canceled';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await getSubscriptionRecord(target);
    const current = record?.subscriptionId ?? null;
    if (current && current !== subscription.id) {
      if (!options.completedCheckout) return 'stale';
      if (await isStillLive(stripe, current)) {
        if (!isEndedStatus(status)) await cancelSubscription(stripe, subscription.id, 'duplicate');
        return 'duplicate_cancelled';
      }
    }
    const saved = await saveSubscriptionState(
      target,
      {
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
        status,
        userId: metadata.userId,
        revenue: monthlyRevenueOf(subscription),
        // A refused subscription is cancelled before it grants anything: its trial is not spent.
        hadTrial:
          verdict === 'ok' && subscription.trial_start !== null && subscription.trial_start !== undefined,
      },
      current,
    );
    if (!saved.saved && saved.reason === 'changed') continue;
    await applyRecord(target);
    if (banned) return 'banned_refunded';
    return verdict === 'ok' ? 'applied' : 'refused_cancelled';
  }
  throw new Error(`subscription ${subscription.id}: its record changed too often`);
}

/** Reads a subscription from Stripe and syncs it (the events that only name it). */
export async function syncSubscriptionById(
  subscriptionId: string,
  options: { completedCheckout: boolean; checkoutEmail?: string | null },
): Promise<SyncOutcome> {
  const stripe = await stripeClient();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  return syncSubscription(subscription, options);
}
