/**
 * The club settings' Membership Pricing tab (spec part 2, "simulated" there, real here): free,
 * or a monthly price in the club's currency with or without the free trial. New member
 * checkouts use it at once; existing subscriptions keep the price they were started at.
 */
import { type Club, DEFAULT_TRIAL_DAYS, type MembershipPricing } from '@clubs/shared';
import { updateClub } from '../data/repositories/clubs.ts';
import { badRequest, notFound } from '../http/errors.ts';

/** Stripe's smallest charge is about half a dollar (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
export const MIN_PAID_PRICE = 0.5;

/** Sets the pricing of the caller's own club (the route's access declaration checked ownership). */
export async function updateMembershipPricing(club: Club, pricing: MembershipPricing): Promise<Club> {
  const paid = pricing.model === 'paid';
  if (paid && pricing.monthlyPrice < MIN_PAID_PRICE) {
    throw badRequest(`A paid membership costs at least ${MIN_PAID_PRICE.toFixed(2)} a month`);
  }
  const updated = await updateClub(club.id, {
    price: paid ? pricing.monthlyPrice : 0,
    currency: pricing.currency,
    trialPeriod: pricing.freeTrial ? DEFAULT_TRIAL_DAYS : 0,
  });
  if (!updated) throw notFound('Club not found');
  return updated;
}
