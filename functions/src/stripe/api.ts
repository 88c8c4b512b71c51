/**
 * The Stripe API calls the app makes, and only those, with the `stripe` SDK's names, parameter
 * and response types (types only: nothing of the SDK is bundled). Each is one REST request
 * (request.ts); lists page on with `starting_after` when iterated, as the SDK's do.
 */
import type Stripe from 'stripe';
import type { StripeCallOptions, StripeRequest } from './request.ts';

/** A list's first page when awaited; every item, page after page, when iterated with `for await`. */
export type StripeList<T> = Promise<Stripe.ApiList<T>> & AsyncIterable<T>;

export interface StripeApi {
  accounts: {
    create(params: Stripe.AccountCreateParams, options?: StripeCallOptions): Promise<Stripe.Account>;
    retrieve(id: string): Promise<Stripe.Account>;
    createLoginLink(id: string): Promise<Stripe.LoginLink>;
  };
  accountLinks: {
    create(params: Stripe.AccountLinkCreateParams): Promise<Stripe.AccountLink>;
  };
  billingPortal: {
    sessions: {
      create(params: Stripe.BillingPortal.SessionCreateParams): Promise<Stripe.BillingPortal.Session>;
    };
  };
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session>;
      retrieve(id: string): Promise<Stripe.Checkout.Session>;
      expire(id: string): Promise<Stripe.Checkout.Session>;
    };
  };
  customers: {
    create(params: Stripe.CustomerCreateParams, options?: StripeCallOptions): Promise<Stripe.Customer>;
    retrieve(
      id: string,
      params?: Stripe.CustomerRetrieveParams,
    ): Promise<Stripe.Customer | Stripe.DeletedCustomer>;
  };
  invoices: {
    list(params: Stripe.InvoiceListParams): StripeList<Stripe.Invoice>;
  };
  prices: {
    create(params: Stripe.PriceCreateParams): Promise<Stripe.Price>;
    list(params: Stripe.PriceListParams): StripeList<Stripe.Price>;
  };
  subscriptions: {
    retrieve(id: string, params?: Stripe.SubscriptionRetrieveParams): Promise<Stripe.Subscription>;
    update(
      id: string,
      params: Stripe.SubscriptionUpdateParams,
      options?: StripeCallOptions,
    ): Promise<Stripe.Subscription>;
    cancel(
      id: string,
      params?: Stripe.SubscriptionCancelParams,
      options?: StripeCallOptions,
    ): Promise<Stripe.Subscription>;
    list(params: Stripe.SubscriptionListParams): StripeList<Stripe.Subscription>;
  };
}

/** `/v1/…/{id}`: an id is one path segment, whatever it holds. */
const at = (collection: string, id: string, action = '') =>
  `/v1/${collection}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** A list call: the first page at once, the rest only as far as an iteration reads. */
function listOf<T extends { id?: string }>(
  request: StripeRequest,
  path: string,
  params: object,
): StripeList<T> {
  const first = request<Stripe.ApiList<T>>('GET', path, params);
  async function* all(): AsyncGenerator<T> {
    let page = await first;
    yield* page.data;
    while (page.has_more && page.data.length > 0) {
      const last = page.data[page.data.length - 1] as T;
      page = await request<Stripe.ApiList<T>>('GET', path, { ...params, starting_after: last.id });
      yield* page.data;
    }
  }
  return Object.assign(first, { [Symbol.asyncIterator]: all });
}

export function stripeApi(request: StripeRequest): StripeApi {
  return {
    accounts: {
      create: (params, options) => request('POST', '/v1/accounts', params, options),
      retrieve: (id) => request('GET', at('accounts', id)),
      createLoginLink: (id) => request('POST', at('accounts', id, 'login_links')),
    },
    accountLinks: {
      create: (params) => request('POST', '/v1/account_links', params),
    },
    billingPortal: {
      sessions: { create: (params) => request('POST', '/v1/billing_portal/sessions', params) },
    },
    checkout: {
      sessions: {
        create: (params) => request('POST', '/v1/checkout/sessions', params),
        retrieve: (id) => request('GET', at('checkout/sessions', id)),
        expire: (id) => request('POST', at('checkout/sessions', id, 'expire')),
      },
    },
    customers: {
      create: (params, options) => request('POST', '/v1/customers', params, options),
      retrieve: (id, params) => request('GET', at('customers', id), params),
    },
    invoices: {
      list: (params) => listOf(request, '/v1/invoices', params),
    },
    prices: {
      create: (params) => request('POST', '/v1/prices', params),
      list: (params) => listOf(request, '/v1/prices', params),
    },
    subscriptions: {
      retrieve: (id, params) => request('GET', at('subscriptions', id), params),
      update: (id, params, options) => request('POST', at('subscriptions', id), params, options),
      cancel: (id, params, options) => request('DELETE', at('subscriptions', id), params, options),
      list: (params) => listOf(request, '/v1/subscriptions', params),
    },
  };
}
