/** Display helpers shared by the API and the UI, so both sides show the same text. */
import {
  CREATOR_PLAN,
  DEFAULT_TRIAL_DAYS,
  DESCRIPTION_TRUNCATE_LENGTH,
  NEW_CLUB_DEFAULTS,
  SIZE_BUCKETS,
} from './constants.ts';

const firstWord = (value: string | null | undefined): string | undefined =>
  value?.trim().split(/\s+/)[0] || undefined;

const emailLocalPart = (email: string | null | undefined): string | undefined =>
  email?.split('@')[0]?.trim() || undefined;

/**
 * The greeting name: the first word of the full name, else the first word of
 * the name, else the part of the e-mail before the at sign.
 */
export function displayName(user: {
  fullName?: string | null;
  name?: string | null;
  email?: string | null;
}): string {
  return firstWord(user.fullName) ?? firstWord(user.name) ?? emailLocalPart(user.email) ?? '';
}

/** The app user's name: full name, else the e-mail's local part, else 'User'. */
export function userName(user: { fullName?: string | null; email?: string | null }): string {
  return user.fullName?.trim() || emailLocalPart(user.email) || 'User';
}

/**
 * A person's name as others see it (member cards, authors, inviters): their full name, else
 * "Member"; never a part of their e-mail address, which is nobody else's business.
 */
export function publicName(user: { fullName?: string | null }): string {
  return user.fullName?.trim() || 'Member';
}

/** Cuts text at `max` characters and adds an ellipsis when it was longer. */
export function truncate(text: string, max: number = DESCRIPTION_TRUNCATE_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export type SizeBucket = 'small' | 'medium' | 'large';

export function sizeBucket(memberCount: number): SizeBucket {
  if (memberCount >= SIZE_BUCKETS.largeFrom) return 'large';
  if (memberCount >= SIZE_BUCKETS.mediumFrom) return 'medium';
  return 'small';
}

/** The price formatters made so far, by currency and whole or not (formatPrice). */
const PRICE_FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * The symbol en-US writes before a whole amount of these currencies, with nothing else: "$29",
 * "€9", "£1,200" (tests/shared/display.test.ts holds each to Intl's own output).
 */
const PLAIN_SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
};

/**
 * A price in its currency, the way people write it: (29, 'USD') -> "$29", (29.5, 'USD') ->
 * "$29.50", (9, 'EUR') -> "€9". Whole amounts drop the cents. A missing currency is USD, the
 * currency every club starts with.
 */
export function formatPrice(price: number, currency?: string | null): string {
  const code = (currency || NEW_CLUB_DEFAULTS.currency).toUpperCase();
  const whole = Number.isInteger(price);
  // A browser's first Intl formatter loads its locale data, tens of milliseconds on a phone's CPU
  // in the task that draws the page: the whole amounts of the common currencies, which are what
  // the public pages price, are written without one, exactly as Intl writes them.
  const symbol = PLAIN_SYMBOLS[code];
  if (symbol !== undefined && whole && price >= 0 && price <= Number.MAX_SAFE_INTEGER)
    return symbol + String(price).replace(/\B(?=(\d{3})+$)/g, ',');
  // Making a formatter costs far more than using one (a directory page prices a dozen cards as it
  // opens): one per currency and kind of amount, kept.
  const key = `${code}:${whole}`;
  let format = PRICE_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    PRICE_FORMATS.set(key, format);
  }
  return format.format(price);
}

/** An amount of the creator plan, in the plan's currency. */
export const planPrice = (amount: number): string => formatPrice(amount, CREATOR_PLAN.currency);

export const isPremium = (club: { price: number }): boolean => club.price > 0;

/**
 * The landing page's featured-card button: the price, and the free days when the club offers a
 * trial (a club without one, trial 0, promises none).
 */
export function featuredJoinLabel(club: {
  price: number;
  currency?: string | null;
  trialPeriod?: number | null;
}): string {
  if (!isPremium(club)) return 'Join for Free';
  const price = `${formatPrice(club.price, club.currency)}/mo`;
  const days = club.trialPeriod ?? DEFAULT_TRIAL_DAYS;
  return days > 0 ? `Join (${price}, ${days} days free)` : `Join (${price})`;
}

/** The club page's join button for a paid club; members pay monthly. */
export function paidJoinLabel(club: { price: number; currency?: string | null }): string {
  return `Join for ${formatPrice(club.price, club.currency)}/month`;
}

/** Initials for generated avatars: "Morning Yoga Circle" -> "MY". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}
