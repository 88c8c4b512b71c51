/**
 * What the simulated Stripe does: the objects the app creates and reads, in Stripe's shapes
 * (API version 2026-10-28), and what happens when a person pays, cancels, onboards or changes
 * their plan on the simulator's pages. Every state change that Stripe reports by webhook emits
 * the same event types.
 *
 * Deliberately left out: anything the app does not call (charges, payment intents, refunds,
 * taxes, coupons, proration…). Payments always succeed on Pay; a failed renewal can be
 * triggered through the simulator-only endpoints (api.ts, `/_simulator/...`).
 */
import { CREATOR_PLAN } from '@clubs/shared';
import { type FormObject, read } from './form.ts';
import { newId, now, type Store, type StripeObject } from './store.ts';
import type { Webhooks } from './webhooks.ts';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'card_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param ? 'parameter_invalid' : undefined, param);

/** The creator plan's product and prices, as docs/DEPLOY.md has you create them in Stripe. */
export const CREATOR_CATALOG = {
  product: { id: 'prod_ClubsCreatorPlan', name: 'Community Creator Plan' },
  monthly: { id: 'price_ClubsCreatorMonthly', lookupKey: 'clubs_creator_monthly', interval: 'month' },
  annual: { id: 'price_ClubsCreatorAnnual', lookupKey: 'clubs_creator_annual', interval: 'year' },
} as const;

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** "$88.00", "£12.00", "¥500". */
export function formatAmount(amount: number, currency: string): string {
  const major = ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    major,
  );
}

const DAY = 24 * 60 * 60;

