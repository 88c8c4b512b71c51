/**
 * The club settings' Membership Pricing tab (real Stripe prices, not a simulation): free,
 * or a monthly price in the club's currency with or without the free trial, with members already
 * in the club:
 * - a new price is a new Stripe Price that new checkouts use; existing subscriptions keep the
 *   Price (and the amount) they began with, as Stripe does when a Price is replaced;
 * - paid to free: current members stay, and their subscriptions are set to cancel at the end of
 *   the period they paid for (nobody is charged again; the membership outlives the subscription,
 *   see subscription-sync.ts);
 * - free to paid: existing members stay, free; only new members check out.
 * Stripe is called first, so a failure there leaves the club as it was.
 */
import { type Club, DEFAULT_TRIAL_DAYS, type MembershipPricing } from '@clubs/shared';
import { isEndedStatus, listMemberSubscriptions } from '../data/repositories/billing.ts';
import { updateClub } from '../data/repositories/clubs.ts';
import { getMembershipPrice, saveMembershipPrice } from '../data/repositories/membership-prices.ts';
import { badRequest, notFound } from '../errors.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { toMinorUnits } from './money.ts';
import { withStripe } from './stripe-errors.ts';

/** Stripe's smallest charge is about half a dollar (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
export const MIN_PAID_PRICE = 0.5;

type PricedClub = Pick<Club, 'id' | 'name' | 'price' | 'currency'>;

/**
 * The Stripe Price new members of the club subscribe at: the stored one while it matches the
 * club's amount and currency, else a new Price of the club's product (created with the first).
 */
export async function membershipPriceFor(
  stripe: StripeApi,
  club: PricedClub,
  now = new Date(),
): Promise<string> {
  const unitAmount = toMinorUnits(club.price, club.currency);
  const stored = await getMembershipPrice(club.id);
  if (stored && stored.unitAmount === unitAmount && stored.currency === club.currency) return stored.priceId;
  const price = await stripe.prices.create({
    currency: club.currency.toLowerCase(),
    unit_amount: unitAmount,
    recurring: { interval: 'month' },
    metadata: { clubId: club.id },
    ...(stored
      ? { product: stored.productId }
      : { product_data: { name: `${club.name} membership`, metadata: { clubId: club.id } } }),
  });
  const productId = typeof price.product === 'string' ? price.product : price.product.id;
  await saveMembershipPrice({
    clubId: club.id,
    productId,
    priceId: price.id,
    unitAmount,
    currency: club.currency,
    createdAt: now.toISOString(),
  });
  return price.id;
}

/** Every subscription still running for the club ends when its paid period does. */
async function cancelMemberSubscriptionsAtPeriodEnd(stripe: StripeApi, clubId: string): Promise<void> {
  const records = await listMemberSubscriptions(clubId);
  for (const record of records) {
    if (!record.subscriptionId || isEndedStatus(record.status)) continue;
    await stripe.subscriptions.update(record.subscriptionId, {
      cancel_at_period_end: true,
      metadata: { endedBy: 'club_became_free' },
    });
  }
}

/** Sets the pricing of the caller's own club (the route's access declaration checked ownership). */
export async function updateMembershipPricing(club: Club, pricing: MembershipPricing): Promise<Club> {
  const paid = pricing.model === 'paid';
  if (paid && pricing.monthlyPrice < MIN_PAID_PRICE) {
    throw badRequest(`A paid membership costs at least ${MIN_PAID_PRICE.toFixed(2)} a month`);
  }
  const next = {
    price: paid ? pricing.monthlyPrice : 0,
    currency: pricing.currency,
    trialPeriod: pricing.freeTrial ? DEFAULT_TRIAL_DAYS : 0,
  };
  await withStripe('Failed to save membership settings', async () => {
    const stripe = await stripeClient();
    if (paid) await membershipPriceFor(stripe, { ...club, ...next });
    else if (club.price > 0) await cancelMemberSubscriptionsAtPeriodEnd(stripe, club.id);
  });
  const updated = await updateClub(club.id, next);
  if (!updated) throw notFound('Club not found');
  return updated;
}
