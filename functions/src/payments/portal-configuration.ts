/**
 * The Billing Portal opens with the platform's own configuration, never the account's default: a
 * customer updates their card, reads their invoices and cancels at the period's end, but never
 * switches to another subscription or price there (subscription_update disabled). It is made once
 * through the stripe SDK and its id kept in the table
 * (data/repositories/portal-configuration.ts); each function instance then remembers it.
 */
import type Stripe from 'stripe';
import {
  storedPortalConfigurationId,
  storePortalConfigurationId,
} from '../data/repositories/portal-configuration.ts';

/** What the portal offers: everything but switching subscriptions. */
export const PORTAL_FEATURES: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
  invoice_history: { enabled: true },
  payment_method_update: { enabled: true },
  subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
  subscription_update: { enabled: false },
};

async function makeOnce(stripe: Stripe): Promise<string> {
  const stored = await storedPortalConfigurationId();
  if (stored) return stored;
  const made = await stripe.billingPortal.configurations.create({
    features: PORTAL_FEATURES,
    business_profile: { headline: 'Manage your Clubs subscription' },
  });
  return storePortalConfigurationId(made.id);
}

let remembered: Promise<string> | undefined;

/** The configuration's id: remembered, else read from the table, else made at Stripe and stored. */
export function portalConfigurationId(stripe: Stripe): Promise<string> {
  remembered ??= makeOnce(stripe).catch((error: unknown) => {
    remembered = undefined;
    throw error;
  });
  return remembered;
}
