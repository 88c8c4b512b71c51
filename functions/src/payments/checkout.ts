/**
 * Stripe Checkout for the two things paid for: a club's creator plan (the create-club
 * dialog's payment step) and a membership of a paid club. Nothing
 * here changes a club or a membership's status: that happens only when the verified
 * checkout.session.completed event arrives (event-handlers.ts).
 *
 * At most one Checkout Session is open per club plan and per membership: opening a new one
 * expires the previous one, so two tabs cannot both be paid. (Two requests racing past that are
 * caught when their events arrive: the second subscription is cancelled before any charge.)
 */
import {
  type Club,
  CREATOR_PLAN,
  type CreatorPlanInterval,
  type MembershipAnswer,
  type Profile,
  TRANSACTION_FEE_PERCENT,
} from '@clubs/shared';
import type Stripe from 'stripe';
import type { Caller } from '../caller.ts';
import { bannedByEmail } from '../data/repositories/ban-matches.ts';
import {
  getSubscriptionRecord,
  getUserBilling,
  isEndedStatus,
  isLiveStatus,
  type SubscriptionRecord,
  type SubscriptionTarget,
  saveCheckoutSession,
  saveConnectState,
} from '../data/repositories/billing.ts';
import { getClub } from '../data/repositories/clubs.ts';
import { getMembership } from '../data/repositories/memberships.ts';
import { isRemoved, REMOVED_MESSAGE } from '../data/repositories/removals.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { logger } from '../logger.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { creatorPriceReference, siteUrl } from '../stripe/config.ts';
import { customerFor } from './customers.ts';
import { toStripeMetadata } from './metadata.ts';
import { ensurePendingMembership } from './paid-memberships.ts';
import { membershipPriceFor } from './pricing.ts';
import { isMissing, withStripe } from './stripe-errors.ts';
import { membershipTrialDays } from './trials.ts';

export const MESSAGES = {
  checkoutFailed: 'Failed to create checkout session',
  noUrl: 'No checkout URL returned',
  processing: 'Your payment is being processed. Please wait a moment and check again.',
  ownerNotReady:
    "This club can't accept payments yet: its owner hasn't finished setting up payouts. Please try again later.",
  freeClub: 'This club is free: send a join request instead.',
  alreadyMember: 'You are already a member of this club.',
  ownClub: 'You own this club.',
  planActive: 'This club is already active.',
  planExists: 'This club already has a plan. Manage it from the billing page.',
  clubClosed: 'This club can no longer be set up. Please create a new club.',
} as const;

/** Price ids looked up by lookup key, per container. */
const priceIds = new Map<string, Promise<string>>();

async function creatorPrice(stripe: StripeApi, interval: CreatorPlanInterval): Promise<string> {
  const reference = creatorPriceReference(interval);
  if (reference.startsWith('price_')) return reference;
  let id = priceIds.get(reference);
  if (!id) {
    id = stripe.prices.list({ lookup_keys: [reference], active: true, limit: 1 }).then((list) => {
      const price = list.data[0];
      if (!price) throw new AppError('unavailable', 'The creator plan is not set up in Stripe yet');
      return price.id;
    });
    priceIds.set(reference, id);
    id.catch(() => priceIds.delete(reference));
  }
  return id;
}

/**
 * Before a new session: a completed previous one means the payment is under way (its event has
 * not been processed yet), an open one is expired so it can no longer be paid.
 */
async function retirePreviousSession(stripe: StripeApi, record: SubscriptionRecord | null): Promise<void> {
  const previous = record?.checkoutSessionId;
  if (!previous) return;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(previous);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  if (session.status === 'complete') {
    const subscriptionId =
      typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
    // Its subscription ended since (say, cancelled in the portal): a new checkout is fine.
    if (subscriptionId && record?.subscriptionId === subscriptionId && isEndedStatus(record.status)) return;
    throw conflict(MESSAGES.processing);
  }
  if (session.status === 'open') {
    try {
      await stripe.checkout.sessions.expire(previous);
    } catch (error) {
      // Completed or expired in the meantime; the next checks (or the event) sort it out.
      logger.warn('could not expire a previous checkout session', {
        previous,
        error: (error as Error).message,
      });
    }
  }
}

/** Like Promise.all for two calls, but rejects only once both have settled. */
async function settledBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

async function remember(
  target: SubscriptionTarget,
  userId: string,
  session: Stripe.Checkout.Session,
  plan: CreatorPlanInterval | null,
): Promise<{ url: string }> {
  if (!session.url) throw new AppError('unavailable', MESSAGES.noUrl);
  await saveCheckoutSession(target, userId, session.id, plan);
  return { url: session.url };
}

