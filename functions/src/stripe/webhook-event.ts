/**
 * A webhook delivery checked with the `stripe` SDK (`webhooks.constructEventAsync` on the exact
 * bytes received), against each endpoint's signing secret in turn: Stripe signs every endpoint
 * with its own secret, and Connect events come from a second endpoint. A verified body must
 * still be an event (an object with a non-empty string `id` and `type`) to be passed on.
 */
import Stripe from 'stripe';
import type { StripeEventEnvelope } from './publish.ts';

/** A Stripe event as the webhook needs it; every other field is passed on untouched. */
export type WebhookEvent = StripeEventEnvelope & Readonly<Record<string, unknown>>;

export type WebhookEventCheck =
  | { readonly ok: true; readonly event: WebhookEvent }
  | { readonly ok: false; readonly reason: 'no_secret' | 'not_an_event' }
  /** No secret's signature matches, the header is malformed, or it is older than the tolerance. */
  | { readonly ok: false; readonly reason: 'bad_signature'; readonly detail: string };

function isEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, type, created } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    typeof type === 'string' &&
    type.length > 0 &&
    (created === undefined || Number.isFinite(created))
  );
}

export async function constructWebhookEvent(
  payload: Uint8Array,
  header: string,
  secrets: readonly string[],
): Promise<WebhookEventCheck> {
  if (secrets.length === 0) return { ok: false, reason: 'no_secret' };
  let refusal = '';
  for (const secret of secrets) {
    let event: unknown;
    try {
      event = await Stripe.webhooks.constructEventAsync(payload, header, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        refusal = error.message;
        continue;
      }
      // The signature matched, and the body is no JSON.
      if (error instanceof SyntaxError) return { ok: false, reason: 'not_an_event' };
      throw error;
    }
    return isEvent(event) ? { ok: true, event } : { ok: false, reason: 'not_an_event' };
  }
  return { ok: false, reason: 'bad_signature', detail: refusal };
}
