/**
 * The `/v1/...` API the `stripe` SDK calls: bearer-key authentication, form-encoded parameters,
 * `expand[]`, idempotency keys (a repeated key answers with the first answer, as Stripe does for
 * 24 hours), JSON answers and Stripe's error shape. Also a few simulator-only endpoints under
 * `/_simulator/` for tests and demos (a failed renewal, charges disabled).
 */

import { missing, StripeApiError } from './errors.ts';
import { type FormObject, read } from './form.ts';
import type { Simulator } from './simulator.ts';
import type { StripeObject } from './store.ts';

export interface ApiRequest {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  idempotencyKey: string | undefined;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

type Handler = (params: string[], request: ApiRequest) => unknown;

const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;

function routes(sim: Simulator): Array<[string, RegExp, Handler]> {
  const expandOf = (request: ApiRequest) => [
    ...read.strings(request.query.expand),
    ...read.strings(request.body.expand),
  ];
  const one = (kind: string, object: string) => (params: string[], request: ApiRequest) =>
    sim.expand(sim.retrieve(kind, object, params[0] as string), expandOf(request));
  const out = (request: ApiRequest, value: StripeObject) => sim.expand(value, expandOf(request));
  /** A list page's size and, for Stripe's auto-pagination, the id it starts after. */
  const limitOf = (request: ApiRequest) => ({
    limit: read.integer(request.query.limit),
    startingAfter: read.string(request.query.starting_after),
  });
  /**
   * A list endpoint: one page of the stored objects of type `object` that `where` (made from the
   * request's query) keeps, each expanded as the request asks.
   */
  const list =
    (url: string, object: string, where: (query: FormObject) => (o: StripeObject) => boolean): Handler =>
    (_, r) =>
      sim.list(
        url,
        sim.store.all(object, where(r.query)).map((o) => out(r, o)),
        limitOf(r),
      );

  return [
    ['POST', /^\/v1\/customers$/, (_, r) => out(r, sim.createCustomer(r.body))],
    ['GET', /^\/v1\/customers\/([^/]+)$/, one('customer', 'customer')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, ([id], r) => out(r, sim.updateCustomer(id as string, r.body))],

    ['POST', /^\/v1\/products$/, (_, r) => out(r, sim.createProduct(read.string(r.body.name) ?? 'Product'))],
    ['GET', /^\/v1\/products\/([^/]+)$/, one('product', 'product')],
    ['POST', /^\/v1\/prices$/, (_, r) => out(r, sim.createPrice(r.body))],
    ['GET', /^\/v1\/prices\/([^/]+)$/, one('price', 'price')],
    [
      'GET',
      /^\/v1\/prices$/,
      list('/v1/prices', 'price', (query) => {
        const keys = read.strings(query.lookup_keys);
        const active = read.boolean(query.active);
        const product = read.string(query.product);
        return (price) => {
          if (keys.length > 0 && !keys.includes(String(price.lookup_key))) return false;
          if (active !== undefined && price.active !== active) return false;
          return !product || price.product === product;
        };
      }),
    ],

    ['POST', /^\/v1\/checkout\/sessions$/, (_, r) => out(r, sim.createCheckoutSession(r.body))],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, one('checkout session', 'checkout.session')],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([id], r) => out(r, sim.expireCheckoutSession(id as string)),
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions$/,
      list('/v1/checkout/sessions', 'checkout.session', (query) => {
        const customer = read.string(query.customer);
        const subscription = read.string(query.subscription);
        return (s) =>
          (!customer || s.customer === customer) && (!subscription || s.subscription === subscription);
      }),
    ],

    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, one('subscription', 'subscription')],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], r) => out(r, sim.updateSubscription(id as string, r.body)),
    ],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, ([id], r) => out(r, sim.cancelSubscription(id as string))],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      list('/v1/subscriptions', 'subscription', (query) => {
        const customer = read.string(query.customer);
        const status = read.string(query.status);
        return (s) =>
          (!customer || s.customer === customer) &&
          (status === 'all' || (status ? s.status === status : s.status !== 'canceled'));
      }),
    ],

    ['GET', /^\/v1\/invoices\/([^/]+)$/, one('invoice', 'invoice')],
    [
      'GET',
      /^\/v1\/invoices$/,
      list('/v1/invoices', 'invoice', (query) => {
        const customer = read.string(query.customer);
        const subscription = read.string(query.subscription);
        const status = read.string(query.status);
        return (invoice) => {
          const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
          return (
            (!customer || invoice.customer === customer) &&
            (!subscription || parent?.subscription_details?.subscription === subscription) &&
            (!status || invoice.status === status)
          );
        };
      }),
    ],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, one('payment method', 'payment_method')],
    ['GET', /^\/v1\/charges\/([^/]+)$/, one('charge', 'charge')],
    ['GET', /^\/v1\/application_fees\/([^/]+)$/, one('application fee', 'application_fee')],
    ['POST', /^\/v1\/refunds$/, (_, r) => out(r, sim.createRefund(r.body))],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, one('refund', 'refund')],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      list('/v1/invoice_payments', 'invoice_payment', (query) => {
        const invoice = read.string(query.invoice);
        const payment = read.object(query.payment);
        const intent = read.string(payment?.payment_intent);
        return (o) =>
          (!invoice || o.invoice === invoice) &&
          (!intent || (o.payment as { payment_intent?: string }).payment_intent === intent);
      }),
    ],

    ['POST', /^\/v1\/accounts$/, (_, r) => out(r, sim.createAccount(r.body))],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, one('account', 'account')],
    ['POST', /^\/v1\/accounts\/([^/]+)$/, ([id], r) => out(r, sim.updateAccount(id as string, r.body))],
    ['POST', /^\/v1\/accounts\/([^/]+)\/login_links$/, ([id]) => sim.createLoginLink(id as string)],
    [
      'POST',
      /^\/v1\/account_links$/,
      (_, r) => {
        const { id: _token, ...link } = sim.createAccountLink(r.body);
        return link;
      },
    ],

    ['POST', /^\/v1\/billing_portal\/sessions$/, (_, r) => out(r, sim.createPortalSession(r.body))],
    [
      'POST',
      /^\/v1\/billing_portal\/configurations$/,
      (_, r) => out(r, sim.createPortalConfiguration(r.body)),
    ],
    [
      'GET',
      /^\/v1\/billing_portal\/configurations\/([^/]+)$/,
      one('billing portal configuration', 'billing_portal.configuration'),
    ],

    ['GET', /^\/v1\/events\/([^/]+)$/, one('event', 'event')],
    [
      'GET',
      /^\/v1\/events$/,
      list('/v1/events', 'event', (query) => {
        const type = read.string(query.type);
        return (e) => !type || e.type === type;
      }),
    ],

    // Simulator only: what a test or a demo needs to make happen on "Stripe's" side.
    ['POST', /^\/_simulator\/subscriptions\/([^/]+)\/fail_renewal$/, ([id]) => sim.failRenewal(id as string)],
    ['POST', /^\/_simulator\/subscriptions\/([^/]+)\/renew$/, ([id]) => sim.renew(id as string)],
    [
      'POST',
      /^\/_simulator\/accounts\/([^/]+)\/complete_onboarding$/,
      ([id]) => sim.completeOnboarding(id as string),
    ],
    [
      'POST',
      /^\/_simulator\/accounts\/([^/]+)\/disable_charges$/,
      ([id]) => sim.disableCharges(id as string),
    ],
  ];
}

