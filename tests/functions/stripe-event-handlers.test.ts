/**
 * Each Stripe event handler with events in Stripe's own shapes (API version 2026-10-28: the
 * invoice names its subscription under parent.subscription_details, the period under the
 * subscription's items). The table is replaced by in-memory repositories and Stripe by a fake
 * that answers what "Stripe knows now", which may differ from the event's copy: the handlers
 * must act on what Stripe says.
 */
import type { SubscriptionRecord, SubscriptionTarget } from '@clubs/functions/data/repositories/billing';
import { setStripeClient } from '@clubs/functions/stripe/client';
import { type Club, EVENT_BUS } from '@clubs/shared';
import type Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  clubs: new Map<string, { id: string; ownerId: string; status: string; price: number }>(),
  records: new Map<string, Record<string, unknown>>(),
  memberships: new Map<string, string>(),
  connect: [] as unknown[],
  claimed: new Set<string>(),
}));

vi.mock('@clubs/functions/data/repositories/clubs', () => ({
  getClub: async (id: string) => state.clubs.get(id) ?? null,
  setClubStatus: async (id: string, status: string, from?: string) => {
    const club = state.clubs.get(id);
    if (!club || (from && club.status !== from)) return null;
    club.status = status;
    return club;
  },
}));

vi.mock('@clubs/functions/data/repositories/membership-billing', () => ({
  activatePaidMembership: async (clubId: string, userId: string) => {
    const key = `${clubId}/${userId}`;
    if (state.memberships.get(key) === 'active') return 'already_active';
    state.memberships.set(key, 'active');
    return 'activated';
  },
  endPaidMembership: async (clubId: string, userId: string) =>
    state.memberships.delete(`${clubId}/${userId}`) ? 'ended' : 'absent',
}));

vi.mock('@clubs/functions/data/repositories/stripe-events', () => ({
  claimStripeEvent: async (id: string) => {
    if (state.claimed.has(id)) return false;
    state.claimed.add(id);
    return true;
  },
  releaseStripeEvent: async (id: string) => {
    state.claimed.delete(id);
  },
}));

vi.mock('@clubs/functions/data/repositories/billing', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@clubs/functions/data/repositories/billing')>();
  const keyOf = (t: SubscriptionTarget) =>
    t.kind === 'club_plan' ? `plan/${t.clubId}` : `sub/${t.clubId}/${t.userId}`;
  return {
    ...actual,
    getSubscriptionRecord: async (target: SubscriptionTarget) =>
      (state.records.get(keyOf(target)) as SubscriptionRecord | undefined) ?? null,
    saveSubscriptionState: async (
      target: SubscriptionTarget,
      s: { subscriptionId: string; customerId: string | null; status: string; userId: string },
      expected: string | null,
    ) => {
      const current = state.records.get(keyOf(target));
      if (((current?.subscriptionId as string | undefined) ?? null) !== expected)
        return { saved: false, reason: 'changed' };
      if (current?.subscriptionId === s.subscriptionId && actual.isEndedStatus(current.status as string)) {
        return { saved: false, reason: 'ended', status: current.status };
      }
      state.records.set(keyOf(target), { ...current, clubId: target.clubId, ...s });
      return { saved: true, status: s.status };
    },
    saveConnectState: async (...args: unknown[]) => {
      state.connect.push(args);
      return true;
    },
  };
});

const { handler } = await import('@clubs/functions/handlers/stripe-events');
const { invoiceSubscriptionId } = await import('@clubs/functions/payments/event-handlers');
const { clubStatusFor, membershipEffectFor } = await import('@clubs/functions/payments/subscription-sync');

/** What Stripe knows now, by id; the fake client reads from here. */
const stripeNow = new Map<string, Record<string, unknown>>();
const cancelled: string[] = [];
const fakeStripe = {
  subscriptions: {
    retrieve: vi.fn(async (id: string) => {
      const found = stripeNow.get(id);
      if (!found)
        throw Object.assign(new Error(`No such subscription: '${id}'`), { code: 'resource_missing' });
      return found;
    }),
    cancel: vi.fn(async (id: string) => {
      cancelled.push(id);
      const found = stripeNow.get(id);
      if (found) found.status = 'canceled';
      return found;
    }),
  },
  accounts: {
    retrieve: vi.fn(async (id: string) => stripeNow.get(id)),
  },
};

