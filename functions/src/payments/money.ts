/** Amounts between the app (major units: 9.99 dollars) and Stripe (minor units: 999 cents). */

/** ISO currencies Stripe counts in whole units (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

const factorOf = (currency: string) => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 1 : 100);

export const toMinorUnits = (amount: number, currency: string): number =>
  Math.round(amount * factorOf(currency));

export const fromMinorUnits = (amount: number, currency: string): number => amount / factorOf(currency);
