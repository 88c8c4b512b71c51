/**
 * Subscriptions: created by a paid Checkout, changed by the app (cancel at period end, a new
 * card, metadata), cancelled at once, and renewed or failing on the simulator's own endpoints.
 */
import { addInterval, DAY, retrieve, type SimulatorContext } from './context.ts';
import { createPaymentMethod, setDefaultPaymentMethod } from './customers.ts';
import { invalid, missing } from './errors.ts';
import { type FormObject, read } from './form.ts';
import { createInvoice } from './invoices.ts';
import { newId, now, type StripeObject } from './store.ts';

export interface LineItem {
  price: string;
  quantity: number;
}

export interface SessionSubscriptionData {
  trialPeriodDays: number | null;
  applicationFeePercent: number | null;
  destination: string | null;
  description: string | null;
  metadata: Record<string, string>;
}

export function createSubscription(
  ctx: SimulatorContext,
  customer: string,
  lineItems: LineItem[],
  data: SessionSubscriptionData,
  paymentMethod: string,
): StripeObject {
  const start = now();
  const id = newId('sub');
  const firstPrice = ctx.store.get((lineItems[0] as LineItem).price, 'price') as StripeObject;
  const interval = (firstPrice.recurring as { interval: string }).interval;
  const trialEnd = data.trialPeriodDays ? start + data.trialPeriodDays * DAY : null;
  const periodEnd = trialEnd ?? addInterval(start, interval);
  return ctx.store.put({
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: data.applicationFeePercent,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: periodEnd,
    billing_mode: { type: 'flexible' },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: firstPrice.currency,
    customer,
    days_until_due: null,
    default_payment_method: paymentMethod,
    description: data.description,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: lineItems.map((item) => ({
        id: newId('si'),
        object: 'subscription_item',
        created: start,
        current_period_end: periodEnd,
        current_period_start: start,
        metadata: {},
        price: ctx.store.get(item.price, 'price'),
        quantity: item.quantity,
        subscription: id,
      })),
      has_more: false,
      total_count: lineItems.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: data.metadata,
    on_behalf_of: null,
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: trialEnd ? 'trialing' : 'active',
    transfer_data: data.destination ? { amount_percent: null, destination: data.destination } : null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? start : null,
  });
}

export function updateSubscription(ctx: SimulatorContext, id: string, form: FormObject): StripeObject {
  const subscription = retrieve(ctx, 'subscription', 'subscription', id);
  if (subscription.status === 'canceled') {
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const previous: Record<string, unknown> = {};
  const next: StripeObject = { ...subscription };
  const cancelAtPeriodEnd = read.boolean(form.cancel_at_period_end);
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    next.cancel_at_period_end = cancelAtPeriodEnd;
    next.cancel_at = cancelAtPeriodEnd ? currentPeriodEnd(subscription) : null;
    next.canceled_at = cancelAtPeriodEnd ? now() : null;
  }
  const method = read.string(form.default_payment_method);
  if (method) {
    if (!ctx.store.get(method, 'payment_method')) throw missing('PaymentMethod', method);
    previous.default_payment_method = subscription.default_payment_method;
    next.default_payment_method = method;
  }
  if (form.pause_collection !== undefined) {
    const pause = pauseCollection(form.pause_collection);
    if (JSON.stringify(pause) !== JSON.stringify(subscription.pause_collection ?? null)) {
      previous.pause_collection = subscription.pause_collection ?? null;
      next.pause_collection = pause;
    }
  }
  if (form.metadata !== undefined) {
    previous.metadata = subscription.metadata;
    next.metadata = read.metadata(form.metadata, subscription.metadata as Record<string, string>);
  }
  const saved = ctx.store.put(next);
  if (Object.keys(previous).length > 0) {
    ctx.webhooks.emit('customer.subscription.updated', saved, { previousAttributes: previous });
  }
  return saved;
}

/** `pause_collection[behavior]=void` pauses its invoices; an empty `pause_collection` resumes them. */
function pauseCollection(value: unknown): { behavior: string; resumes_at: null } | null {
  if (value === '') return null;
  const behavior = typeof value === 'object' && value !== null ? (value as FormObject).behavior : undefined;
  if (behavior !== 'void' && behavior !== 'keep_as_draft' && behavior !== 'mark_uncollectible') {
    throw invalid('pause_collection[behavior] must be one of keep_as_draft, mark_uncollectible, void.');
  }
  return { behavior, resumes_at: null };
}