const OWNER = 'usr_owner_1';
const MEMBER = 'usr_member_1';
const CLUB = '01JCLUB00000000000000000001';
const SUB = 'sub_1QpYxQLkdIwHu7ix0bwmF2gE';

/** A subscription as Stripe returns it (trimmed to a realistic subset of its fields). */
function subscription(status: Stripe.Subscription.Status, metadata: Record<string, string>) {
  const item = {
    id: 'si_RiPoAfJT7yQpaN',
    object: 'subscription_item',
    created: 1_761_000_000,
    current_period_end: 1_761_604_800,
    current_period_start: 1_761_000_000,
    metadata: {},
    quantity: 1,
    subscription: SUB,
  } satisfies Partial<Stripe.SubscriptionItem>;
  return {
    id: SUB,
    object: 'subscription',
    application_fee_percent: metadata.kind === 'membership' ? 2.9 : null,
    cancel_at_period_end: false,
    canceled_at: status === 'canceled' ? 1_761_100_000 : null,
    collection_method: 'charge_automatically',
    created: 1_761_000_000,
    currency: 'usd',
    customer: 'cus_RiPo1H9nvFpBSb',
    default_payment_method: 'pm_1QpYxOLkdIwHu7ixkEJ2Dh8f',
    ended_at: status === 'canceled' ? 1_761_100_000 : null,
    items: {
      object: 'list',
      data: [item as Stripe.SubscriptionItem],
      has_more: false,
      url: `/v1/subscription_items?subscription=${SUB}`,
    },
    latest_invoice: 'in_1QpYxQLkdIwHu7ixWkp4D8nV',
    livemode: false,
    metadata,
    start_date: 1_761_000_000,
    status,
    trial_end: 1_761_604_800,
    trial_start: 1_761_000_000,
  } satisfies Partial<Stripe.Subscription>;
}

const planMetadata = { kind: 'club_plan', clubId: CLUB, userId: OWNER };
const memberMetadata = { kind: 'membership', clubId: CLUB, userId: MEMBER };

function event(type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const detail = {
    id: `evt_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: 1_761_000_100,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_9dW8wKqXz3', idempotency_key: 'b1c1b3f0-6a2e-4b8e-9b55-2f0a4f3b8f10' },
    type,
    ...extra,
  };
  return {
    version: '0',
    id: 'c2a0b7d4-2f69-4e3d-9f56-3a1d1b8e5d11',
    'detail-type': type,
    source: EVENT_BUS.stripeSource,
    account: '000000000000',
    time: '2026-10-21T10:01:40Z',
    region: 'us-east-1',
    resources: [],
    detail,
  } as Parameters<typeof handler>[0];
}

/** checkout.session.completed's object, as Stripe sends it for a subscription checkout. */
function checkoutSession(metadata: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_test_a1qvhM9pzQ0Z7N4oH0L8a3mU5xkq0t8w6cJ1s7',
    object: 'checkout.session',
    amount_subtotal: 8800,
    amount_total: 0,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: 'https://clubs.example.com/club-setup?canceled=true',
    client_reference_id: CLUB,
    created: 1_761_000_000,
    currency: 'usd',
    customer: 'cus_RiPo1H9nvFpBSb',
    customer_creation: null,
    customer_details: {
      address: null,
      email: 'owner@example.com',
      name: 'Olivia Owner',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
      business_name: null,
      individual_name: null,
    },
    customer_email: null,
    expires_at: 1_761_086_400,
    invoice: 'in_1QpYxQLkdIwHu7ixWkp4D8nV',
    livemode: false,
    locale: null,
    metadata,
    mode: 'subscription',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'no_payment_required',
    status: 'complete',
    subscription: SUB,
    success_url: `https://clubs.example.com/club-setup?success=true&club_id=${CLUB}`,
    ui_mode: 'hosted',
    url: null,
    ...overrides,
  } satisfies Partial<Stripe.Checkout.Session> & Record<string, unknown>;
}