export function createApi(sim: Simulator) {
  const table = routes(sim);
  const idempotent = new Map<string, { answer: ApiAnswer; at: number }>();
  return function answer(request: ApiRequest): ApiAnswer {
    const cacheKey = request.idempotencyKey
      ? `${request.method} ${request.path} ${request.idempotencyKey}`
      : null;
    if (cacheKey && request.method !== 'GET') {
      const seen = idempotent.get(cacheKey);
      if (seen && Date.now() - seen.at < IDEMPOTENCY_MS) return seen.answer;
    }
    let result: ApiAnswer;
    try {
      const match = table
        .map(([method, pattern, handler]) => ({ method, handler, found: pattern.exec(request.path) }))
        .find((entry) => entry.method === request.method && entry.found);
      if (!match?.found) {
        const known = table.some(([, pattern]) => pattern.test(request.path));
        throw known
          ? new StripeApiError(
              405,
              'invalid_request_error',
              `Unrecognized request URL (${request.method}: ${request.path}).`,
            )
          : missing('endpoint', request.path);
      }
      const params = match.found.slice(1).map((p) => decodeURIComponent(p ?? ''));
      result = { status: 200, body: match.handler(params, request) };
    } catch (error) {
      if (error instanceof StripeApiError) result = { status: error.status, body: error.toBody() };
      else {
        result = {
          status: 500,
          body: { error: { type: 'api_error', message: `Simulator error: ${(error as Error).message}` } },
        };
      }
    }
    // Stripe does not store answers of requests that failed before running (e.g. 500s).
    if (cacheKey && request.method !== 'GET' && result.status < 500)
      idempotent.set(cacheKey, { answer: result, at: Date.now() });
    return result;
  };
}
