/** Products and prices: the creator plan's catalog (always present) and prices created inline. */
import { CREATOR_PLAN } from '@clubs/shared';
import type { SimulatorContext } from './context.ts';
import { invalid, missing } from './errors.ts';
import { type FormObject, read } from './form.ts';
import { newId, now, type StripeObject } from './store.ts';

/** The creator plan's product and prices, as docs/DEPLOY.md has you create them in Stripe. */
export const CREATOR_CATALOG = {
  product: { id: 'prod_ClubsCreatorPlan', name: 'Community Creator Plan' },
  monthly: { id: 'price_ClubsCreatorMonthly', lookupKey: 'clubs_creator_monthly', interval: 'month' },
  annual: { id: 'price_ClubsCreatorAnnual', lookupKey: 'clubs_creator_annual', interval: 'year' },
} as const;

export function ensureCatalog(ctx: SimulatorContext): void {
  const { product, monthly, annual } = CREATOR_CATALOG;
  if (!ctx.store.get(product.id)) {
    ctx.store.put({
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
    if (ctx.store.get(price.id)) continue;
    putPrice(ctx, price.id, product.id, 'usd', price.amount, price.interval, price.lookupKey);
  }
}

export function putPrice(
  ctx: SimulatorContext,
  id: string,
  product: string,
  currency: string,
  unitAmount: number,
  interval: string,
  lookupKey: string | null,
): StripeObject {
  return ctx.store.put({
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

export function createProduct(
  ctx: SimulatorContext,
  name: string,
  metadata: Record<string, string> = {},
): StripeObject {
  return ctx.store.put({
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

export function createPrice(ctx: SimulatorContext, form: FormObject): StripeObject {
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
    product = createProduct(ctx, name, read.metadata(productData?.metadata)).id;
  } else if (!ctx.store.get(product, 'product')) throw missing('product', product, 'product');
  return putPrice(
    ctx,
    newId('price'),
    product,
    currency,
    unitAmount,
    interval,
    read.string(form.lookup_key) ?? null,
  );
}
