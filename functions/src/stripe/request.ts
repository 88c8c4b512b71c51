/**
 * One Stripe API request over `fetch`, as the `stripe` SDK sent it: the secret key as a bearer
 * token, Stripe-Version pinned to the version the app's types describe, parameters form-encoded
 * (in the query string for GET and DELETE, the body for POST), a per-attempt timeout, and the
 * SDK's retry rules (retry.ts) with an idempotency key on every POST so a retry cannot apply twice.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectionError, errorFromAnswer } from './errors.ts';
import { encodeStripeForm } from './form.ts';
import { type Attempt, retryDelayMs, shouldRetry } from './retry.ts';

/**
 * The API version the app's code and the `stripe` types it imports describe (the SDK pinned it
 * the same way); tests/functions/stripe-client.test.ts keeps it equal to the installed SDK's.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export type StripeMethod = 'GET' | 'POST' | 'DELETE';

export interface StripeCallOptions {
  /** Makes a retried or repeated call answer with the first call's result (24 hours at Stripe). */
  idempotencyKey?: string;
}

export type StripeRequest = <T>(
  method: StripeMethod,
  path: string,
  params?: object,
  options?: StripeCallOptions,
) => Promise<T>;

export interface StripeRequestConfig {
  apiKey: string;
  /** The API's origin; Stripe's own unless the local simulator stands in for it. */
  apiBase?: string;
  timeoutMs: number;
  maxNetworkRetries: number;
  /** Tests replace the transport and the wait between attempts. */
  fetch?: typeof fetch;
  wait?: (ms: number) => Promise<unknown>;
}

const STRIPE_API = 'https://api.stripe.com';

/** The error code under a failed fetch (undici puts the socket's in `cause`). */
function networkCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = cause?.code ?? code;
  return typeof found === 'string' ? found : undefined;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function stripeRequester(config: StripeRequestConfig): StripeRequest {
  const send = config.fetch ?? fetch;
  const wait = config.wait ?? sleep;
  const origin = (config.apiBase?.trim() || STRIPE_API).replace(/\/+$/, '');

  return async function request<T>(
    method: StripeMethod,
    path: string,
    params?: object,
    options: StripeCallOptions = {},
  ): Promise<T> {
    const form = encodeStripeForm(params);
    const inBody = method === 'POST';
    const url = `${origin}${path}${!inBody && form ? `?${form}` : ''}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${config.apiKey}`,
      // On every request, as the SDK sends it.
      'Content-Type': 'application/x-www-form-urlencoded',
      'Stripe-Version': STRIPE_API_VERSION,
      'User-Agent': 'clubs',
    };
    // The same key on every attempt: Stripe answers a retry of an applied POST with the first answer.
    const idempotencyKey = options.idempotencyKey ?? (inBody ? `clubs-retry-${randomUUID()}` : undefined);
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

    for (let retries = 0; ; retries++) {
      let response: Response;
      let body: unknown;
      try {
        const signal = AbortSignal.timeout(config.timeoutMs);
        response = await send(url, { method, headers, body: inBody ? form : undefined, signal });
        body = await bodyOf(response);
      } catch (error) {
        const attempt: Attempt = { kind: 'network', code: networkCode(error) };
        if (shouldRetry(attempt, retries, config.maxNetworkRetries)) {
          await wait(retryDelayMs(retries));
          continue;
        }
        throw connectionError(error, retries, config.timeoutMs);
      }
      if (response.ok && body !== undefined) return body as T;
      const attempt: Attempt = {
        kind: 'answer',
        status: response.status,
        shouldRetry: response.headers.get('stripe-should-retry'),
      };
      if (!response.ok && shouldRetry(attempt, retries, config.maxNetworkRetries)) {
        await wait(retryDelayMs(retries));
        continue;
      }
      const requestId = response.headers.get('request-id') ?? undefined;
      throw errorFromAnswer(response.status, body, requestId);
    }
  };
}