/** invoice.paid / invoice.payment_failed's object (API 2025-03-31 and later: parent). */
function invoice(status: Stripe.Invoice.Status, metadata: Record<string, string>) {
  return {
    id: 'in_1QpZ2nLkdIwHu7ixK4tzyGRd',
    object: 'invoice',
    amount_due: 8800,
    amount_paid: status === 'paid' ? 8800 : 0,
    amount_remaining: status === 'paid' ? 0 : 8800,
    attempt_count: 1,
    attempted: true,
    billing_reason: 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: 1_761_604_800,
    currency: 'usd',
    customer: 'cus_RiPo1H9nvFpBSb',
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test_YWNjdF8x',
    livemode: false,
    metadata: {},
    number: 'F1B2C3D4-0002',
    parent: {
      quote_details: null,
      subscription_details: { metadata, subscription: SUB },
      type: 'subscription_details',
    },
    status,
    subtotal: 8800,
    total: 8800,
  } satisfies Partial<Stripe.Invoice>;
}

function givenClub(status: Club['status'], overrides: Partial<{ ownerId: string; price: number }> = {}) {
  state.clubs.set(CLUB, { id: CLUB, ownerId: OWNER, status, price: 12, ...overrides });
}

beforeEach(() => {
  state.clubs.clear();
  state.records.clear();
  state.memberships.clear();
  state.connect.length = 0;
  state.claimed.clear();
  stripeNow.clear();
  cancelled.length = 0;
  vi.clearAllMocks();
  setStripeClient(fakeStripe as unknown as Stripe);
  vi.stubEnv('STRIPE_LIVEMODE', 'false');
});

describe('checkout.session.completed', () => {
  it('creator plan: reads the subscription from Stripe, records it and activates the unpaid club', async () => {
    givenClub('unpaid');
    stripeNow.set(SUB, subscription('trialing', planMetadata));
    expect(await handler(event('checkout.session.completed', checkoutSession(planMetadata)))).toEqual({
      status: 'processed',
    });
    expect(fakeStripe.subscriptions.retrieve).toHaveBeenCalledWith(SUB);
    expect(state.clubs.get(CLUB)?.status).toBe('active');
    expect(state.records.get(`plan/${CLUB}`)).toMatchObject({
      subscriptionId: SUB,
      status: 'trialing',
      userId: OWNER,
    });
  });

  it('membership: activates the member of an active paid club', async () => {
    givenClub('active');
    stripeNow.set(SUB, subscription('trialing', memberMetadata));
    await handler(event('checkout.session.completed', checkoutSession(memberMetadata)));
    expect(state.memberships.get(`${CLUB}/${MEMBER}`)).toBe('active');
    expect(cancelled).toEqual([]);
  });

  it("someone else's club: the subscription is cancelled, the club untouched", async () => {
    givenClub('unpaid', { ownerId: 'usr_somebody_else' });
    stripeNow.set(SUB, subscription('trialing', planMetadata));
    await handler(event('checkout.session.completed', checkoutSession(planMetadata)));
    expect(cancelled).toEqual([SUB]);
    expect(state.clubs.get(CLUB)?.status).toBe('unpaid');
    expect(state.records.size).toBe(0);
  });

  it('a membership of a club that is no longer active: cancelled, not activated', async () => {
    givenClub('unpaid');
    stripeNow.set(SUB, subscription('trialing', memberMetadata));
    await handler(event('checkout.session.completed', checkoutSession(memberMetadata)));
    expect(cancelled).toEqual([SUB]);
    expect(state.memberships.has(`${CLUB}/${MEMBER}`)).toBe(false);
  });

  it('ignores checkouts that are not the app’s subscriptions without calling Stripe', async () => {
    givenClub('unpaid');
    await handler(event('checkout.session.completed', checkoutSession({})));
    await handler(
      event(
        'checkout.session.completed',
        checkoutSession(planMetadata, { mode: 'payment', subscription: null }),
      ),
    );
    expect(fakeStripe.subscriptions.retrieve).not.toHaveBeenCalled();
    expect(state.clubs.get(CLUB)?.status).toBe('unpaid');
  });

  it('a second live subscription for the same plan is a duplicate: cancelled', async () => {
    givenClub('active');
    state.records.set(`plan/${CLUB}`, { subscriptionId: 'sub_first', status: 'active', userId: OWNER });
    stripeNow.set('sub_first', { ...subscription('active', planMetadata), id: 'sub_first' });
    stripeNow.set(SUB, subscription('trialing', planMetadata));
    await handler(event('checkout.session.completed', checkoutSession(planMetadata)));
    expect(cancelled).toEqual([SUB]);
    expect(state.records.get(`plan/${CLUB}`)).toMatchObject({ subscriptionId: 'sub_first' });
  });
});