/** A date `count` intervals after `from` (unix seconds), by calendar months or years. */
function addInterval(from: number, interval: string, count = 1): number {
  const date = new Date(from * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

interface LineItem {
  price: string;
  quantity: number;
}

interface SessionSubscriptionData {
  trialPeriodDays: number | null;
  applicationFeePercent: number | null;
  destination: string | null;
  description: string | null;
  metadata: Record<string, string>;
}

export interface SimulatorOptions {
  /** How browsers reach the simulator's pages, e.g. http://localhost:12111. */
  publicUrl: string;
}

export class Simulator {
  constructor(
    readonly store: Store,
    readonly webhooks: Webhooks,
    private readonly options: SimulatorOptions,
  ) {
    this.ensureCatalog();
  }

  get publicUrl(): string {
    return this.options.publicUrl;
  }

  // ---- reading -------------------------------------------------------------------------

  retrieve(kind: string, object: string, id: string): StripeObject {
    const found = this.store.get(id, object);
    if (!found) throw missing(kind, id);
    return found;
  }

  /** A copy of `object` with the fields named by Stripe's `expand` paths replaced by objects. */
  expand(object: StripeObject, paths: readonly string[]): StripeObject {
    const copy = JSON.parse(JSON.stringify(object)) as StripeObject;
    for (const path of paths) this.expandAt(copy, path.split('.'));
    return copy;
  }

  private expandAt(node: unknown, segments: string[]): void {
    if (!node || typeof node !== 'object' || segments.length === 0) return;
    const [head, ...rest] = segments as [string, ...string[]];
    const record = node as Record<string, unknown>;
    if (record.object === 'list' && head === 'data' && Array.isArray(record.data)) {
      for (const item of record.data) this.expandAt(item, rest);
      return;
    }
    let value = record[head];
    if (typeof value === 'string') {
      const target = this.store.get(value);
      if (target) {
        value = JSON.parse(JSON.stringify(target)) as unknown;
        record[head] = value;
      }
    }
    this.expandAt(value, rest);
  }

  list(url: string, items: StripeObject[], limit: number | undefined) {
    const size = Math.min(Math.max(limit ?? 10, 1), 100);
    return { object: 'list', data: items.slice(0, size), has_more: items.length > size, url };
  }

  // ---- catalog -------------------------------------------------------------------------

  private ensureCatalog(): void {
    const { product, monthly, annual } = CREATOR_CATALOG;
    if (!this.store.get(product.id)) {
      this.store.put({
        id: product.id,
        object: 'product',
        active: true,
        created: now(),
        description: 'Run your own club: unlimited members, courses, events and member payouts.',
        livemode: false,
        metadata: {},
        name: product.name,
        type: 'service',
        updated: now(),
      });
    }
    const prices = [
      { ...monthly, amount: CREATOR_PLAN.monthlyPrice * 100 },
      { ...annual, amount: CREATOR_PLAN.annualPrice * 100 },
    ];
    for (const price of prices) {
      if (this.store.get(price.id)) continue;
      this.putPrice(price.id, product.id, 'usd', price.amount, price.interval, price.lookupKey);
    }
  }

  private putPrice(
    id: string,
    product: string,
    currency: string,
    unitAmount: number,
    interval: string,
    lookupKey: string | null,
  ): StripeObject {
    return this.store.put({
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: {},
      nickname: null,
      product,
      recurring: {
        interval,
        interval_count: 1,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    });
  }

  createProduct(name: string, metadata: Record<string, string> = {}): StripeObject {
    return this.store.put({
      id: newId('prod'),
      object: 'product',
      active: true,
      created: now(),
      description: null,
      livemode: false,
      metadata,
      name,
      type: 'service',
      updated: now(),
    });
  }

  createPrice(form: FormObject): StripeObject {
    const currency = read.string(form.currency)?.toLowerCase();
    const unitAmount = read.integer(form.unit_amount);
    const recurring = read.object(form.recurring);
    const interval = read.string(recurring?.interval) ?? 'month';
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw invalid('Missing required param: currency.', 'currency');
    if (unitAmount === undefined || unitAmount < 0) throw invalid('Invalid unit_amount', 'unit_amount');
    if (!['day', 'week', 'month', 'year'].includes(interval))
      throw invalid('Invalid interval', 'recurring[interval]');
    let product = read.string(form.product);
    const productData = read.object(form.product_data);
    if (!product) {
      const name = read.string(productData?.name);
      if (!name) throw invalid('Missing required param: product_data[name].', 'product_data[name]');
      product = this.createProduct(name, read.metadata(productData?.metadata)).id;
    } else if (!this.store.get(product, 'product')) throw missing('product', product, 'product');
    return this.putPrice(
      newId('price'),
      product,
      currency,
      unitAmount,
      interval,
      read.string(form.lookup_key) ?? null,
    );
  }

  // ---- customers -----------------------------------------------------------------------

  createCustomer(form: FormObject): StripeObject {
    return this.store.put({
      id: newId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: read.string(form.description) ?? null,
      email: read.string(form.email) ?? null,
      invoice_prefix: newId('x').slice(2, 10).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: read.metadata(form.metadata),
      name: read.string(form.name) ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
  }

  updateCustomer(id: string, form: FormObject): StripeObject {
    const customer = this.retrieve('customer', 'customer', id);
    const settings = read.object(form.invoice_settings);
    const method = read.string(settings?.default_payment_method);
    if (method && !this.store.get(method, 'payment_method')) throw missing('PaymentMethod', method);
    return this.store.put({
      ...customer,
      email: read.string(form.email) ?? customer.email,
      name: read.string(form.name) ?? customer.name,
      metadata: read.metadata(form.metadata, customer.metadata as Record<string, string>),
      invoice_settings: {
        ...(customer.invoice_settings as Record<string, unknown>),
        ...(method ? { default_payment_method: method } : {}),
      },
    });
  }

  // ---- checkout ------------------------------------------------------------------------

  createCheckoutSession(form: FormObject): StripeObject {
    const mode = read.string(form.mode);
    if (mode !== 'subscription') {
      throw invalid('The simulator supports Checkout in subscription mode only.', 'mode');
    }
    const successUrl = read.string(form.success_url);
    const cancelUrl = read.string(form.cancel_url);
    if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
    const customer = read.string(form.customer);
    if (customer && !this.store.get(customer, 'customer')) throw missing('customer', customer, 'customer');

    const lineItems: LineItem[] = [];
    for (const [index, raw] of read.list(form.line_items).entries()) {
      const item = read.object(raw);
      if (!item) continue;
      const quantity = read.integer(item.quantity) ?? 1;
      let price = read.string(item.price);
      const priceData = read.object(item.price_data);
      if (price) {
        if (!this.store.get(price, 'price')) throw missing('price', price, `line_items[${index}][price]`);
      } else if (priceData) {
        price = this.createPrice(priceData).id;
      } else {
        throw invalid('Each line item needs a price or price_data.', `line_items[${index}]`);
      }
      lineItems.push({ price, quantity });
    }
    if (lineItems.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const prices = lineItems.map((item) => this.store.get(item.price, 'price') as StripeObject);
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
      const account = this.store.get(destination, 'account');
      if (!account)
        throw missing('destination', destination, 'subscription_data[transfer_data][destination]');
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
    const session = this.store.put({
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
      url: `${this.publicUrl}/checkout/${id}`,
    });
    this.store.setInternal(id, { lineItems, subscriptionData });
    return session;
  }

  /** What the checkout page shows. */
  checkoutView(id: string) {
    const session = this.retrieve('checkout session', 'checkout.session', id);
    const internal = this.store.internal(id);
    const lineItems = (internal.lineItems ?? []) as LineItem[];
    const data = internal.subscriptionData as SessionSubscriptionData | undefined;
    const lines = lineItems.map((item) => {
      const price = this.store.get(item.price, 'price') as StripeObject;
      const product = this.store.get(price.product as string, 'product');
      return {
        name: String(product?.name ?? 'Subscription'),
        description: (product?.description as string | null) ?? null,
        amount: Number(price.unit_amount) * item.quantity,
        currency: String(price.currency),
        interval: String((price.recurring as { interval: string }).interval),
      };
    });
    const customer = session.customer ? this.store.get(session.customer as string, 'customer') : undefined;
    const destination = data?.destination ? this.store.get(data.destination, 'account') : undefined;
    return {
      session,
      lines,
      trialDays: data?.trialPeriodDays ?? null,
      email: (customer?.email as string | null) ?? (session.customer_email as string | null) ?? null,
      payee: destination ? String(destination.email ?? destination.id) : null,
      feePercent: data?.applicationFeePercent ?? null,
    };
  }

  expireCheckoutSession(id: string): StripeObject {
    const session = this.retrieve('checkout session', 'checkout.session', id);
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    }
    const expired = this.store.put({ ...session, status: 'expired', url: null });
    this.webhooks.emit('checkout.session.expired', expired);
    return expired;
  }

  /** The Cancel button: back to the cancel URL; the session stays open, as on Stripe. */
  cancelCheckout(id: string): string {
    const session = this.retrieve('checkout session', 'checkout.session', id);
    return String(session.cancel_url ?? session.success_url);
  }

  /**
   * The Pay button: the card is accepted, the customer, payment method, subscription and first
   * invoice are created, the session completes, and the events are delivered. Returns the
   * success URL to redirect to.
   */
  payCheckout(id: string, emailInput?: string): string {
    const session = this.retrieve('checkout session', 'checkout.session', id);
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer open.');
    const internal = this.store.internal(id);
    const lineItems = internal.lineItems as LineItem[];
    const data = internal.subscriptionData as SessionSubscriptionData;
    const events: StripeObject[] = [];

    let customer = session.customer
      ? (this.store.get(session.customer as string, 'customer') as StripeObject)
      : undefined;
    if (!customer) {
      const email = (session.customer_email as string | null) ?? emailInput ?? null;
      customer = this.createCustomer(email ? { email } : {});
      events.push(this.webhooks.event('customer.created', customer));
    }
    const method = this.createPaymentMethod(customer, 'visa');
    customer = this.store.put({
      ...customer,
      invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: method.id },
    });

    const subscription = this.createSubscription(customer.id, lineItems, data, method.id);
    events.push(this.webhooks.event('customer.subscription.created', subscription));
    const invoice = this.createInvoice(subscription, 'subscription_create', Boolean(data.trialPeriodDays));
    events.push(this.webhooks.event('invoice.paid', invoice));

    const completed = this.store.put({
      ...session,
      customer: customer.id,
      customer_details: { email: customer.email, name: customer.name },
      invoice: invoice.id,
      payment_status: invoice.total === 0 ? 'no_payment_required' : 'paid',
      status: 'complete',
      subscription: subscription.id,
      url: null,
    });
    events.push(this.webhooks.event('checkout.session.completed', completed));
    this.webhooks.deliver(events);
    return String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id);
  }

  private createPaymentMethod(customer: StripeObject, brand: 'visa' | 'mastercard'): StripeObject {
    const year = new Date().getUTCFullYear();
    return this.store.put({
      id: newId('pm'),
      object: 'payment_method',
      billing_details: {
        address: null,
        email: customer.email ?? null,
        name: customer.name ?? null,
        phone: null,
      },
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        exp_month: brand === 'visa' ? 12 : 8,
        exp_year: year + (brand === 'visa' ? 3 : 4),
        funding: 'credit',
        last4: brand === 'visa' ? '4242' : '4444',
      },
      created: now(),
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
    });
  }

  private createSubscription(
    customer: string,
    lineItems: LineItem[],
    data: SessionSubscriptionData,
    paymentMethod: string,
  ): StripeObject {
    const start = now();
    const id = newId('sub');
    const firstPrice = this.store.get((lineItems[0] as LineItem).price, 'price') as StripeObject;
    const interval = (firstPrice.recurring as { interval: string }).interval;
    const trialEnd = data.trialPeriodDays ? start + data.trialPeriodDays * DAY : null;
    const periodEnd = trialEnd ?? addInterval(start, interval);
    return this.store.put({
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
          price: this.store.get(item.price, 'price'),
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

  /** The subscription's next invoice: paid, or (a failed renewal) left open. */
  private createInvoice(
    subscription: StripeObject,
    reason: 'subscription_create' | 'subscription_cycle',
    trial: boolean,
    outcome: 'paid' | 'failed' = 'paid',
  ): StripeObject {
    const items = (subscription.items as { data: Array<Record<string, unknown>> }).data;
    const created = now();
    const lines = items.map((item) => {
      const price = item.price as StripeObject;
      const product = this.store.get(price.product as string, 'product');
      const amount = trial ? 0 : Number(price.unit_amount) * Number(item.quantity);
      const name = String(product?.name ?? 'Subscription');
      const interval = (price.recurring as { interval: string }).interval;
      return {
        id: newId('il'),
        object: 'line_item',
        amount,
        currency: price.currency,
        description: trial
          ? `Trial period for ${name}`
          : `${String(item.quantity)} × ${name} (at ${formatAmount(Number(price.unit_amount), String(price.currency))} / ${interval})`,
        period: { start: item.current_period_start, end: item.current_period_end },
        quantity: item.quantity,
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const customer = this.store.get(subscription.customer as string, 'customer');
    const fee = subscription.application_fee_percent as number | null;
    const paid = outcome === 'paid';
    const id = newId('in');
    const invoice = this.store.put({
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      application_fee_amount: fee !== null ? Math.round((total * fee) / 100) : null,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created,
      currency: subscription.currency,
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      description: null,
      hosted_invoice_url: `${this.publicUrl}/invoices/${id}`,
      invoice_pdf: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      number: this.store.nextInvoiceNumber(),
      parent: {
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
        type: 'subscription_details',
      },
      period_end: created,
      period_start: created,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: created, paid_at: paid ? created : null, voided_at: null },
      subtotal: total,
      total,
    });
    this.store.put({ ...subscription, latest_invoice: id });
    return invoice;
  }

  // ---- subscriptions -------------------------------------------------------------------

  updateSubscription(id: string, form: FormObject): StripeObject {
    const subscription = this.retrieve('subscription', 'subscription', id);
    if (subscription.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const previous: Record<string, unknown> = {};
    const next: StripeObject = { ...subscription };
    const cancelAtPeriodEnd = read.boolean(form.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      next.cancel_at_period_end = cancelAtPeriodEnd;
      next.cancel_at = cancelAtPeriodEnd ? this.periodEnd(subscription) : null;
      next.canceled_at = cancelAtPeriodEnd ? now() : null;
    }
    const method = read.string(form.default_payment_method);
    if (method) {
      if (!this.store.get(method, 'payment_method')) throw missing('PaymentMethod', method);
      previous.default_payment_method = subscription.default_payment_method;
      next.default_payment_method = method;
    }
    if (form.metadata !== undefined) {
      previous.metadata = subscription.metadata;
      next.metadata = read.metadata(form.metadata, subscription.metadata as Record<string, string>);
    }
    const saved = this.store.put(next);
    if (Object.keys(previous).length > 0) {
      this.webhooks.emit('customer.subscription.updated', saved, { previousAttributes: previous });
    }
    return saved;
  }

  private periodEnd(subscription: StripeObject): number {
    const items = (subscription.items as { data: Array<{ current_period_end: number }> }).data;
    return items[0]?.current_period_end ?? now();
  }

  /** Cancels at once: no further invoices; customer.subscription.deleted. */
  cancelSubscription(id: string): StripeObject {
    const subscription = this.retrieve('subscription', 'subscription', id);
    if (subscription.status === 'canceled') {
      throw invalid('This subscription has already been canceled.');
    }
    const at = now();
    const canceled = this.store.put({
      ...subscription,
      status: 'canceled',
      canceled_at: at,
      ended_at: at,
      cancel_at: null,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    this.webhooks.emit('customer.subscription.deleted', canceled);
    return canceled;
  }

  /** Simulator only: the renewal's payment fails; the subscription becomes past_due. */
  failRenewal(id: string): StripeObject {
    const subscription = this.retrieve('subscription', 'subscription', id);
    if (subscription.status === 'canceled') throw invalid('This subscription has already been canceled.');
    const invoice = this.createInvoice(subscription, 'subscription_cycle', false, 'failed');
    const pastDue = this.store.put({
      ...(this.store.get(id) as StripeObject),
      status: 'past_due',
      trial_end: subscription.trial_end,
    });
    this.webhooks.deliver([
      this.webhooks.event('invoice.payment_failed', invoice),
      this.webhooks.event('customer.subscription.updated', pastDue, {
        previousAttributes: { status: subscription.status },
      }),
    ]);
    return pastDue;
  }

  /** Simulator only: the next period is paid; the subscription is active again. */
  renew(id: string): StripeObject {
    const subscription = this.retrieve('subscription', 'subscription', id);
    if (subscription.status === 'canceled') throw invalid('This subscription has already been canceled.');
    const start = now();
    const items = (subscription.items as { data: Array<Record<string, unknown>> }).data.map((item) => ({
      ...item,
      current_period_start: start,
      current_period_end: addInterval(
        start,
        ((item.price as StripeObject).recurring as { interval: string }).interval,
      ),
    }));
    const renewed = this.store.put({
      ...subscription,
      status: 'active',
      trial_end:
        subscription.trial_end && Number(subscription.trial_end) > start ? start : subscription.trial_end,
      items: { ...(subscription.items as object), data: items },
    });
    const invoice = this.createInvoice(renewed, 'subscription_cycle', false, 'paid');
    const latest = this.store.get(id) as StripeObject;
    this.webhooks.deliver([
      this.webhooks.event('invoice.paid', invoice),
      this.webhooks.event('customer.subscription.updated', latest, {
        previousAttributes: { status: subscription.status },
      }),
    ]);
    return latest;
  }

  /** The portal's "Update payment method": a new test card becomes the default. */
  replaceCard(subscriptionId: string): StripeObject {
    const subscription = this.retrieve('subscription', 'subscription', subscriptionId);
    const customer = this.retrieve('customer', 'customer', subscription.customer as string);
    const current = this.store.get(String(subscription.default_payment_method), 'payment_method');
    const brand = (current?.card as { brand?: string } | undefined)?.brand === 'visa' ? 'mastercard' : 'visa';
    const method = this.createPaymentMethod(customer, brand);
    this.store.put({
      ...customer,
      invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: method.id },
    });
    return this.updateSubscription(subscriptionId, { default_payment_method: method.id });
  }

  // ---- Connect -------------------------------------------------------------------------

  createAccount(form: FormObject): StripeObject {
    const type = read.string(form.type) ?? 'express';
    if (type !== 'express') throw invalid('The simulator supports Express accounts only.', 'type');
    return this.store.put({
      id: newId('acct'),
      object: 'account',
      business_profile: { mcc: null, name: null, product_description: null, support_email: null, url: null },
      business_type: null,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      charges_enabled: false,
      controller: { is_controller: true, type: 'application' },
      country: read.string(form.country) ?? 'US',
      created: now(),
      default_currency: 'usd',
      details_submitted: false,
      email: read.string(form.email) ?? null,
      external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      metadata: read.metadata(form.metadata),
      payouts_enabled: false,
      requirements: {
        currently_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        disabled_reason: 'requirements.past_due',
        errors: [],
        eventually_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        past_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        pending_verification: [],
      },
      settings: { payouts: { schedule: { delay_days: 2, interval: 'daily' } } },
      type: 'express',
    });
  }

  updateAccount(id: string, form: FormObject): StripeObject {
    const account = this.retrieve('account', 'account', id);
    return this.store.put({
      ...account,
      metadata: read.metadata(form.metadata, account.metadata as Record<string, string>),
      email: read.string(form.email) ?? account.email,
    });
  }

  /** Onboarding finished: details submitted, charges and payouts enabled; account.updated. */
  completeOnboarding(id: string, emit = true): StripeObject {
    const account = this.retrieve('account', 'account', id);
    const done = this.store.put({
      ...account,
      business_type: 'individual',
      capabilities: { card_payments: 'active', transfers: 'active' },
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      requirements: {
        currently_due: [],
        disabled_reason: null,
        errors: [],
        eventually_due: [],
        past_due: [],
        pending_verification: [],
      },
    });
    if (emit) this.webhooks.emit('account.updated', done, { account: id });
    return done;
  }

  /** Simulator only: Stripe disabled charges (say, a verification is due); account.updated. */
  disableCharges(id: string): StripeObject {
    const account = this.retrieve('account', 'account', id);
    const disabled = this.store.put({
      ...account,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      charges_enabled: false,
      payouts_enabled: false,
      requirements: {
        ...(account.requirements as object),
        currently_due: ['individual.verification.document'],
        disabled_reason: 'requirements.past_due',
        past_due: ['individual.verification.document'],
      },
    });
    this.webhooks.emit('account.updated', disabled, { account: id });
    return disabled;
  }

  createAccountLink(form: FormObject): StripeObject {
    const account = read.string(form.account);
    if (!account) throw invalid('Missing required param: account.', 'account');
    this.retrieve('account', 'account', account);
    const type = read.string(form.type);
    if (type !== 'account_onboarding' && type !== 'account_update') {
      throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
    }
    const refreshUrl = read.string(form.refresh_url);
    const returnUrl = read.string(form.return_url);
    if (!refreshUrl) throw invalid('Missing required param: refresh_url.', 'refresh_url');
    if (!returnUrl) throw invalid('Missing required param: return_url.', 'return_url');
    const token = newId('link');
    const created = now();
    this.store.setInternal(token, { account, refreshUrl, returnUrl, used: false, expiresAt: created + 300 });
    return {
      id: token,
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `${this.publicUrl}/connect/onboarding/${token}`,
    };
  }

  /** The onboarding page's link: single use and short lived; otherwise the refresh URL. */
  accountLink(token: string): {
    account: StripeObject;
    refreshUrl: string;
    returnUrl: string;
    usable: boolean;
  } {
    const link = this.store.internal(token);
    if (typeof link.account !== 'string') throw missing('account link', token);
    const account = this.retrieve('account', 'account', link.account);
    const usable = link.used !== true && Number(link.expiresAt) >= now();
    return { account, refreshUrl: String(link.refreshUrl), returnUrl: String(link.returnUrl), usable };
  }

  useAccountLink(token: string): void {
    this.store.setInternal(token, { used: true });
  }

  createLoginLink(accountId: string): StripeObject {
    const account = this.retrieve('account', 'account', accountId);
    if (account.details_submitted !== true) {
      throw invalid(
        'Cannot create a login link for an account that has not completed onboarding.',
        'account',
      );
    }
    return {
      id: newId('ll'),
      object: 'login_link',
      created: now(),
      url: `${this.publicUrl}/connect/dashboard/${accountId}`,
    };
  }

  // ---- Billing Portal ------------------------------------------------------------------

  createPortalSession(form: FormObject): StripeObject {
    const customer = read.string(form.customer);
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    this.retrieve('customer', 'customer', customer);
    const id = newId('bps');
    return this.store.put({
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_simulator',
      created: now(),
      customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: read.string(form.return_url) ?? null,
      url: `${this.publicUrl}/portal/${id}`,
    });
  }

  // ---- demo data -----------------------------------------------------------------------

  /** A connected account that finished onboarding, without events (seeded demo owners). */
  seedOnboardedAccount(input: { email: string; userId: string }): StripeObject {
    const account = this.createAccount({
      type: 'express',
      email: input.email,
      metadata: { userId: input.userId },
    });
    return this.completeOnboarding(account.id, false);
  }

  /**
   * A creator-plan subscription that has been paid for a while, with its invoices, without
   * events (seeded active clubs), so the billing page of a demo club shows real data.
   */
  seedCreatorSubscription(input: {
    customerId?: string;
    email: string;
    name: string;
    metadata: Record<string, string>;
    createdDaysAgo: number;
  }): { customer: StripeObject; subscription: StripeObject } {
    const customer = input.customerId
      ? this.retrieve('customer', 'customer', input.customerId)
      : this.createCustomer({
          email: input.email,
          name: input.name,
          metadata: { userId: input.metadata.userId ?? '' },
        });
    const method = this.createPaymentMethod(customer, 'visa');
    this.store.put({
      ...customer,
      invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: method.id },
    });
    const subscription = this.createSubscription(
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
    const dated = this.store.put({
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
      const invoice = this.createInvoice(
        dated,
        i === months - 1 ? 'subscription_create' : 'subscription_cycle',
        false,
      );
      const at = addInterval(start, 'month', months - 1 - i);
      this.store.put({
        ...invoice,
        created: at,
        period_start: at,
        period_end: at,
        status_transitions: { finalized_at: at, paid_at: at, voided_at: null },
      });
    }
    return { customer, subscription: this.store.get(dated.id) as StripeObject };
  }
}
