/**
 * What every resource module of the simulator works with: the state, the event deliveries and
 * the public address of its pages, plus the time and money rules they share.
 */
import { missing } from './errors.ts';
import type { Store, StripeObject } from './store.ts';
import type { Webhooks } from './webhooks.ts';

export interface SimulatorContext {
  readonly store: Store;
  readonly webhooks: Webhooks;
  /** How browsers reach the simulator's pages, e.g. http://localhost:12111. */
  readonly publicUrl: string;
}

/** An object of one kind by id, or Stripe's 404 (`No such customer: 'cus_…'`). */
export function retrieve(ctx: SimulatorContext, kind: string, object: string, id: string): StripeObject {
  const found = ctx.store.get(id, object);
  if (!found) throw missing(kind, id);
  return found;
}

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

export const DAY = 24 * 60 * 60;

/** A date `count` intervals after `from` (unix seconds), by calendar months or years. */
export function addInterval(from: number, interval: string, count = 1): number {
  const date = new Date(from * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}
