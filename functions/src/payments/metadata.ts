/**
 * The metadata the app puts on every Checkout Session and subscription it creates: what is
 * being paid for, for which club, by whom. Only this server writes it (Stripe objects of the
 * platform account cannot be made by anyone else), so events are routed by it.
 */
import type { SubscriptionTarget } from '../data/repositories/billing.ts';

export type PaymentKind = 'club_plan' | 'membership';

export interface PaymentMetadata {
  kind: PaymentKind;
  clubId: string;
  userId: string;
}

/** Stripe metadata values are strings; this is the form they are sent in. */
export const toStripeMetadata = (metadata: PaymentMetadata): Record<string, string> => ({
  kind: metadata.kind,
  clubId: metadata.clubId,
  userId: metadata.userId,
});

/** The app's metadata of a Stripe object, or null when it is not one of the app's payments. */
export function readMetadata(value: unknown): PaymentMetadata | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, clubId, userId } = value as Record<string, unknown>;
  if (kind !== 'club_plan' && kind !== 'membership') return null;
  if (typeof clubId !== 'string' || !clubId || typeof userId !== 'string' || !userId) return null;
  return { kind, clubId, userId };
}

export const targetOf = (metadata: PaymentMetadata): SubscriptionTarget =>
  metadata.kind === 'club_plan'
    ? { kind: 'club_plan', clubId: metadata.clubId }
    : { kind: 'membership', clubId: metadata.clubId, userId: metadata.userId };

/** An id from a field Stripe sends either as an id or, when expanded, as the object. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}
