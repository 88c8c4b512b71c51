/**
 * Customers, their cards (payment methods), the Billing Portal configurations the platform makes
 * and the Billing Portal sessions customers open.
 */
import { createHash } from 'node:crypto';
import { retrieve, type SimulatorContext } from './context.ts';
import { invalid, missing } from './errors.ts';
import { type FormObject, read } from './form.ts';
import { newId, now, type StripeObject } from './store.ts';

export function createCustomer(ctx: SimulatorContext, form: FormObject): StripeObject {
  return ctx.store.put({
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

export function updateCustomer(ctx: SimulatorContext, id: string, form: FormObject): StripeObject {
  const customer = retrieve(ctx, 'customer', 'customer', id);
  const settings = read.object(form.invoice_settings);
  const method = read.string(settings?.default_payment_method);
  if (method && !ctx.store.get(method, 'payment_method')) throw missing('PaymentMethod', method);
  return ctx.store.put({
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

/** Stripe's test card of each brand, used when no number is typed. */
export const TEST_CARDS = { visa: '4242424242424242', mastercard: '5555555555554444' } as const;

/** The brand of a card number, as its first digits tell (Mastercard: 51-55 and 2221-2720). */
export const brandOf = (number: string): 'visa' | 'mastercard' =>
  /^(5[1-5]|2[2-7])/.test(number) ? 'mastercard' : 'visa';

/**
 * A card's fingerprint as Stripe gives it: 16 letters and digits, the same for the same card
 * number on the platform's account whoever pays with it, different for another number.
 */
export function fingerprintOf(number: string): string {
  return createHash('sha256')
    .update(`clubs-stripe-simulator:${number}`)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
}

export function createPaymentMethod(
  ctx: SimulatorContext,
  customer: StripeObject,
  brand: 'visa' | 'mastercard',
  number: string = TEST_CARDS[brand],
): StripeObject {
  const year = new Date().getUTCFullYear();
  return ctx.store.put({
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
      fingerprint: fingerprintOf(number),
      funding: 'credit',
      last4: number.slice(-4),
    },
    created: now(),
    customer: customer.id,
    livemode: false,
    metadata: {},
    type: 'card',
  });
}

/** Makes `methodId` the customer's default card for invoices. */
export function setDefaultPaymentMethod(ctx: SimulatorContext, customer: StripeObject, methodId: string) {
  return ctx.store.put({
    ...customer,
    invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: methodId },
  });
}

export function createPortalSession(ctx: SimulatorContext, form: FormObject): StripeObject {
  const customer = read.string(form.customer);
  if (!customer) throw invalid('Missing required param: customer.', 'customer');
  retrieve(ctx, 'customer', 'customer', customer);
  const configuration = read.string(form.configuration);
  if (configuration) retrieve(ctx, 'configuration', 'billing_portal.configuration', configuration);
  const id = newId('bps');
  return ctx.store.put({
    id,
    object: 'billing_portal.session',
    configuration: configuration ?? 'bpc_simulator',
    created: now(),
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: read.string(form.return_url) ?? null,
    url: `${ctx.publicUrl}/portal/${id}`,
  });
}

/** Whether a portal feature (`features[name]`) is enabled, as the form says. */
const featureEnabled = (features: FormObject | undefined, name: string): boolean =>
  read.boolean(read.object(features?.[name])?.enabled) ?? false;

/** A Billing Portal configuration: which features the portal offers its sessions. */
export function createPortalConfiguration(ctx: SimulatorContext, form: FormObject): StripeObject {
  const features = read.object(form.features);
  if (!features) throw invalid('Missing required param: features.', 'features');
  const cancel = read.object(features.subscription_cancel);
  return ctx.store.put({
    id: newId('bpc'),
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: {
      headline: read.string(read.object(form.business_profile)?.headline) ?? null,
      privacy_policy_url: null,
      terms_of_service_url: null,
    },
    created: now(),
    default_return_url: read.string(form.default_return_url) ?? null,
    features: {
      customer_update: { allowed_updates: [], enabled: featureEnabled(features, 'customer_update') },
      invoice_history: { enabled: featureEnabled(features, 'invoice_history') },
      payment_method_update: { enabled: featureEnabled(features, 'payment_method_update') },
      subscription_cancel: {
        cancellation_reason: { enabled: false, options: [] },
        enabled: featureEnabled(features, 'subscription_cancel'),
        mode: read.string(cancel?.mode) ?? 'at_period_end',
        proration_behavior: read.string(cancel?.proration_behavior) ?? 'none',
      },
      subscription_update: {
        default_allowed_updates: [],
        enabled: featureEnabled(features, 'subscription_update'),
        products: [],
        proration_behavior: 'none',
      },
    },
    is_default: false,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: read.metadata(form.metadata),
    updated: now(),
  });
}