/** The creator plan's checkout for the caller's unpaid club: 7-day trial, back to /club-setup. */
export async function createClubCheckout(
  auth: Caller,
  club: Club,
  plan: CreatorPlanInterval,
): Promise<{ url: string }> {
  const clubId = club.id;
  if (club.status === 'active') throw conflict(MESSAGES.planActive);
  if (club.status !== 'unpaid') throw conflict(MESSAGES.clubClosed);
  const target: SubscriptionTarget = { kind: 'club_plan', clubId };
  const record = await getSubscriptionRecord(target);
  if (record?.subscriptionId && !isEndedStatus(record.status)) throw conflict(MESSAGES.planExists);

  return withStripe(MESSAGES.checkoutFailed, async () => {
    const stripe = await stripeClient();
    await retirePreviousSession(stripe, record);
    // Both calls finish before the answer: with Promise.all a failed price lookup would answer
    // while the customer call went on retrying and created (and stored) a customer afterwards.
    const [customer, price] = await settledBoth(customerFor(stripe, auth), creatorPrice(stripe, plan));
    const metadata = toStripeMetadata({ kind: 'club_plan', clubId, userId: auth.userId });
    const site = siteUrl();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: clubId,
      line_items: [{ price, quantity: 1 }],
      subscription_data: {
        trial_period_days: CREATOR_PLAN.trialDays,
        description: `Creator plan: ${club.name}`,
        metadata,
      },
      metadata: { ...metadata, plan },
      success_url: `${site}/club-setup?success=true&club_id=${encodeURIComponent(clubId)}`,
      cancel_url: `${site}/club-setup?canceled=true`,
    });
    return remember(target, auth.userId, session, plan);
  });
}

/**
 * A member's checkout for a paid club: a monthly subscription at the club's price, currency
 * and trial (the trial only for a person who has not had it, trials.ts), charged as a Connect destination charge to the owner's account with the platform's
 * 2.9 % application fee. The caller's membership is pending until the event activates it.
 * `profileOfCaller` answers the caller's profile, for the card the pending membership carries; it
 * is asked only once the checkout is allowed, so a refused one writes nothing.
 */
export async function createMembershipCheckout(
  auth: Caller,
  clubId: string,
  profileOfCaller: () => Promise<Profile>,
  /**
   * The answers to keep with the pending membership, checked against the club's questions (it
   * throws when they do not pass); none for an invitation's checkout.
   */
  answersFor: (club: Club) => MembershipAnswer[] | undefined = () => undefined,
): Promise<{ url: string }> {
  const club = await getClub(clubId);
  // A club that is not active is not found, as everywhere outside its own members and owner.
  if (club?.status !== 'active') throw notFound('Club not found');
  if (club.ownerId === auth.userId) throw conflict(MESSAGES.ownClub);
  const answers = answersFor(club);
  // An account whose address is on the club's ban list is the banned person again (ban-list.ts).
  if (await bannedByEmail(clubId, auth.email)) throw forbidden(REMOVED_MESSAGE);
  if (club.price <= 0) throw badRequest(MESSAGES.freeClub);
  const [membership, removed] = await Promise.all([
    getMembership(clubId, auth.userId),
    isRemoved(clubId, auth.userId),
  ]);
  if (membership?.status === 'active') throw conflict(MESSAGES.alreadyMember);
  if (removed) throw forbidden(REMOVED_MESSAGE);
  const target: SubscriptionTarget = { kind: 'membership', clubId, userId: auth.userId };
  const record = await getSubscriptionRecord(target);
  if (record?.subscriptionId && isLiveStatus(record.status)) throw conflict(MESSAGES.processing);
  const owner = await getUserBilling(club.ownerId);
  const accountId = owner.connectAccountId;
  if (!accountId) throw conflict(MESSAGES.ownerNotReady);

  return withStripe(MESSAGES.checkoutFailed, async () => {
    const stripe = await stripeClient();
    // The owner's account as Stripe knows it now: charges may have been disabled since.
    const account = await stripe.accounts.retrieve(accountId);
    const state = {
      detailsSubmitted: account.details_submitted === true,
      chargesEnabled: account.charges_enabled === true,
      payoutsEnabled: account.payouts_enabled === true,
    };
    if (
      state.chargesEnabled !== owner.connect.chargesEnabled ||
      state.detailsSubmitted !== owner.connect.detailsSubmitted
    ) {
      await saveConnectState(club.ownerId, accountId, state);
    }
    if (!state.chargesEnabled) throw conflict(MESSAGES.ownerNotReady);

    const pending = await ensurePendingMembership(clubId, auth.userId, await profileOfCaller(), answers);
    if (!pending.ok) {
      if (pending.reason === 'no_club') throw notFound('Club not found');
      throw conflict(pending.reason === 'owner' ? MESSAGES.ownClub : MESSAGES.alreadyMember);
    }
    await retirePreviousSession(stripe, record);
    const customer = await customerFor(stripe, auth);
    const trialDays = await membershipTrialDays(stripe, club, record, customer, target);
    const metadata = toStripeMetadata({ kind: 'membership', clubId, userId: auth.userId });
    const site = siteUrl();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [
        // The club's current Price: a later price change makes a new one and this one stays.
        { quantity: 1, price: await membershipPriceFor(stripe, club) },
      ],
      subscription_data: {
        application_fee_percent: TRANSACTION_FEE_PERCENT,
        transfer_data: { destination: accountId },
        ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
        description: `Membership: ${club.name}`,
        metadata,
      },
      metadata,
      success_url: `${site}/communities/${encodeURIComponent(clubId)}/membership-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/c/${encodeURIComponent(clubId)}?checkout=canceled`,
    });
    return remember(target, auth.userId, session, null);
  });
}