describe('customer.subscription.updated / deleted', () => {
  it('acts on what Stripe says now, not on the copy in the event', async () => {
    givenClub('active');
    state.records.set(`plan/${CLUB}`, { subscriptionId: SUB, status: 'active', userId: OWNER });
    stripeNow.set(SUB, subscription('past_due', planMetadata));
    await handler(event('customer.subscription.updated', subscription('active', planMetadata)));
    expect(state.clubs.get(CLUB)?.status).toBe('unpaid');
  });

  it('deleted: the club becomes inactive and leaves the directory', async () => {
    givenClub('active');
    state.records.set(`plan/${CLUB}`, { subscriptionId: SUB, status: 'active', userId: OWNER });
    stripeNow.set(SUB, subscription('canceled', planMetadata));
    await handler(event('customer.subscription.deleted', subscription('canceled', planMetadata)));
    expect(state.clubs.get(CLUB)?.status).toBe('inactive');
  });

  it("deleted: a member's access ends", async () => {
    givenClub('active');
    state.memberships.set(`${CLUB}/${MEMBER}`, 'active');
    state.records.set(`sub/${CLUB}/${MEMBER}`, { subscriptionId: SUB, status: 'active', userId: MEMBER });
    stripeNow.set(SUB, subscription('canceled', memberMetadata));
    await handler(event('customer.subscription.deleted', subscription('canceled', memberMetadata)));
    expect(state.memberships.has(`${CLUB}/${MEMBER}`)).toBe(false);
  });

  it('an old subscription that is no longer the current one changes nothing', async () => {
    givenClub('active');
    state.records.set(`plan/${CLUB}`, { subscriptionId: 'sub_current', status: 'active', userId: OWNER });
    stripeNow.set(SUB, subscription('canceled', planMetadata));
    await handler(event('customer.subscription.deleted', subscription('canceled', planMetadata)));
    expect(state.clubs.get(CLUB)?.status).toBe('active');
  });
});

describe('invoice.paid / invoice.payment_failed', () => {
  it('finds the subscription under parent.subscription_details (and the older top-level field)', () => {
    expect(invoiceSubscriptionId(invoice('paid', planMetadata))).toBe(SUB);
    expect(invoiceSubscriptionId({ object: 'invoice', subscription: 'sub_legacy' })).toBe('sub_legacy');
    expect(invoiceSubscriptionId({ object: 'invoice', parent: null, subscription: null })).toBeNull();
  });

  it('a failed payment makes the club unpaid; a paid one active again', async () => {
    givenClub('active');
    state.records.set(`plan/${CLUB}`, { subscriptionId: SUB, status: 'active', userId: OWNER });
    stripeNow.set(SUB, subscription('past_due', planMetadata));
    await handler(event('invoice.payment_failed', invoice('open', planMetadata)));
    expect(state.clubs.get(CLUB)?.status).toBe('unpaid');
    stripeNow.set(SUB, subscription('active', planMetadata));
    await handler(event('invoice.paid', invoice('paid', planMetadata)));
    expect(state.clubs.get(CLUB)?.status).toBe('active');
  });

  it('a member whose renewal failed keeps access while Stripe retries (past_due)', async () => {
    givenClub('active');
    state.memberships.set(`${CLUB}/${MEMBER}`, 'active');
    state.records.set(`sub/${CLUB}/${MEMBER}`, { subscriptionId: SUB, status: 'active', userId: MEMBER });
    stripeNow.set(SUB, subscription('past_due', memberMetadata));
    await handler(event('invoice.payment_failed', invoice('open', memberMetadata)));
    expect(state.memberships.get(`${CLUB}/${MEMBER}`)).toBe('active');
    stripeNow.set(SUB, subscription('unpaid', memberMetadata));
    await handler(event('invoice.payment_failed', invoice('uncollectible', memberMetadata)));
    expect(state.memberships.has(`${CLUB}/${MEMBER}`)).toBe(false);
  });
});