/** When the subscription's current period ends (unix seconds). */
function currentPeriodEnd(subscription: StripeObject): number {
  const items = (subscription.items as { data: Array<{ current_period_end: number }> }).data;
  return items[0]?.current_period_end ?? now();
}

/** Cancels at once: no further invoices; customer.subscription.deleted. */
export function cancelSubscription(ctx: SimulatorContext, id: string): StripeObject {
  const subscription = retrieve(ctx, 'subscription', 'subscription', id);
  if (subscription.status === 'canceled') {
    throw invalid('This subscription has already been canceled.');
  }
  const at = now();
  const canceled = ctx.store.put({
    ...subscription,
    status: 'canceled',
    canceled_at: at,
    ended_at: at,
    cancel_at: null,
    cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
  });
  ctx.webhooks.emit('customer.subscription.deleted', canceled);
  return canceled;
}

/** A renewal's two events, in Stripe's order: the invoice's outcome, then the status change. */
function deliverRenewal(
  ctx: SimulatorContext,
  type: 'invoice.paid' | 'invoice.payment_failed' | 'invoice.voided',
  invoice: StripeObject,
  subscription: StripeObject,
  previousStatus: unknown,
): void {
  ctx.webhooks.deliver([
    ctx.webhooks.event(type, invoice),
    ctx.webhooks.event('customer.subscription.updated', subscription, {
      previousAttributes: { status: previousStatus },
    }),
  ]);
}

/** Simulator only: the renewal's payment fails; the subscription becomes past_due. */
export function failRenewal(ctx: SimulatorContext, id: string): StripeObject {
  const subscription = retrieve(ctx, 'subscription', 'subscription', id);
  if (subscription.status === 'canceled') throw invalid('This subscription has already been canceled.');
  const invoice = createInvoice(ctx, subscription, 'subscription_cycle', false, 'failed');
  const pastDue = ctx.store.put({
    ...(ctx.store.get(id) as StripeObject),
    status: 'past_due',
    trial_end: subscription.trial_end,
  });
  deliverRenewal(ctx, 'invoice.payment_failed', invoice, pastDue, subscription.status);
  return pastDue;
}

/** Simulator only: the next period is paid; the subscription is active again. */
export function renew(ctx: SimulatorContext, id: string): StripeObject {
  const subscription = retrieve(ctx, 'subscription', 'subscription', id);
  if (subscription.status === 'canceled') throw invalid('This subscription has already been canceled.');
  // Set to cancel at period end: the period ends without a renewal, as Stripe does.
  if (subscription.cancel_at_period_end === true) return cancelSubscription(ctx, id);
  const start = now();
  const items = (subscription.items as { data: Array<Record<string, unknown>> }).data.map((item) => ({
    ...item,
    current_period_start: start,
    current_period_end: addInterval(
      start,
      ((item.price as StripeObject).recurring as { interval: string }).interval,
    ),
  }));
  const renewed = ctx.store.put({
    ...subscription,
    status: 'active',
    trial_end:
      subscription.trial_end && Number(subscription.trial_end) > start ? start : subscription.trial_end,
    items: { ...(subscription.items as object), data: items },
  });
  // Collection paused (behavior void): the period moves on, its invoice is voided, nothing is charged.
  const paused = (subscription.pause_collection as { behavior?: string } | null)?.behavior === 'void';
  const invoice = createInvoice(ctx, renewed, 'subscription_cycle', false, paused ? 'void' : 'paid');
  const latest = ctx.store.get(id) as StripeObject;
  deliverRenewal(ctx, paused ? 'invoice.voided' : 'invoice.paid', invoice, latest, subscription.status);
  return latest;
}

/** The portal's "Update payment method": a new test card becomes the default. */
export function replaceCard(ctx: SimulatorContext, subscriptionId: string): StripeObject {
  const subscription = retrieve(ctx, 'subscription', 'subscription', subscriptionId);
  const customer = retrieve(ctx, 'customer', 'customer', subscription.customer as string);
  const current = ctx.store.get(String(subscription.default_payment_method), 'payment_method');
  const brand = (current?.card as { brand?: string } | undefined)?.brand === 'visa' ? 'mastercard' : 'visa';
  const method = createPaymentMethod(ctx, customer, brand);
  setDefaultPaymentMethod(ctx, customer, method.id);
  return updateSubscription(ctx, subscriptionId, { default_payment_method: method.id });
}
