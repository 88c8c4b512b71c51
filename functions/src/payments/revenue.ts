/**
 * The monthly recurring revenue of one subscription, as Stripe describes it: the sum of its
 * items' unit amount times quantity, each normalised to a month (a yearly price counts a twelfth
 * of itself, a weekly one 52/12 of itself), in the currency's minor units, rounded once. A
 * subscription whose collection is paused (its club suspended) charges nothing while it is.
 */
import * as z from 'zod';
import type { SubscriptionRevenue } from '../data/repositories/billing.ts';

const MONTHS_PER: Record<string, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

const itemSchema = z.object({
  quantity: z.number().int().min(0).nullish(),
  price: z.object({
    currency: z.string().regex(/^[a-z]{3}$/),
    unit_amount: z.number().int().min(0).nullable(),
    recurring: z
      .object({
        interval: z.enum(['day', 'week', 'month', 'year']),
        interval_count: z.number().int().min(1).nullish(),
      })
      .nullable(),
  }),
});

const subscriptionSchema = z.object({
  currency: z.string().regex(/^[a-z]{3}$/),
  items: z.object({ data: z.array(z.unknown()) }),
  pause_collection: z.object({ behavior: z.string() }).nullish(),
});

/** Null when the subscription does not say what it charges (then only its count is kept). */
export function monthlyRevenueOf(subscription: unknown): SubscriptionRevenue | null {
  const parsed = subscriptionSchema.safeParse(subscription);
  if (!parsed.success) return null;
  if (parsed.data.pause_collection) return { currency: parsed.data.currency, monthly: 0 };
  let monthly = 0;
  for (const raw of parsed.data.items.data) {
    const item = itemSchema.safeParse(raw);
    if (!item.success || !item.data.price.recurring || item.data.price.unit_amount === null) continue;
    if (item.data.price.currency !== parsed.data.currency) continue;
    const { interval, interval_count } = item.data.price.recurring;
    const months = (MONTHS_PER[interval] ?? 1) * (interval_count ?? 1);
    monthly += (item.data.price.unit_amount * (item.data.quantity ?? 1)) / months;
  }
  return { currency: parsed.data.currency, monthly: Math.round(monthly) };
}
