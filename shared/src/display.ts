/** Display helpers shared by the API and the UI, so both sides show the same text. */
import { DEFAULT_TRIAL_DAYS, DESCRIPTION_TRUNCATE_LENGTH, SIZE_BUCKETS } from './constants.ts';

const firstWord = (value: string | null | undefined): string | undefined =>
  value?.trim().split(/\s+/)[0] || undefined;

const emailLocalPart = (email: string | null | undefined): string | undefined =>
  email?.split('@')[0]?.trim() || undefined;

/**
 * The greeting name (part 1 section 2): the first word of the full name, else the first word of
 * the name, else the part of the e-mail before the at sign.
 */
export function displayName(user: {
  fullName?: string | null;
  name?: string | null;
  email?: string | null;
}): string {
  return firstWord(user.fullName) ?? firstWord(user.name) ?? emailLocalPart(user.email) ?? '';
}

/** The app user's name (part 1 section 3): full name, else the e-mail's local part, else 'User'. */
export function userName(user: { fullName?: string | null; email?: string | null }): string {
  return user.fullName?.trim() || emailLocalPart(user.email) || 'User';
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

/** 29 -> "29", 29.5 -> "29.50". */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

export const isPremium = (club: { price: number }): boolean => club.price > 0;

/** The landing page's featured-card button (part 1 section 2). */
export function featuredJoinLabel(club: { price: number; trialPeriod?: number | null }): string {
  if (!isPremium(club)) return 'Join for Free';
  return `Join ($${formatPrice(club.price)}/mo, ${club.trialPeriod ?? DEFAULT_TRIAL_DAYS} days free)`;
}

/** The unit word after a price: the currency in lower case, 'month' when it is missing. */
export function priceUnit(currency: string | null | undefined): string {
  return currency ? currency.toLowerCase() : 'month';
}

/** The club page's join button for a paid club (part 1 section 2). */
export function paidJoinLabel(club: { price: number; currency?: string | null }): string {
  return `Join for $${formatPrice(club.price)}/${priceUnit(club.currency)}`;
}

/** Initials for generated avatars: "Morning Yoga Circle" -> "MY". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}