describe('account.updated', () => {
  it("stores the account's state as Stripe reports it now", async () => {
    const account = {
      id: 'acct_1QpYxLQ9xXbRkNnA',
      object: 'account',
      business_type: 'individual',
      capabilities: { card_payments: 'active', transfers: 'active' },
      charges_enabled: true,
      country: 'US',
      details_submitted: true,
      email: 'owner@example.com',
      metadata: { userId: OWNER },
      payouts_enabled: true,
      type: 'express',
    } satisfies Partial<Stripe.Account>;
    stripeNow.set(account.id, account);
    const stale = { ...account, charges_enabled: false, details_submitted: false };
    await handler(event('account.updated', stale, { account: account.id }));
    expect(fakeStripe.accounts.retrieve).toHaveBeenCalledWith(account.id);
    expect(state.connect).toEqual([
      [OWNER, account.id, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }],
    ]);
  });

  it('ignores accounts the app did not create', async () => {
    await handler(event('account.updated', { id: 'acct_other', object: 'account', metadata: {} }));
    expect(fakeStripe.accounts.retrieve).not.toHaveBeenCalled();
  });
});

describe('the dispatcher', () => {
  it('ignores livemode mismatches and unknown types with nothing claimed', async () => {
    givenClub('unpaid');
    stripeNow.set(SUB, subscription('trialing', planMetadata));
    const live = event('checkout.session.completed', checkoutSession(planMetadata));
    (live.detail as { livemode: boolean }).livemode = true;
    expect(await handler(live)).toEqual({ status: 'ignored' });
    expect(await handler(event('charge.refunded', { id: 'ch_1', object: 'charge' }))).toEqual({
      status: 'ignored',
    });
    expect(state.claimed.size).toBe(0);
    expect(state.clubs.get(CLUB)?.status).toBe('unpaid');
  });

  it('gives the claim back when applying fails, so the retry can apply it', async () => {
    givenClub('unpaid');
    const delivery = event('checkout.session.completed', checkoutSession(planMetadata));
    await expect(handler(delivery)).rejects.toThrow(/No such subscription/);
    expect(state.claimed.size).toBe(0);
    stripeNow.set(SUB, subscription('trialing', planMetadata));
    expect(await handler(delivery)).toEqual({ status: 'processed' });
    expect(await handler(delivery)).toEqual({ status: 'duplicate' });
    expect(state.clubs.get(CLUB)?.status).toBe('active');
  });
});

describe('status rules', () => {
  it('map Stripe subscription statuses to club and membership effects', () => {
    expect(
      [
        'trialing',
        'active',
        'past_due',
        'unpaid',
        'incomplete',
        'paused',
        'canceled',
        'incomplete_expired',
      ].map(clubStatusFor),
    ).toEqual(['active', 'active', 'unpaid', 'unpaid', 'unpaid', 'unpaid', 'inactive', 'inactive']);
    expect(
      ['trialing', 'active', 'past_due', 'incomplete', 'unpaid', 'paused', 'canceled'].map(
        membershipEffectFor,
      ),
    ).toEqual(['activate', 'activate', 'keep', 'keep', 'end', 'end', 'end']);
  });
});
