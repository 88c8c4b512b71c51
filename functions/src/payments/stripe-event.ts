/**
 * What the payments code reads of a Stripe event the webhook verified and the bus delivered: its
 * own module, so the event handlers and the modules they call share it without importing each
 * other.
 */
export interface StripeEventLike {
  id: string;
  type: string;
  livemode?: boolean;
  /** Set on events of connected accounts (account.updated). */
  account?: string;
  data: { object: Record<string, unknown> };
}
