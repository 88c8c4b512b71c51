/**
 * Each Stripe event handler with events in Stripe's own shapes (API version 2026-10-28: the
 * invoice names its subscription under parent.subscription_details, the period under the
 * subscription's items), against the real repositories on DynamoDB Local, so their conditional
 * writes are the ones under test. Stripe is a fake that answers what "Stripe knows now", which
 * may differ from the event's copy: the handlers must act on what Stripe says.
 */

import { handler } from '@clubs/functions/consumers/stripe-events';
import {
  getSubscriptionRecord,
  getUserBilling,
  type SubscriptionTarget,
  saveConnectAccount,
  saveSubscriptionState,
} from '@clubs/functions/data/repositories/billing';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { invoiceSubscriptionId } from '@clubs/functions/payments/event-handlers';
import { clubStatusFor, membershipEffectFor } from '@clubs/functions/payments/subscription-sync';
import { type StripeApi, setStripeClient } from '@clubs/functions/stripe/client';
import { type Club, EVENT_BUS } from '@clubs/shared';
import Stripe from 'stripe';
import { ulid } from 'ulid';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { addMember } from '../support/members.ts';
import { idempotencyRecordOf } from '../support/stripe.ts';

/** The error the SDK raises for Stripe's 404 answer (https://docs.stripe.com/api/errors). */
const missingAtStripe = (kind: string, id: string) =>
  Stripe.errors.StripeError.generate({
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
    statusCode: 404,
    requestId: 'req_fake',
  });

