/**
 * The Billing Portal opens with the platform's own configuration, never the account's default: a
 * customer updates their card, reads their invoices and cancels at the period's end, but never
 * switches to another subscription or price there (subscription_update disabled). It is made once
 * through the stripe SDK and its id kept in the table (of two makers at once, the first stored
 * wins); each function instance then remembers it.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { adminKeys } from '@clubs/shared/table-keys';
import type Stripe from 'stripe';
import { db, tableName } from '../data/client.ts';
import { isConditionFailed } from '../data/errors.ts';
import { getItem } from '../data/get-item.ts';

/** What the portal offers: everything but switching subscriptions. */
export const PORTAL_FEATURES: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
  invoice_history: { enabled: true },
  payment_method_update: { enabled: true },
  subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
  subscription_update: { enabled: false },
};

async function storedId(): Promise<string | null> {
  const item = await getItem(adminKeys.portalConfiguration, { consistent: true });
  return typeof item?.configurationId === 'string' ? item.configurationId : null;
}

async function makeOnce(stripe: Stripe): Promise<string> {
  const stored = await storedId();
  if (stored) return stored;
  const made = await stripe.billingPortal.configurations.create({
    features: PORTAL_FEATURES,
    business_profile: { headline: 'Manage your Clubs subscription' },
  });
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...adminKeys.portalConfiguration, type: 'portal_configuration', configurationId: made.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return made.id;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await storedId()) ?? made.id;
  }
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
