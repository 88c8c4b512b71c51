/**
 * Stripe webhook signatures, checked the way Stripe documents them
 * (https://docs.stripe.com/webhooks#verify-manually), without the `stripe` package: the webhook
 * only needs this check, and the SDK would be nine tenths of its bundle.
 *
 * Stripe sends `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (plus `v0=` in test
 * mode, ignored). The signed payload is `<t>.<raw body>`; each `v1` is the hex HMAC-SHA256 of it
 * keyed with an endpoint's signing secret (the whole `whsec_…` string). Several `v1` appear while
 * a rolled secret is still valid. A signature counts when one `v1` equals the HMAC under one of
 * our secrets (compared in constant time) and `t` is within the tolerance of our clock.
 * Tests check this against the real `stripe.webhooks.generateTestHeaderString`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StripeEventEnvelope } from './publish.ts';

/** Stripe's own default tolerance: five minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SCHEME = 'v1';
/** Stripe compares the hex text, so only its lower-case form counts. */
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^\d{1,12}$/;

export interface SignatureHeader {
  /** `t` as sent (digits only): it is part of what Stripe signed. */
  readonly timestamp: string;
  /** The decoded `v1` signatures (32 bytes each). */
  readonly signatures: readonly Buffer[];
}

/** The header's timestamp and v1 signatures; null when it has no usable `t` or no `v1`. */
export function parseSignatureHeader(header: string): SignatureHeader | null {
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't') {
      // Two timestamps make the signed payload ambiguous.
      if (timestamp !== undefined || !UNIX_SECONDS.test(value)) return null;
      timestamp = value;
    } else if (key === SCHEME && HEX_SHA256.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return null;
  return { timestamp, signatures };
}

export type SignatureFailure =
  /** No `t`, no `v1`, or not the scheme at all. */
  | 'malformed_header'
  /** No `v1` matches any of our secrets: forged, another endpoint's, or the body was changed. */
  | 'no_matching_signature'
  /** Authentic but signed longer ago (or further ahead) than the tolerance: a replay. */
  | 'timestamp_outside_tolerance'
  | 'no_secret';

export type SignatureCheck =
  | { readonly ok: true; readonly timestamp: number }
  | { readonly ok: false; readonly reason: SignatureFailure };

export interface VerifyOptions {
  readonly toleranceSeconds?: number;
  /** The current time in milliseconds (tests). */
  readonly now?: number;
}

const hmac = (secret: string, timestamp: string, payload: Uint8Array): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(payload).digest();

/** Checks a Stripe-Signature header against the exact bytes received and the endpoints' secrets. */
export function verifyStripeSignature(
  payload: Uint8Array,
  header: string,
  secrets: readonly string[],
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now() }: VerifyOptions = {},
): SignatureCheck {
  if (secrets.length === 0) return { ok: false, reason: 'no_secret' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };

  const matches = secrets.some((secret) => {
    const expected = hmac(secret, parsed.timestamp, payload);
    return parsed.signatures.some((signature) => timingSafeEqual(signature, expected));
  });
  if (!matches) return { ok: false, reason: 'no_matching_signature' };

  const timestamp = Number(parsed.timestamp);
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'timestamp_outside_tolerance' };
  }
  return { ok: true, timestamp };
}

/** A Stripe event as the webhook needs it; every other field is passed on untouched. */
export type WebhookEvent = StripeEventEnvelope & Readonly<Record<string, unknown>>;

/** The verified body as an event: a JSON object with a string `id` and `type`; else null. */
export function parseWebhookEvent(payload: Uint8Array): WebhookEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, type, created } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || typeof type !== 'string' || type.length === 0) return null;
  if (created !== undefined && !Number.isFinite(created)) return null;
  return value as WebhookEvent;
}

export type WebhookEventCheck =
  | { readonly ok: true; readonly event: WebhookEvent }
  | { readonly ok: false; readonly reason: SignatureFailure | 'not_an_event' };

/** What `stripe.webhooks.constructEvent` does: verify the signature, then parse the body. */
export function constructWebhookEvent(
  payload: Uint8Array,
  header: string,
  secrets: readonly string[],
  options?: VerifyOptions,
): WebhookEventCheck {
  const check = verifyStripeSignature(payload, header, secrets, options);
  if (!check.ok) return check;
  const event = parseWebhookEvent(payload);
  return event ? { ok: true, event } : { ok: false, reason: 'not_an_event' };
}
