/** Demo data without events: onboarded owners and creator plans that have run for a while. */
import { CREATOR_CATALOG } from './catalog.ts';
import { completeOnboarding, createAccount } from './connect.ts';
import { addInterval, DAY, retrieve, type SimulatorContext } from './context.ts';
import { createCustomer, createPaymentMethod, setDefaultPaymentMethod } from './customers.ts';
import { createInvoice } from './invoices.ts';
import { now, type StripeObject } from './store.ts';
import { createSubscription } from './subscriptions.ts';

/** A connected account that finished onboarding, without events (seeded demo owners). */
export function seedOnboardedAccount(
  ctx: SimulatorContext,
  input: { email: string; userId: string },
): StripeObject {
  const account = createAccount(ctx, {
    type: 'express',
    email: input.email,
    metadata: { userId: input.userId },
  });
  return completeOnboarding(ctx, account.id, false);
}

/**
 * A creator-plan subscription that has been paid for a while, with its invoices, without
 * events (seeded active clubs), so the billing page of a demo club shows real data.
 */
export function seedCreatorSubscription(
  ctx: SimulatorContext,
  input: {
    customerId?: string;
    email: string;
    name: string;
    metadata: Record<string, string>;
    createdDaysAgo: number;
  },
): { customer: StripeObject; subscription: StripeObject } {
  const customer = input.customerId
    ? retrieve(ctx, 'customer', 'customer', input.customerId)
    : createCustomer(ctx, {
        email: input.email,
        name: input.name,
        metadata: { userId: input.metadata.userId ?? '' },
      });
  const method = createPaymentMethod(ctx, customer, 'visa');
  setDefaultPaymentMethod(ctx, customer, method.id);
  const subscription = createSubscription(
    ctx,
    customer.id,
    [{ price: CREATOR_CATALOG.monthly.id, quantity: 1 }],
    {
      trialPeriodDays: null,
      applicationFeePercent: null,
      destination: null,
      description: null,
      metadata: input.metadata,
    },
    method.id,
  );
  // Back-date it, with one paid invoice per month it has run.
  const start = now() - input.createdDaysAgo * DAY;
  const months = Math.max(1, Math.floor(input.createdDaysAgo / 30));
  const periodStart = addInterval(start, 'month', months - 1);
  const dated = ctx.store.put({
    ...subscription,
    created: start,
    start_date: start,
    items: {
      ...(subscription.items as object),
      data: (subscription.items as { data: Array<Record<string, unknown>> }).data.map((item) => ({
        ...item,
        current_period_start: periodStart,
        current_period_end: addInterval(periodStart, 'month'),
      })),
    },
  });
  for (let i = 0; i < Math.min(months, 6); i++) {
    const invoice = createInvoice(
      ctx,
      dated,
      i === months - 1 ? 'subscription_create' : 'subscription_cycle',
      false,
    );
    const at = addInterval(start, 'month', months - 1 - i);
    ctx.store.put({
      ...invoice,
      created: at,
      period_start: at,
      period_end: at,
      status_transitions: { finalized_at: at, paid_at: at, voided_at: null },
    });
  }
  return { customer, subscription: ctx.store.get(dated.id) as StripeObject };
}
