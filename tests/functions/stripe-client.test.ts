/**
 * The functions' Stripe client (functions/src/stripe): what it sends is what the `stripe` SDK
 * sent for the same call (both write to one recording `fetch`), Stripe's errors come out with the
 * SDK's type, code, statusCode and message, and it retries exactly when the SDK did.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createStripeClient, type StripeApi } from '@clubs/functions/stripe/client';
import { errorFromAnswer, errorTypeFor, StripeRequestError } from '@clubs/functions/stripe/errors';
import { encodeStripeForm } from '@clubs/functions/stripe/form';
import { STRIPE_API_VERSION } from '@clubs/functions/stripe/request';
import { retryDelayMs, shouldRetry } from '@clubs/functions/stripe/retry';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';

const KEY = 'sk_test_client_unit';
const BASE = 'http://stripe.test:12111';

interface Sent {
  method: string;
  url: string;
  body: string;
  headers: Headers;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | Error;

/** A `fetch` that records each request and answers from a script (the last answer repeats). */
function recordingFetch(...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? init.body : '',
      headers: new Headers(init?.headers),
    });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)] ?? { status: 200, body: {} };
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'request-id': 'req_unit', ...answer.headers },
    });
  });
  return { fetch: fetchFn as unknown as typeof fetch, sent };
}

const noWait = async () => undefined;

function ours(fetchFn: typeof fetch, maxNetworkRetries = 0): StripeApi {
  return createStripeClient({ apiKey: KEY, apiBase: BASE, fetch: fetchFn, wait: noWait, maxNetworkRetries });
}

function sdk(fetchFn: typeof fetch): Stripe {
  return new Stripe(KEY, {
    host: 'stripe.test',
    port: 12111,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(fetchFn),
  });
}

/** The parts of a request Stripe acts on. */
const essence = (request: Sent | undefined) => ({
  method: request?.method,
  url: request?.url,
  body: request?.body,
  contentType: request?.headers.get('content-type'),
  version: request?.headers.get('stripe-version'),
  authorization: request?.headers.get('authorization'),
});

/** Each call the app makes, with parameters of the shapes it passes. */
const CALLS: Record<string, (client: StripeApi) => Promise<unknown>> = {
  'accounts.create': (c) =>
    c.accounts.create(
      {
        type: 'express',
        email: 'owner@example.com',
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { userId: '01J0USER' },
      },
      { idempotencyKey: 'connect-account-01J0USER' },
    ),
  'accounts.retrieve': (c) => c.accounts.retrieve('acct_1'),
  'accounts.createLoginLink': (c) => c.accounts.createLoginLink('acct_1'),
  'accountLinks.create': (c) =>
    c.accountLinks.create({
      account: 'acct_1',
      type: 'account_onboarding',
      refresh_url: 'http://app.test/club-settings/c1?tab=payments&onboarding=refresh',
      return_url: 'http://app.test/club-settings/c1?tab=payments&onboarding=return',
    }),
  'billingPortal.sessions.create': (c) =>
    c.billingPortal.sessions.create({
      customer: 'cus_1',
      return_url: 'http://app.test/communities/c%201/billing',
    }),
  'checkout.sessions.create': (c) =>
    c.checkout.sessions.create({
      mode: 'subscription',
      customer: 'cus_1',
      line_items: [{ quantity: 1, price: 'price_1' }],
      subscription_data: {
        application_fee_percent: 2.9,
        transfer_data: { destination: 'acct_1' },
        trial_period_days: 7,
        description: "Membership: Rock 'n' Roll (& friends)!*",
        metadata: { kind: 'membership', clubId: 'c1', userId: 'u1' },
      },
      metadata: { kind: 'membership', clubId: 'c1', userId: 'u1' },
      success_url: 'http://app.test/communities/c1/membership-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/c/c1?checkout=canceled',
    }),
  'checkout.sessions.retrieve': (c) => c.checkout.sessions.retrieve('cs_test_1'),
  'checkout.sessions.expire': (c) => c.checkout.sessions.expire('cs_test_1'),
  'customers.create': (c) =>
    c.customers.create(
      { email: 'ünïcode+tag@example.com', name: 'Zoë Ünal', metadata: { userId: 'u1' } },
      { idempotencyKey: 'customer-u1' },
    ),
  'customers.retrieve': (c) =>
    c.customers.retrieve('cus_1', { expand: ['invoice_settings.default_payment_method'] }),
  'invoices.list': (c) => c.invoices.list({ subscription: 'sub_1', limit: 12 }),
  'prices.create': (c) =>
    c.prices.create({
      currency: 'eur',
      unit_amount: 1250,
      recurring: { interval: 'month' },
      metadata: { clubId: 'c1' },
      product_data: { name: 'Chess & Tea membership', metadata: { clubId: 'c1' } },
    }),
  'prices.list': (c) => c.prices.list({ lookup_keys: ['clubs_creator_monthly'], active: true, limit: 1 }),
  'subscriptions.retrieve': (c) =>
    c.subscriptions.retrieve('sub_1', { expand: ['default_payment_method', 'items.data.price.product'] }),
  'subscriptions.update (leave)': (c) =>
    c.subscriptions.update('sub_1', { cancel_at_period_end: true }, { idempotencyKey: 'leave-sub_1' }),
  'subscriptions.update (pause)': (c) =>
    c.subscriptions.update('sub_1', { pause_collection: { behavior: 'void' } }),
  'subscriptions.update (resume)': (c) => c.subscriptions.update('sub_1', { pause_collection: '' }),
  'subscriptions.cancel': (c) => c.subscriptions.cancel('sub_1', {}, { idempotencyKey: 'cancel-sub_1' }),
  'subscriptions.list': (c) => c.subscriptions.list({ customer: 'cus_1', status: 'all', limit: 100 }),
};

