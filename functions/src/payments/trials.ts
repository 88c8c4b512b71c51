/**
 * A club's free trial is given to a person once. Once a membership subscription that began with
 * a trial is recorded, its record keeps `trialUsedAt` through every later subscription (cancelled
 * in the trial, card failed, removed); a checkout also asks Stripe for the customer's earlier
 * subscriptions to this club, so a trial older than that mark is found too, and remembered.
 */
import type { Club } from '@clubs/shared';
import {
  markTrialUsed,
  type SubscriptionRecord,
  type SubscriptionTarget,
} from '../data/repositories/billing.ts';
import type { StripeApi } from '../stripe/client.ts';
import { readMetadata } from './metadata.ts';

/** The trial days a membership checkout may grant before asking Stripe: none once used. */
export function trialDaysFor(
  club: Pick<Club, 'price' | 'trialPeriod'>,
  record: SubscriptionRecord | null,
): number {
  if (club.price <= 0 || club.trialPeriod <= 0) return 0;
  return record?.trialUsedAt ? 0 : club.trialPeriod;
}

/** Whether one of the customer's subscriptions, in any status, was this membership's trial. */
export async function trialUsedInStripe(
  stripe: StripeApi,
  customerId: string,
  target: Extract<SubscriptionTarget, { kind: 'membership' }>,
): Promise<boolean> {
  for await (const subscription of stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 100,
  })) {
    const metadata = readMetadata(subscription.metadata);
    if (
      metadata?.kind === 'membership' &&
      metadata.clubId === target.clubId &&
      metadata.userId === target.userId &&
      subscription.trial_start !== null
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The trial days of a membership checkout about to be opened: the record's answer, confirmed
 * with Stripe when the record knows of no trial (and written back when Stripe knows of one).
 */
export async function membershipTrialDays(
  stripe: StripeApi,
  club: Pick<Club, 'price' | 'trialPeriod'>,
  record: SubscriptionRecord | null,
  customerId: string,
  target: Extract<SubscriptionTarget, { kind: 'membership' }>,
): Promise<number> {
  const days = trialDaysFor(club, record);
  if (days === 0) return 0;
  if (!(await trialUsedInStripe(stripe, customerId, target))) return days;
  await markTrialUsed(target, target.userId);
  return 0;
}