/** What Stripe knows now, by id; the fake client reads from here. */
const stripeNow = new Map<string, Record<string, unknown>>();
const cancelled: string[] = [];
const fakeStripe = {
  subscriptions: {
    retrieve: vi.fn(async (id: string) => {
      const found = stripeNow.get(id);
      if (!found) throw missingAtStripe('subscription', id);
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

// Fresh people, club and subscription per test: every test has the table to itself.
let OWNER = '';
let MEMBER = '';
let CLUB = '';
let SUB = '';

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

const planMetadata = () => ({ kind: 'club_plan', clubId: CLUB, userId: OWNER });
const memberMetadata = () => ({ kind: 'membership', clubId: CLUB, userId: MEMBER });

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

/** A paid club in the table, with its owner's membership. */
async function givenClub(
  status: Club['status'],
  overrides: Partial<{ ownerId: string; price: number }> = {},
) {
  await createClubWithOwner(clubFixture({ id: CLUB, ownerId: OWNER, status, price: 12, ...overrides }));
}

const planTarget = (): SubscriptionTarget => ({ kind: 'club_plan', clubId: CLUB });
const memberTarget = (): SubscriptionTarget => ({ kind: 'membership', clubId: CLUB, userId: MEMBER });

/** The subscription record as the app stored it before the event. */
async function givenRecord(
  target: SubscriptionTarget,
  subscriptionId: string,
  status: string,
  userId: string,
) {
  const saved = await saveSubscriptionState(
    target,
    { subscriptionId, customerId: null, status, userId },
    null,
  );
  expect(saved.saved).toBe(true);
}

/** An active club whose creator plan, or whose member's subscription, the app stored as active. */
async function givenLiveSubscription(of: 'plan' | 'member', subscriptionId = SUB) {
  await givenClub('active');
  if (of === 'plan') return givenRecord(planTarget(), subscriptionId, 'active', OWNER);
  await addMember(CLUB, { userId: MEMBER });
  await givenRecord(memberTarget(), subscriptionId, 'active', MEMBER);
}

/** What Stripe answers for SUB from now on. */
const stripeSays = (status: Stripe.Subscription.Status, metadata: Record<string, string>) =>
  stripeNow.set(SUB, subscription(status, metadata));

const clubStatus = async () => (await getClub(CLUB))?.status;
const memberStatus = async () => (await getMembership(CLUB, MEMBER))?.status ?? null;

beforeEach(() => {
  OWNER = ulid();
  MEMBER = ulid();
  CLUB = ulid();
  SUB = `sub_${ulid()}`;
  stripeNow.clear();
  cancelled.length = 0;
  vi.clearAllMocks();
  // Only the calls the handlers make exist: a call to any other one fails the test.
  setStripeClient(fakeStripe as unknown as StripeApi);
  vi.stubEnv('STRIPE_LIVEMODE', 'false');
});

describe('checkout.session.completed', () => {
  it('creator plan: reads the subscription from Stripe, records it and activates the unpaid club', async () => {
    await givenClub('unpaid');
    stripeSays('trialing', planMetadata());
    expect(await handler(event('checkout.session.completed', checkoutSession(planMetadata())))).toEqual({
      status: 'processed',
    });
    expect(fakeStripe.subscriptions.retrieve).toHaveBeenCalledWith(SUB);
    expect(await clubStatus()).toBe('active');
    expect(await getSubscriptionRecord(planTarget())).toMatchObject({
      subscriptionId: SUB,
      status: 'trialing',
      userId: OWNER,
    });
  });

  it('membership: activates the member of an active paid club', async () => {
    await givenClub('active');
    stripeSays('trialing', memberMetadata());
    await handler(event('checkout.session.completed', checkoutSession(memberMetadata())));
    expect(await memberStatus()).toBe('active');
    expect(cancelled).toEqual([]);
  });

  it("someone else's club: the subscription is cancelled, the club untouched", async () => {
    await givenClub('unpaid', { ownerId: ulid() });
    stripeSays('trialing', planMetadata());
    await handler(event('checkout.session.completed', checkoutSession(planMetadata())));
    expect(cancelled).toEqual([SUB]);
    expect(await clubStatus()).toBe('unpaid');
    expect(await getSubscriptionRecord(planTarget())).toBeNull();
  });

  it('a membership of a club that is no longer active: cancelled, not activated', async () => {
    await givenClub('unpaid');
    stripeSays('trialing', memberMetadata());
    await handler(event('checkout.session.completed', checkoutSession(memberMetadata())));
    expect(cancelled).toEqual([SUB]);
    expect(await memberStatus()).toBeNull();
  });

  it('ignores checkouts that are not the app’s subscriptions without calling Stripe', async () => {
    await givenClub('unpaid');
    await handler(event('checkout.session.completed', checkoutSession({})));
    await handler(
      event(
        'checkout.session.completed',
        checkoutSession(planMetadata(), { mode: 'payment', subscription: null }),
      ),
    );
    expect(fakeStripe.subscriptions.retrieve).not.toHaveBeenCalled();
    expect(await clubStatus()).toBe('unpaid');
  });

  it('a second live subscription for the same plan is a duplicate: cancelled', async () => {
    await givenLiveSubscription('plan', 'sub_first');
    stripeNow.set('sub_first', { ...subscription('active', planMetadata()), id: 'sub_first' });
    stripeSays('trialing', planMetadata());
    await handler(event('checkout.session.completed', checkoutSession(planMetadata())));
    expect(cancelled).toEqual([SUB]);
    expect(await getSubscriptionRecord(planTarget())).toMatchObject({ subscriptionId: 'sub_first' });
  });
});

describe('customer.subscription.updated / deleted', () => {
  it('acts on what Stripe says now, not on the copy in the event', async () => {
    await givenLiveSubscription('plan');
    stripeSays('past_due', planMetadata());
    await handler(event('customer.subscription.updated', subscription('active', planMetadata())));
    expect(await clubStatus()).toBe('unpaid');
  });

  it.each([
    {
      of: 'plan',
      storedId: undefined,
      outcome: 'the club becomes inactive',
      read: clubStatus,
      is: 'inactive',
    },
    { of: 'member', storedId: undefined, outcome: "a member's access ends", read: memberStatus, is: null },
    {
      of: 'plan',
      storedId: 'sub_current',
      outcome: 'an old subscription, no longer the current one, changes nothing',
      read: clubStatus,
      is: 'active',
    },
  ] as const)('deleted: $outcome', async ({ of, storedId, read, is }) => {
    await givenLiveSubscription(of, storedId);
    const metadata = of === 'plan' ? planMetadata() : memberMetadata();
    stripeSays('canceled', metadata);
    await handler(event('customer.subscription.deleted', subscription('canceled', metadata)));
    expect(await read()).toBe(is);
  });
});

describe('invoice.paid / invoice.payment_failed', () => {
  it('finds the subscription under parent.subscription_details (and the older top-level field)', () => {
    expect(invoiceSubscriptionId(invoice('paid', planMetadata()))).toBe(SUB);
    expect(invoiceSubscriptionId({ object: 'invoice', subscription: 'sub_legacy' })).toBe('sub_legacy');
    expect(invoiceSubscriptionId({ object: 'invoice', parent: null, subscription: null })).toBeNull();
  });

  /** Stripe reports the subscription `now`, then an invoice event (of an invoice in `state`) arrives. */
  async function invoiceEvent(
    metadata: Record<string, string>,
    now: Stripe.Subscription.Status,
    type: 'invoice.paid' | 'invoice.payment_failed',
    state: Parameters<typeof invoice>[0],
  ) {
    stripeSays(now, metadata);
    await handler(event(type, invoice(state, metadata)));
  }

  it('a failed payment makes the club unpaid; a paid one active again', async () => {
    await givenLiveSubscription('plan');
    await invoiceEvent(planMetadata(), 'past_due', 'invoice.payment_failed', 'open');
    expect(await clubStatus()).toBe('unpaid');
    await invoiceEvent(planMetadata(), 'active', 'invoice.paid', 'paid');
    expect(await clubStatus()).toBe('active');
  });

  it('a member whose renewal failed keeps access while Stripe retries (past_due)', async () => {
    await givenLiveSubscription('member');
    await invoiceEvent(memberMetadata(), 'past_due', 'invoice.payment_failed', 'open');
    expect(await memberStatus()).toBe('active');
    await invoiceEvent(memberMetadata(), 'unpaid', 'invoice.payment_failed', 'uncollectible');
    expect(await memberStatus()).toBeNull();
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
    await saveConnectAccount(OWNER, account.id);
    stripeNow.set(account.id, account);
    const stale = { ...account, charges_enabled: false, details_submitted: false };
    await handler(event('account.updated', stale, { account: account.id }));
    expect(fakeStripe.accounts.retrieve).toHaveBeenCalledWith(account.id);
    expect((await getUserBilling(OWNER)).connect).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  });

  it('ignores accounts the app did not create', async () => {
    await handler(event('account.updated', { id: 'acct_other', object: 'account', metadata: {} }));
    expect(fakeStripe.accounts.retrieve).not.toHaveBeenCalled();
  });

  it("stores nothing for an account that is not the person's own", async () => {
    await saveConnectAccount(OWNER, 'acct_theirs');
    const account = { id: 'acct_other', object: 'account', charges_enabled: true, details_submitted: true };
    stripeNow.set(account.id, { ...account, payouts_enabled: true, metadata: { userId: OWNER } });
    await handler(
      event('account.updated', { ...account, metadata: { userId: OWNER } }, { account: account.id }),
    );
    expect((await getUserBilling(OWNER)).connect).toMatchObject({ chargesEnabled: false, updatedAt: null });
  });
});

describe('the dispatcher', () => {
  it('ignores livemode mismatches and unknown types with nothing recorded', async () => {
    await givenClub('unpaid');
    stripeSays('trialing', planMetadata());
    const live = event('checkout.session.completed', checkoutSession(planMetadata()));
    (live.detail as { livemode: boolean }).livemode = true;
    expect(await handler(live)).toEqual({ status: 'ignored' });
    const payout = event('payout.paid', { id: 'po_1', object: 'payout' });
    expect(await handler(payout)).toEqual({ status: 'ignored' });
    expect(await clubStatus()).toBe('unpaid');
    // Nothing was recorded: the same events can still be applied once.
    expect(await idempotencyRecordOf((live.detail as { id: string }).id)).toBeUndefined();
    expect(await idempotencyRecordOf((payout.detail as { id: string }).id)).toBeUndefined();
  });

  it('gives the record back when applying fails, so the retry can apply it', async () => {
    await givenClub('unpaid');
    const delivery = event('checkout.session.completed', checkoutSession(planMetadata()));
    await expect(handler(delivery)).rejects.toThrow(/No such subscription/);
    stripeSays('trialing', planMetadata());
    expect(await handler(delivery)).toEqual({ status: 'processed' });
    expect(await handler(delivery)).toEqual({ status: 'duplicate' });
    expect(await clubStatus()).toBe('active');
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
