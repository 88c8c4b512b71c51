/**
 * What the simulated Stripe does: the objects the app creates and reads, in Stripe's shapes
 * (API version 2026-10-28), and what happens when a person pays, cancels, onboards or changes
 * their plan on the simulator's pages. Every state change that Stripe reports by webhook emits
 * the same event types.
 *
 * Deliberately left out: anything the app does not call (payment intents as objects, taxes,
 * coupons, proration…); a paid invoice's charge, its application fee and refunds are kept
 * (charges.ts). Payments always succeed on Pay; a failed renewal can be
 * triggered through the simulator-only endpoints (api.ts, `/_simulator/...`).
 *
 * This class is the one face of it that the API, the pages, the demo seed and the tests use;
 * the work is done per resource: catalog.ts, customers.ts (with the Billing Portal),
 * checkout.ts, subscriptions.ts, invoices.ts, charges.ts, connect.ts and seed.ts.
 */
import * as catalog from './catalog.ts';
import * as charges from './charges.ts';
import * as checkout from './checkout.ts';
import * as connect from './connect.ts';
import { retrieve, type SimulatorContext } from './context.ts';
import * as customers from './customers.ts';
import type { FormObject } from './form.ts';
import * as seed from './seed.ts';
import type { Store, StripeObject } from './store.ts';
import * as subscriptions from './subscriptions.ts';
import type { Webhooks } from './webhooks.ts';

export interface SimulatorOptions {
  /** How browsers reach the simulator's pages, e.g. http://localhost:12111. */
  publicUrl: string;
}

export class Simulator {
  private readonly ctx: SimulatorContext;

  constructor(
    readonly store: Store,
    readonly webhooks: Webhooks,
    options: SimulatorOptions,
  ) {
    // The address is known only once the server listens (port 0 in tests): read it when used.
    this.ctx = {
      store,
      webhooks,
      get publicUrl() {
        return options.publicUrl;
      },
    };
    catalog.ensureCatalog(this.ctx);
  }

  get publicUrl(): string {
    return this.ctx.publicUrl;
  }

  // ---- reading -------------------------------------------------------------------------

  retrieve(kind: string, object: string, id: string): StripeObject {
    return retrieve(this.ctx, kind, object, id);
  }

  /** A copy of `object` with the fields named by Stripe's `expand` paths replaced by objects. */
  expand(object: StripeObject, paths: readonly string[]): StripeObject {
    const copy = JSON.parse(JSON.stringify(object)) as StripeObject;
    for (const path of paths) this.expandAt(copy, path.split('.'));
    return copy;
  }

  private expandAt(node: unknown, segments: string[]): void {
    if (!node || typeof node !== 'object' || segments.length === 0) return;
    const [head, ...rest] = segments as [string, ...string[]];
    const record = node as Record<string, unknown>;
    if (record.object === 'list' && head === 'data' && Array.isArray(record.data)) {
      for (const item of record.data) this.expandAt(item, rest);
      return;
    }
    let value = record[head];
    if (typeof value === 'string') {
      const target = this.store.get(value);
      if (target) {
        value = JSON.parse(JSON.stringify(target)) as unknown;
        record[head] = value;
      }
    }
    this.expandAt(value, rest);
  }

  list(
    url: string,
    items: StripeObject[],
    page: { limit?: number | undefined; startingAfter?: string | undefined },
  ) {
    const size = Math.min(Math.max(page.limit ?? 10, 1), 100);
    const after = page.startingAfter ? items.findIndex((item) => item.id === page.startingAfter) + 1 : 0;
    const rest = items.slice(after);
    return { object: 'list', data: rest.slice(0, size), has_more: rest.length > size, url };
  }

  // ---- what the API and the pages ask for, done by the resource modules --------------------

  createProduct = (name: string, metadata?: Record<string, string>) =>
    catalog.createProduct(this.ctx, name, metadata);
  createPrice = (form: FormObject) => catalog.createPrice(this.ctx, form);

  createCustomer = (form: FormObject) => customers.createCustomer(this.ctx, form);
  updateCustomer = (id: string, form: FormObject) => customers.updateCustomer(this.ctx, id, form);
  createPortalSession = (form: FormObject) => customers.createPortalSession(this.ctx, form);
  createPortalConfiguration = (form: FormObject) => customers.createPortalConfiguration(this.ctx, form);

  createCheckoutSession = (form: FormObject) => checkout.createCheckoutSession(this.ctx, form);
  checkoutView = (id: string) => checkout.checkoutView(this.ctx, id);
  expireCheckoutSession = (id: string) => checkout.expireCheckoutSession(this.ctx, id);
  cancelCheckout = (id: string) => checkout.cancelCheckout(this.ctx, id);
  payCheckout = (id: string, email?: string, cardNumber?: string) =>
    checkout.payCheckout(this.ctx, id, email, cardNumber);

  createRefund = (form: FormObject) => charges.createRefund(this.ctx, form);

  updateSubscription = (id: string, form: FormObject) => subscriptions.updateSubscription(this.ctx, id, form);
  cancelSubscription = (id: string) => subscriptions.cancelSubscription(this.ctx, id);
  failRenewal = (id: string) => subscriptions.failRenewal(this.ctx, id);
  renew = (id: string) => subscriptions.renew(this.ctx, id);
  replaceCard = (subscriptionId: string) => subscriptions.replaceCard(this.ctx, subscriptionId);

  createAccount = (form: FormObject) => connect.createAccount(this.ctx, form);
  updateAccount = (id: string, form: FormObject) => connect.updateAccount(this.ctx, id, form);
  completeOnboarding = (id: string, emit?: boolean) => connect.completeOnboarding(this.ctx, id, emit);
  disableCharges = (id: string) => connect.disableCharges(this.ctx, id);
  createAccountLink = (form: FormObject) => connect.createAccountLink(this.ctx, form);
  accountLink = (token: string) => connect.accountLink(this.ctx, token);
  useAccountLink = (token: string) => connect.useAccountLink(this.ctx, token);
  createLoginLink = (accountId: string) => connect.createLoginLink(this.ctx, accountId);

  seedOnboardedAccount = (input: Parameters<typeof seed.seedOnboardedAccount>[1]) =>
    seed.seedOnboardedAccount(this.ctx, input);
  seedCreatorSubscription = (input: Parameters<typeof seed.seedCreatorSubscription>[1]) =>
    seed.seedCreatorSubscription(this.ctx, input);
}
