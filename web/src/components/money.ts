import type { MoneyAmount } from '@clubs/shared';

/** An amount in minor units (cents), written in its currency (JPY has none). */
export function moneyOf({ amount, currency }: MoneyAmount): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
