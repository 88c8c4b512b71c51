/**
 * Checkout Sessions in subscription mode: created by the app, shown on the simulator's checkout
 * page, and completed by its Pay button (customer, card, subscription, first invoice and their
 * events) or left open by Cancel, as on Stripe.
 */
import { createPrice } from './catalog.ts';
import { DAY, retrieve, type SimulatorContext } from './context.ts';
import {
  brandOf,
  createCustomer,
  createPaymentMethod,
  setDefaultPaymentMethod,
  TEST_CARDS,
} from './customers.ts';
import { invalid, missing } from './errors.ts';
import { type FormObject, read } from './form.ts';
import { createInvoice } from './invoices.ts';
import { newId, now, type StripeObject } from './store.ts';
import { createSubscription, type LineItem, type SessionSubscriptionData } from './subscriptions.ts';

export function createCheckoutSession(ctx: SimulatorContext, form: FormObject): StripeObject {
  const mode = read.string(form.mode);
  if (mode !== 'subscription') {
    throw invalid('The simulator supports Checkout in subscription mode only.', 'mode');
  }
  const successUrl = read.string(form.success_url);
  const cancelUrl = read.string(form.cancel_url);
  if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
  const customer = read.string(form.customer);
  if (customer && !ctx.store.get(customer, 'customer')) throw missing('customer', customer, 'customer');

  const lineItems: LineItem[] = [];
  for (const [index, raw] of read.list(form.line_items).entries()) {
    const item = read.object(raw);
    if (!item) continue;
    const quantity = read.integer(item.quantity) ?? 1;
    let price = read.string(item.price);
    const priceData = read.object(item.price_data);
    if (price) {
      if (!ctx.store.get(price, 'price')) throw missing('price', price, `line_items[${index}][price]`);
    } else if (priceData) {
      price = createPrice(ctx, priceData).id;
    } else {
      throw invalid('Each line item needs a price or price_data.', `line_items[${index}]`);
    }
    lineItems.push({ price, quantity });
  }
  if (lineItems.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
  const prices = lineItems.map((item) => ctx.store.get(item.price, 'price') as StripeObject);
  const currency = prices[0]?.currency as string;
  if (prices.some((price) => price.currency !== currency)) {
    throw invalid('All prices in a Checkout Session must use the same currency.', 'line_items');
  }

  const data = read.object(form.subscription_data) ?? {};
  const trial = read.integer(data.trial_period_days) ?? null;
  if (trial !== null && (trial < 1 || trial > 730)) {
    throw invalid('trial_period_days must be between 1 and 730.', 'subscription_data[trial_period_days]');
  }
  const transfer = read.object(data.transfer_data);
  const destination = read.string(transfer?.destination) ?? null;
  const feePercent = read.number(data.application_fee_percent) ?? null;
  if (feePercent !== null && (feePercent < 0 || feePercent > 100)) {
    throw invalid(
      'application_fee_percent must be between 0 and 100.',
      'subscription_data[application_fee_percent]',
    );
  }
  if (feePercent !== null && !destination) {
    throw invalid(
      'Can only apply an application_fee_percent when the request is made on behalf of another account (using an OAuth key, the Stripe-Account header, or the transfer_data parameter).',
      'subscription_data[application_fee_percent]',
    );
  }
  if (destination) {
    const account = ctx.store.get(destination, 'account');
    if (!account) throw missing('destination', destination, 'subscription_data[transfer_data][destination]');
    const capabilities = account.capabilities as Record<string, string>;
    if (capabilities.transfers !== 'active') {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'subscription_data[transfer_data][destination]',
      );
    }
  }
  const subscriptionData: SessionSubscriptionData = {
    trialPeriodDays: trial,
    applicationFeePercent: feePercent,
    destination,
    description: read.string(data.description) ?? null,
    metadata: read.metadata(data.metadata),
  };
  const subtotal = lineItems.reduce(
    (sum, item, i) => sum + Number((prices[i] as StripeObject).unit_amount) * item.quantity,
    0,
  );
  const created = now();
  const id = newId('cs_test');
  const session = ctx.store.put({
    id,
    object: 'checkout.session',
    amount_subtotal: subtotal,
    amount_total: trial ? 0 : subtotal,
    cancel_url: cancelUrl ?? null,
    client_reference_id: read.string(form.client_reference_id) ?? null,
    created,
    currency,
    customer: customer ?? null,
    customer_email: customer ? null : (read.string(form.customer_email) ?? null),
    expires_at: created + DAY,
    invoice: null,
    livemode: false,
    metadata: read.metadata(form.metadata),
    mode,
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${ctx.publicUrl}/checkout/${id}`,
  });
  ctx.store.setInternal(id, { lineItems, subscriptionData });
  return session;
}

/** What the checkout page shows. */
export function checkoutView(ctx: SimulatorContext, id: string) {
  const session = retrieve(ctx, 'checkout session', 'checkout.session', id);
  const internal = ctx.store.internal(id);
  const lineItems = (internal.lineItems ?? []) as LineItem[];
  const data = internal.subscriptionData as SessionSubscriptionData | undefined;
  const lines = lineItems.map((item) => {
    const price = ctx.store.get(item.price, 'price') as StripeObject;
    const product = ctx.store.get(price.product as string, 'product');
    return {
      name: String(product?.name ?? 'Subscription'),
      description: (product?.description as string | null) ?? null,
      amount: Number(price.unit_amount) * item.quantity,
      currency: String(price.currency),
      interval: String((price.recurring as { interval: string }).interval),
    };
  });
  const customer = session.customer ? ctx.store.get(session.customer as string, 'customer') : undefined;
  const destination = data?.destination ? ctx.store.get(data.destination, 'account') : undefined;
  return {
    session,
    lines,
    trialDays: data?.trialPeriodDays ?? null,
    email: (customer?.email as string | null) ?? (session.customer_email as string | null) ?? null,
    payee: destination ? String(destination.email ?? destination.id) : null,
    feePercent: data?.applicationFeePercent ?? null,
  };
}

export function expireCheckoutSession(ctx: SimulatorContext, id: string): StripeObject {
  const session = retrieve(ctx, 'checkout session', 'checkout.session', id);
  if (session.status !== 'open') {
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
    );
  }
  const expired = ctx.store.put({ ...session, status: 'expired', url: null });
  ctx.webhooks.emit('checkout.session.expired', expired);
  return expired;
}

/** The Cancel button: back to the cancel URL; the session stays open, as on Stripe. */
export function cancelCheckout(ctx: SimulatorContext, id: string): string {
  const session = retrieve(ctx, 'checkout session', 'checkout.session', id);
  return String(session.cancel_url ?? session.success_url);
}

/**
 * The Pay button: the card (the number typed, Stripe's Visa test card by default) is accepted,
 * the customer, payment method (with the card's fingerprint), subscription and first invoice are
 * created, the session completes, and the events are delivered. Returns the success URL to
 * redirect to.
 */
export function payCheckout(
  ctx: SimulatorContext,
  id: string,
  emailInput?: string,
  cardNumberInput?: string,
): string {
  const session = retrieve(ctx, 'checkout session', 'checkout.session', id);
  if (session.status !== 'open') throw invalid('This Checkout Session is no longer open.');
  const cardNumber = (cardNumberInput ?? '').replace(/[\s-]/g, '') || TEST_CARDS.visa;
  if (!/^\d{12,19}$/.test(cardNumber)) throw invalid('Your card number is invalid.', 'number');
  const internal = ctx.store.internal(id);
  const lineItems = internal.lineItems as LineItem[];
  const data = internal.subscriptionData as SessionSubscriptionData;
  const events: StripeObject[] = [];

  let customer = session.customer
    ? (ctx.store.get(session.customer as string, 'customer') as StripeObject)
    : undefined;
  if (!customer) {
    const email = (session.customer_email as string | null) ?? emailInput ?? null;
    customer = createCustomer(ctx, email ? { email } : {});
    events.push(ctx.webhooks.event('customer.created', customer));
  }
  const method = createPaymentMethod(ctx, customer, brandOf(cardNumber), cardNumber);
  customer = setDefaultPaymentMethod(ctx, customer, method.id);

  const subscription = createSubscription(ctx, customer.id, lineItems, data, method.id);
  events.push(ctx.webhooks.event('customer.subscription.created', subscription));
  const invoice = createInvoice(ctx, subscription, 'subscription_create', Boolean(data.trialPeriodDays));
  events.push(ctx.webhooks.event('invoice.paid', invoice));

  const completed = ctx.store.put({
    ...session,
    customer: customer.id,
    customer_details: { email: customer.email, name: customer.name },
    invoice: invoice.id,
    payment_status: invoice.total === 0 ? 'no_payment_required' : 'paid',
    status: 'complete',
    subscription: subscription.id,
    url: null,
  });
  events.push(ctx.webhooks.event('checkout.session.completed', completed));
  ctx.webhooks.deliver(events);
  return String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id);
}
