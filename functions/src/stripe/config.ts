/**
 * Payment settings from the environment (CDK sets them on the functions with `stripeApi`; the
 * local stack sets them in infra/local/config.ts).
 */
import type { CreatorPlanInterval } from '@clubs/shared';

/** The site's origin, for Stripe's redirects back to the app (no trailing slash). */
export function siteUrl(): string {
  const url = process.env.SITE_URL || process.env.APP_URL;
  if (!url) throw new Error('SITE_URL is not set');
  return url.replace(/\/+$/, '');
}

/** The creator plan price for an interval: a Stripe price id (price_…) or a lookup key. */
export function creatorPriceReference(interval: CreatorPlanInterval): string {
  const name = interval === 'annual' ? 'STRIPE_CREATOR_PRICE_ANNUAL' : 'STRIPE_CREATOR_PRICE_MONTHLY';
  const value = process.env[name]?.trim();
  return value || (interval === 'annual' ? 'clubs_creator_annual' : 'clubs_creator_monthly');
}

/** Events of the other mode (test events on a live deployment) are ignored. */
export const expectLivemode = (): boolean => process.env.STRIPE_LIVEMODE === 'true';