describe('requests, compared with the stripe SDK', () => {
  it.each(Object.keys(CALLS))('%s sends what the SDK sends', async (name) => {
    const call = CALLS[name] as (client: StripeApi) => Promise<unknown>;
    const list = { object: 'list', data: [], has_more: false, url: '/v1/x' };
    const mine = recordingFetch({ status: 200, body: list });
    const theirs = recordingFetch({ status: 200, body: list });
    await call(ours(mine.fetch));
    // The SDK's methods have the same names and parameters: the same function drives it.
    await call(sdk(theirs.fetch) as unknown as StripeApi);
    expect(mine.sent).toHaveLength(1);
    expect(essence(mine.sent[0])).toEqual(essence(theirs.sent[0]));
  });

  it('keeps the idempotency key a call passes, and keys every other POST itself', async () => {
    const { fetch: fetchFn, sent } = recordingFetch({ status: 200, body: { id: 'x' } });
    const client = ours(fetchFn);
    await client.customers.create({}, { idempotencyKey: 'customer-u1' });
    await client.checkout.sessions.expire('cs_1');
    await client.checkout.sessions.expire('cs_1');
    await client.subscriptions.retrieve('sub_1');
    await client.subscriptions.cancel('sub_1', {}, { idempotencyKey: 'cancel-sub_1' });
    const keys = sent.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe('customer-u1');
    expect(keys[1]).toMatch(/^clubs-retry-[0-9a-f-]{36}$/);
    expect(keys[2]).toMatch(/^clubs-retry-/);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).toBeNull();
    expect(keys[4]).toBe('cancel-sub_1');
  });

  it('puts an id into the path as one segment', async () => {
    const { fetch: fetchFn, sent } = recordingFetch({ status: 200, body: { id: 'x' } });
    await ours(fetchFn).subscriptions.retrieve('sub_1/../../v1/customers?x=1');
    expect(sent[0]?.url).toBe(`${BASE}/v1/subscriptions/sub_1%2F..%2F..%2Fv1%2Fcustomers%3Fx%3D1`);
  });

  it('pins the API version of the installed SDK, whose types the code reads', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('the functions import the stripe package for its types only (a value import bundles all of it)', () => {
    const root = path.resolve(import.meta.dirname, '../../functions/src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    const valueImports = files.filter((file) =>
      /^\s*import\s+(?!type\s)[^;]*from\s+['"]stripe(\/[^'"]*)?['"]/m.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(valueImports).toEqual([]);
  });
});

describe('lists', () => {
  const page = (ids: string[], hasMore: boolean) => ({
    status: 200,
    body: { object: 'list', data: ids.map((id) => ({ id })), has_more: hasMore, url: '/v1/subscriptions' },
  });

  it('awaited, is the first page; iterated, pages on after the last id', async () => {
    const { fetch: fetchFn, sent } = recordingFetch(page(['sub_1', 'sub_2'], true), page(['sub_3'], false));
    const list = ours(fetchFn).subscriptions.list({ customer: 'cus_1', status: 'all', limit: 2 });
    expect((await list).data.map((s) => s.id)).toEqual(['sub_1', 'sub_2']);
    const seen: string[] = [];
    for await (const subscription of list) seen.push(subscription.id);
    expect(seen).toEqual(['sub_1', 'sub_2', 'sub_3']);
    expect(sent.map((request) => new URL(request.url).search)).toEqual([
      '?customer=cus_1&status=all&limit=2',
      '?customer=cus_1&status=all&limit=2&starting_after=sub_2',
    ]);
  });

  it('stops early when the loop does', async () => {
    const { fetch: fetchFn, sent } = recordingFetch(page(['sub_1', 'sub_2'], true), page(['sub_3'], false));
    for await (const subscription of ours(fetchFn).subscriptions.list({ customer: 'cus_1' })) {
      if (subscription.id === 'sub_1') break;
    }
    expect(sent).toHaveLength(1);
  });
});

describe('errors, compared with the stripe SDK', () => {
  const errorOf = async (call: Promise<unknown>) => {
    const error = (await call.then(
      () => undefined,
      (e: unknown) => e,
    )) as Record<string, unknown> | undefined;
    return {
      type: error?.type,
      rawType: error?.rawType,
      code: error?.code,
      param: error?.param,
      statusCode: error?.statusCode,
      message: error?.message,
      requestId: error?.requestId,
    };
  };

  it.each([
    [400, { type: 'invalid_request_error', message: 'Missing required param: customer.', param: 'customer' }],
    [400, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' }],
    [400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used once.' }],
    [401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }],
    [402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }],
    [403, { type: 'invalid_request_error', message: 'This key does not have access.' }],
    [
      404,
      {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such subscription: 'x'",
      },
    ],
    [409, { type: 'invalid_request_error', code: 'lock_timeout', message: 'Try again.' }],
    [429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' }],
    [500, { type: 'api_error', message: 'Something went wrong on our end.' }],
  ])('%i %j', async (status, error) => {
    const answer = { status, body: { error } };
    const mine = await errorOf(ours(recordingFetch(answer).fetch).subscriptions.retrieve('x'));
    const theirs = await errorOf(sdk(recordingFetch(answer).fetch).subscriptions.retrieve('x'));
    expect(mine).toEqual(theirs);
    expect(mine.type).toBe(errorTypeFor(status, error));
  });

  it('an answer that is not JSON is an API error', async () => {
    const fetchFn = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch;
    const error = await ours(fetchFn)
      .accounts.retrieve('acct_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeRequestError);
    expect(error).toMatchObject({
      type: 'StripeAPIError',
      message: 'Invalid JSON received from the Stripe API',
    });
  });

  it('builds the 404 of a missing object as the callers check it', () => {
    const error = errorFromAnswer(
      404,
      { error: { code: 'resource_missing', message: 'No such price' } },
      'req_1',
    );
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
      requestId: 'req_1',
      message: 'No such price',
    });
  });
});

describe('retries', () => {
  it.each([
    ['a network error, retries left', { kind: 'network' } as const, 0, 1, true],
    ['a network error, none left', { kind: 'network' } as const, 1, 1, false],
    ['a closed connection, retries off', { kind: 'network', code: 'ECONNRESET' } as const, 0, 0, true],
    ['a refused connection, retries off', { kind: 'network', code: 'ECONNREFUSED' } as const, 0, 0, false],
    ['409', { kind: 'answer', status: 409, shouldRetry: null } as const, 0, 1, true],
    ['500', { kind: 'answer', status: 500, shouldRetry: null } as const, 0, 1, true],
    ['503, none left', { kind: 'answer', status: 503, shouldRetry: null } as const, 1, 1, false],
    ['500 Stripe says not to', { kind: 'answer', status: 500, shouldRetry: 'false' } as const, 0, 1, false],
    ['429', { kind: 'answer', status: 429, shouldRetry: null } as const, 0, 1, false],
    ['429 Stripe says to', { kind: 'answer', status: 429, shouldRetry: 'true' } as const, 0, 1, true],
    ['400', { kind: 'answer', status: 400, shouldRetry: null } as const, 0, 1, false],
  ])('%s: %s', (_name, attempt, retriesSoFar, max, expected) => {
    expect(shouldRetry(attempt, retriesSoFar, max)).toBe(expected);
  });

  it('waits half a second to five seconds, growing', () => {
    expect(retryDelayMs(0, () => 0)).toBe(500);
    expect(retryDelayMs(1, () => 1)).toBe(500);
    expect(retryDelayMs(2, () => 1)).toBe(1000);
    expect(retryDelayMs(3, () => 0)).toBe(1000);
    expect(retryDelayMs(20, () => 1)).toBe(5000);
  });

  it('a POST that failed with a 500 is sent again with the same key, once', async () => {
    const { fetch: fetchFn, sent } = recordingFetch(
      { status: 500, body: { error: { type: 'api_error', message: 'boom' } } },
      { status: 200, body: { id: 'cus_1' } },
    );
    const wait = vi.fn(noWait);
    const client = createStripeClient({
      apiKey: KEY,
      apiBase: BASE,
      fetch: fetchFn,
      wait,
      maxNetworkRetries: 1,
    });
    expect(await client.customers.create({ name: 'A' })).toEqual({ id: 'cus_1' });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(wait).toHaveBeenCalledOnce();
  });

  it('gives up after the retries with the last error', async () => {
    const { fetch: fetchFn, sent } = recordingFetch({
      status: 503,
      body: { error: { type: 'api_error', message: 'unavailable' } },
    });
    const error = await ours(fetchFn, 1)
      .subscriptions.retrieve('sub_1')
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(2);
    expect(error).toMatchObject({ type: 'StripeAPIError', statusCode: 503, message: 'unavailable' });
  });

  it('Stripe unreachable: a connection error after the retries', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const { fetch: fetchFn, sent } = recordingFetch(refused);
    const error = await ours(fetchFn, 1)
      .accounts.retrieve('acct_1')
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(2);
    expect(error).toMatchObject({
      type: 'StripeConnectionError',
      message: 'An error occurred with our connection to Stripe. Request was retried 1 times.',
    });
  });

  it('a request that outlasts the timeout is aborted', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const client = createStripeClient({
      apiKey: KEY,
      apiBase: BASE,
      fetch: hanging,
      timeoutMs: 30,
      maxNetworkRetries: 0,
    });
    await expect(client.accounts.retrieve('acct_1')).rejects.toMatchObject({
      type: 'StripeConnectionError',
      message: 'Request aborted due to timeout being reached (30ms)',
    });
  });
});

describe('form encoding', () => {
  it('nests objects and arrays in brackets, leaves out undefined and sends null and "" empty', () => {
    expect(
      encodeStripeForm({
        a: 1,
        b: { c: [{ d: 'x y' }, 'z'] },
        skip: undefined,
        empty: '',
        unset: null,
        flag: false,
      }),
    ).toBe('a=1&b[c][0][d]=x%20y&b[c][1]=z&empty=&unset=&flag=false');
  });

  it('escapes what could break the form, in keys and values', () => {
    expect(encodeStripeForm({ metadata: { 'a&b=c': "it's (50%)*!" } })).toBe(
      'metadata[a%26b%3Dc]=it%27s%20%2850%25%29%2A%21',
    );
  });

  it('nothing to send is an empty string', () => {
    expect(encodeStripeForm(undefined)).toBe('');
    expect(encodeStripeForm({})).toBe('');
  });
});
