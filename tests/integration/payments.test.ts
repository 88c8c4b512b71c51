/**
 * Payments against DynamoDB Local and the local Stripe simulator through the real `stripe` SDK:
 * the routes (checkouts, Connect, billing, delete), and the event handler fed with the events the
 * simulator records, delivered five times at once, out of order, for the wrong club, late.
 */
import { getSubscriptionRecord, getUserBilling } from '@clubs/functions/data/repositories/billing';
import { createClubWithOwner, getClub, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { addMembership, getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as clubAdmin } from '@clubs/functions/handlers/club-admin';
import { handler as payments } from '@clubs/functions/handlers/payments';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { call, deliver, paidClubs, sessionIdOf } from '../support/paid-clubs.ts';
import { ofType, startTestStripe, TEST_SITE_URL, type TestStripe } from '../support/stripe.ts';

let stripe: TestStripe;

beforeAll(async () => {
  stripe = await startTestStripe();
});
afterAll(async () => {
  await stripe?.stop();
});

const { sim, paidClub, payMembership } = paidClubs(() => stripe);

async function createdClub(ownerId: string, name = 'Harbour Swimmers') {
  const res = await call<Club>(clubAdmin, 'createClub', ownerId, {
    body: { name, description: 'Cold water, warm people.', requestId: ulid() },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function payPlan(clubId: string, ownerId: string, plan: 'monthly' | 'annual' = 'monthly') {
  const res = await call<{ url: string }>(payments, 'createClubCheckout', ownerId, {
    params: { clubId },
    body: { plan },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  stripe.takeEvents();
  sim().payCheckout(sessionIdOf(res.body.url));
  return stripe.takeEvents();
}

describe('the creator plan', () => {
  it('opens Checkout for the owner only, with the trial, the club id and /club-setup URLs', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    expect(club).toMatchObject({
      status: 'unpaid',
      price: 0,
      currency: 'USD',
      trialPeriod: 7,
      memberCount: 1,
    });
    expect(await getMembership(club.id, ownerId)).toMatchObject({ role: 'club_owner', status: 'active' });

    const someoneElse = await call(payments, 'createClubCheckout', ulid(), {
      params: { clubId: club.id },
      body: {},
    });
    expect(someoneElse.status).toBe(404);
    expect(await getSubscriptionRecord({ kind: 'club_plan', clubId: club.id })).toBeNull();

    const res = await call<{ url: string }>(payments, 'createClubCheckout', ownerId, {
      params: { clubId: club.id },
      body: { plan: 'annual' },
    });
    const session = await stripe.stripe.checkout.sessions.retrieve(sessionIdOf(res.body.url));
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: club.id,
      metadata: { kind: 'club_plan', clubId: club.id, userId: ownerId, plan: 'annual' },
      success_url: `${TEST_SITE_URL}/club-setup?success=true&club_id=${club.id}`,
      cancel_url: `${TEST_SITE_URL}/club-setup?canceled=true`,
      amount_subtotal: 85_200,
      amount_total: 0,
    });
    const view = sim().checkoutView(session.id);
    expect(view.trialDays).toBe(7);
    expect(view.lines[0]).toMatchObject({ name: 'Community Creator Plan', amount: 85_200, interval: 'year' });

    // A second click expires the first session: only one can be paid.
    const again = await call<{ url: string }>(payments, 'createClubCheckout', ownerId, {
      params: { clubId: club.id },
      body: { plan: 'monthly' },
    });
    expect(sessionIdOf(again.body.url)).not.toBe(session.id);
    expect((await stripe.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('a repeated create request returns the same club (with the details last sent)', async () => {
    const ownerId = ulid();
    const requestId = ulid();
    const first = await call<Club>(clubAdmin, 'createClub', ownerId, {
      body: { name: 'Night Owls', description: 'Late.', requestId },
    });
    const again = await call<Club>(clubAdmin, 'createClub', ownerId, {
      body: { name: 'Night Owls Club', description: 'Later.', requestId },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, name: 'Night Owls Club', description: 'Later.' });
    const stranger = await call(clubAdmin, 'createClub', ulid(), {
      body: { name: 'X', description: 'Y', requestId },
    });
    expect(stranger.status).toBe(201);
    expect((stranger.body as Club).id).not.toBe(first.body.id);
    const blank = await call(clubAdmin, 'createClub', ownerId, { body: { name: '  ', description: 'Y' } });
    expect(blank.status).toBe(400);
  });

  it('five concurrent deliveries of the completed checkout activate the club once', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const events = await payPlan(club.id, ownerId);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = ofType(events, 'checkout.session.completed');
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    expect(results.filter((r) => r.status === 'processed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(4);
    expect(await getClub(club.id)).toMatchObject({ status: 'active', memberCount: 1 });
    const record = await getSubscriptionRecord({ kind: 'club_plan', clubId: club.id });
    expect(record).toMatchObject({ status: 'trialing', userId: ownerId });
    expect((await getUserBilling(ownerId)).stripeCustomerId).toBe(record?.customerId);

    const owned = await call<{ club: Club }>(clubAdmin, 'latestActiveOwnedClub', ownerId);
    expect(owned.body.club?.id).toBe(club.id);
    expect((await call(clubAdmin, 'getOwnedClub', ulid(), { params: { clubId: club.id } })).status).toBe(404);
  });

  it('subscription.deleted before checkout.session.completed: the club never becomes active', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const events = await payPlan(club.id, ownerId);
    const completed = ofType(events, 'checkout.session.completed');
    const sub = (completed.data as { object: { subscription: string } }).object.subscription;
    await stripe.stripe.subscriptions.cancel(sub);
    const deleted = ofType(stripe.takeEvents(), 'customer.subscription.deleted');

    expect(await deliver(deleted)).toEqual({ status: 'processed' });
    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect(await deliver(ofType(events, 'invoice.paid'))).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('inactive');
    expect(await getSubscriptionRecord({ kind: 'club_plan', clubId: club.id })).toMatchObject({
      subscriptionId: sub,
      status: 'canceled',
    });
    // The directory never lists it.
    expect(
      (
        await invoke(
          clubAdmin,
          httpEvent('getOwnedClub', { params: { clubId: club.id }, claims: memberClaims(ownerId) }),
        )
      ).body,
    ).toMatchObject({ status: 'inactive' });
  });

  it('a checkout whose metadata names someone else as payer is cancelled and changes nothing', async () => {
    const ownerId = ulid();
    const intruder = ulid();
    const club = await createdClub(ownerId);
    const session = await stripe.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_ClubsCreatorMonthly', quantity: 1 }],
      subscription_data: { metadata: { kind: 'club_plan', clubId: club.id, userId: intruder } },
      metadata: { kind: 'club_plan', clubId: club.id, userId: intruder },
      customer_email: 'intruder@example.com',
      success_url: `${TEST_SITE_URL}/club-setup`,
    });
    stripe.takeEvents();
    sim().payCheckout(session.id);
    const completed = ofType(stripe.takeEvents(), 'checkout.session.completed');
    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
    const sub = (completed.data as { object: { subscription: string } }).object.subscription;
    expect((await stripe.stripe.subscriptions.retrieve(sub)).status).toBe('canceled');
    expect(await getSubscriptionRecord({ kind: 'club_plan', clubId: club.id })).toBeNull();
  });

  it('never reopens a closed club: a late plan checkout is cancelled', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    await setClubStatus(club.id, 'inactive');
    const metadata = { kind: 'club_plan', clubId: club.id, userId: ownerId };
    const session = await stripe.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_ClubsCreatorMonthly', quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata },
      metadata,
      customer_email: 'late@example.com',
      success_url: `${TEST_SITE_URL}/club-setup`,
    });
    stripe.takeEvents();
    sim().payCheckout(session.id);
    const completed = ofType(stripe.takeEvents(), 'checkout.session.completed');
    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('inactive');
    const sub = (completed.data as { object: { subscription: string } }).object.subscription;
    expect((await stripe.stripe.subscriptions.retrieve(sub)).status).toBe('canceled');
  });

  it('a failed renewal makes the club unpaid (out of the directory); a paid one makes it active again', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const events = await payPlan(club.id, ownerId);
    await deliver(ofType(events, 'checkout.session.completed'));
    const sub = (ofType(events, 'checkout.session.completed').data as { object: { subscription: string } })
      .object.subscription;

    sim().failRenewal(sub);
    const failed = stripe.takeEvents();
    expect(await deliver(ofType(failed, 'invoice.payment_failed'))).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
    const listed = await invoke<{ items: Club[] }>(
      (await import('@clubs/functions/handlers/clubs')).handler,
      httpEvent('getClub', { params: { clubId: club.id } }),
    );
    expect(listed.status).toBe(404);

    sim().renew(sub);
    const renewed = stripe.takeEvents();
    // The stale "past_due" update arrives after the renewal: Stripe's current state wins.
    expect(await deliver(ofType(renewed, 'invoice.paid'))).toEqual({ status: 'processed' });
    expect(await deliver(ofType(failed, 'customer.subscription.updated'))).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('active');
  });

  it('billing shows the plan, card and invoices from Stripe to the owner only; the portal opens', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId, 'Ledger Club');
    const empty = await call<Record<string, unknown>>(payments, 'getClubBilling', ownerId, {
      params: { clubId: club.id },
    });
    expect(empty.body).toMatchObject({
      plan: null,
      paymentMethod: null,
      invoices: [],
      portalAvailable: false,
    });
    await deliver(ofType(await payPlan(club.id, ownerId, 'annual'), 'checkout.session.completed'));

    const billing = await call<Record<string, unknown>>(payments, 'getClubBilling', ownerId, {
      params: { clubId: club.id },
    });
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({
      clubName: 'Ledger Club',
      clubStatus: 'active',
      plan: {
        name: 'Community Creator Plan',
        status: 'trialing',
        interval: 'year',
        amount: 852,
        currency: 'USD',
      },
      paymentMethod: { brand: 'visa', last4: '4242' },
      invoices: [
        {
          amount: 0,
          currency: 'USD',
          status: 'paid',
          description: 'Trial period for Community Creator Plan',
        },
      ],
      portalAvailable: true,
    });
    const other = await call<{ error: { message: string } }>(payments, 'getClubBilling', ulid(), {
      params: { clubId: club.id },
    });
    // Owner-only: anyone else is told the club is not found, so an unpaid club stays secret.
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Club not found');

    const portal = await call<{ url: string }>(payments, 'createBillingPortal', ownerId, {
      params: { clubId: club.id },
    });
    expect(portal.body.url).toMatch(/\/portal\/bps_/);
    expect(
      (await call(payments, 'createBillingPortal', ulid(), { params: { clubId: club.id } })).status,
    ).toBe(404);
  });

  it('deleting a club cancels its plan and member subscriptions at Stripe and closes it', async () => {
    const { club, ownerId } = await paidClub();
    const memberId = ulid();
    await deliver(ofType(await payMembership(club.id, memberId), 'checkout.session.completed'));
    expect(await getMembership(club.id, memberId)).toMatchObject({ status: 'active' });
    const memberSub = (await getSubscriptionRecord({ kind: 'membership', clubId: club.id, userId: memberId }))
      ?.subscriptionId as string;

    expect((await call(payments, 'deleteClub', memberId, { params: { clubId: club.id } })).status).toBe(404);
    const res = await call(payments, 'deleteClub', ownerId, { params: { clubId: club.id } });
    expect(res.status).toBe(200);
    expect((await getClub(club.id))?.status).toBe('inactive');
    expect((await stripe.stripe.subscriptions.retrieve(memberSub)).status).toBe('canceled');
    for (const event of stripe.takeEvents()) await deliver(event);
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.status).toBe('inactive');
  });
});

describe('member subscriptions', () => {
  it('checkout is a destination charge with the fee, the club price, currency and trial; pending until paid', async () => {
    const { club, accountId } = await paidClub();
    const memberId = ulid();
    const res = await call<{ url: string }>(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: club.id },
    });
    expect(res.status).toBe(200);
    expect(await getMembership(club.id, memberId)).toMatchObject({ status: 'pending', role: 'club_member' });
    expect((await getClub(club.id))?.memberCount).toBe(1);
    const session = await stripe.stripe.checkout.sessions.retrieve(sessionIdOf(res.body.url));
    expect(session).toMatchObject({
      currency: 'eur',
      amount_subtotal: 1250,
      metadata: { kind: 'membership', clubId: club.id, userId: memberId },
      success_url: `${TEST_SITE_URL}/communities/${club.id}/membership-success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(sim().checkoutView(session.id)).toMatchObject({ trialDays: 14, feePercent: 2.9 });

    stripe.takeEvents();
    const redirect = sim().payCheckout(session.id);
    expect(redirect).toBe(
      `${TEST_SITE_URL}/communities/${club.id}/membership-success?session_id=${session.id}`,
    );
    const events = stripe.takeEvents();
    const completed = ofType(events, 'checkout.session.completed');
    const sub = await stripe.stripe.subscriptions.retrieve(
      (completed.data as { object: { subscription: string } }).object.subscription,
    );
    expect(sub).toMatchObject({
      status: 'trialing',
      application_fee_percent: 2.9,
      transfer_data: { destination: accountId },
    });

    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    expect(results.filter((r) => r.status === 'processed')).toHaveLength(1);
    expect(await getMembership(club.id, memberId)).toMatchObject({ status: 'active' });
    expect((await getClub(club.id))?.memberCount).toBe(2);
    const state = await call(clubAdmin, 'getMembershipCheckout', memberId, { params: { clubId: club.id } });
    expect(state.body).toMatchObject({ status: 'active', clubName: club.name });

    const again = await call<{ error: { message: string } }>(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: club.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You are already a member of this club.');
  });

  it('two paid tabs: the second subscription is cancelled and the member counted once', async () => {
    const { club } = await paidClub();
    const memberId = ulid();
    const first = await call<{ url: string }>(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: club.id },
    });
    // A second session that escaped the "one open session" rule (a race between two tabs).
    const second = await stripe.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          price_data: {
            currency: 'eur',
            unit_amount: 1250,
            recurring: { interval: 'month' },
            product_data: { name: 'Dup' },
          },
          quantity: 1,
        },
      ],
      subscription_data: { metadata: { kind: 'membership', clubId: club.id, userId: memberId } },
      metadata: { kind: 'membership', clubId: club.id, userId: memberId },
      customer_email: 'dup@example.com',
      success_url: `${TEST_SITE_URL}/x`,
    });
    stripe.takeEvents();
    sim().payCheckout(sessionIdOf(first.body.url));
    sim().payCheckout(second.id);
    const completions = stripe.takeEvents().filter((e) => e.type === 'checkout.session.completed');
    expect(completions).toHaveLength(2);
    await Promise.all(completions.map((event) => deliver(event)));
    expect((await getClub(club.id))?.memberCount).toBe(2);
    const subs = await Promise.all(
      completions.map((e) =>
        stripe.stripe.subscriptions.retrieve(
          (e.data as { object: { subscription: string } }).object.subscription,
        ),
      ),
    );
    // Which of the two racing deliveries wins is up to timing: one subscription lives on, the other
    // is cancelled (the first checkout had the club's trial, the hand-made one none).
    const statuses = subs.map((s) => s.status);
    expect(statuses.filter((s) => s === 'canceled')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'trialing' || s === 'active')).toHaveLength(1);
  });

  it('subscription.deleted before checkout.session.completed: access never starts, nothing counted', async () => {
    const { club } = await paidClub();
    const memberId = ulid();
    const events = await payMembership(club.id, memberId);
    const completed = ofType(events, 'checkout.session.completed');
    await stripe.stripe.subscriptions.cancel(
      (completed.data as { object: { subscription: string } }).object.subscription,
    );
    const deleted = ofType(stripe.takeEvents(), 'customer.subscription.deleted');
    await deliver(deleted);
    await deliver(completed);
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.memberCount).toBe(1);
  });

  it('the subscription ending ends the access (and the count)', async () => {
    const { club } = await paidClub();
    const memberId = ulid();
    const events = await payMembership(club.id, memberId);
    await deliver(ofType(events, 'checkout.session.completed'));
    expect((await getClub(club.id))?.memberCount).toBe(2);
    const sub = (ofType(events, 'checkout.session.completed').data as { object: { subscription: string } })
      .object.subscription;
    await stripe.stripe.subscriptions.cancel(sub);
    await deliver(ofType(stripe.takeEvents(), 'customer.subscription.deleted'));
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.memberCount).toBe(1);
  });

  it('refuses unpaid, inactive and free clubs, owners, members and a missing club, creating nothing', async () => {
    const memberId = ulid();
    const cases: Array<[Partial<Club>, number, string]> = [
      [{ status: 'unpaid' }, 409, 'This club is not accepting new members right now.'],
      [{ status: 'inactive' }, 409, 'This club is not accepting new members right now.'],
      [{ price: 0 }, 400, 'This club is free: send a join request instead.'],
    ];
    for (const [overrides, status, message] of cases) {
      const { club } = await paidClub(overrides);
      const res = await call<{ error: { message: string } }>(payments, 'createMembershipCheckout', memberId, {
        params: { clubId: club.id },
      });
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(res.body.error.message).toBe(message);
      expect(await getMembership(club.id, memberId)).toBeNull();
    }
    const { club, ownerId } = await paidClub();
    const own = await call<{ error: { message: string } }>(payments, 'createMembershipCheckout', ownerId, {
      params: { clubId: club.id },
    });
    expect([own.status, own.body.error.message]).toEqual([409, 'You own this club.']);
    const active = ulid();
    await addMembership({
      clubId: club.id,
      userId: active,
      role: 'club_member',
      status: 'active',
      createdAt: new Date().toISOString(),
    });
    expect(
      (await call(payments, 'createMembershipCheckout', active, { params: { clubId: club.id } })).status,
    ).toBe(409);
    expect(
      (await call(payments, 'createMembershipCheckout', memberId, { params: { clubId: ulid() } })).status,
    ).toBe(404);
    expect(
      (await call(payments, 'createMembershipCheckout', memberId, { params: { clubId: 'bad id!' } })).status,
    ).toBe(400);
    const anonymous = await invoke(
      payments,
      httpEvent('createMembershipCheckout', { params: { clubId: club.id } }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('a missing or unfinished connected account refuses the join until onboarding completes', async () => {
    const ownerId = ulid();
    const { club } = await createClubWithOwner(clubFixture({ ownerId, price: 9, status: 'active' }));
    const memberId = ulid();
    const missing = await call<{ error: { message: string } }>(
      payments,
      'createMembershipCheckout',
      memberId,
      {
        params: { clubId: club.id },
      },
    );
    expect(missing.status).toBe(409);
    expect(missing.body.error.message).toMatch(/can't accept payments yet/);
    expect(await getMembership(club.id, memberId)).toBeNull();

    // The owner starts onboarding from the Payments tab: an Express account, not yet enabled.
    const onboarding = await call<{ url: string }>(payments, 'createConnectOnboarding', ownerId, {
      params: { clubId: club.id },
    });
    expect(onboarding.body.url).toMatch(/\/connect\/onboarding\/link_/);
    const status = await call(payments, 'getConnectStatus', ownerId, { params: { clubId: club.id } });
    expect(status.body).toMatchObject({ detailsSubmitted: false, chargesEnabled: false });
    expect((await call(payments, 'getConnectStatus', memberId, { params: { clubId: club.id } })).status).toBe(
      404,
    );
    expect(
      (await call(payments, 'createMembershipCheckout', memberId, { params: { clubId: club.id } })).status,
    ).toBe(409);

    // Onboarding finishes on "Stripe": account.updated (a Connect event) records it.
    const accountId = (await getUserBilling(ownerId)).connectAccountId as string;
    stripe.takeEvents();
    sim().completeOnboarding(accountId);
    const updated = ofType(stripe.takeEvents(), 'account.updated');
    expect(updated.account).toBe(accountId);
    expect(await deliver(updated)).toEqual({ status: 'processed' });
    expect((await getUserBilling(ownerId)).connect).toMatchObject({
      chargesEnabled: true,
      detailsSubmitted: true,
    });
    expect(
      (await call(payments, 'createMembershipCheckout', memberId, { params: { clubId: club.id } })).status,
    ).toBe(200);

    // Onboarded: the button now opens the Express dashboard.
    const dashboard = await call<{ url: string }>(payments, 'createConnectOnboarding', ownerId, {
      params: { clubId: club.id },
    });
    expect(dashboard.body.url).toMatch(/\/connect\/dashboard\/acct_/);
  });

  it('deleting the club expires its open checkouts; one completed after the club closed is cancelled', async () => {
    const { club, ownerId } = await paidClub();
    const memberId = ulid();
    const res = await call<{ url: string }>(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: club.id },
    });
    await call(payments, 'deleteClub', ownerId, { params: { clubId: club.id } });
    expect((await stripe.stripe.checkout.sessions.retrieve(sessionIdOf(res.body.url))).status).toBe(
      'expired',
    );

    // A club closed while a checkout was being paid (here: made inactive directly).
    const second = await paidClub();
    const open = await call<{ url: string }>(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: second.club.id },
    });
    await setClubStatus(second.club.id, 'inactive');
    stripe.takeEvents();
    sim().payCheckout(sessionIdOf(open.body.url));
    const completed = ofType(stripe.takeEvents(), 'checkout.session.completed');
    await deliver(completed);
    const sub = (completed.data as { object: { subscription: string } }).object.subscription;
    expect((await stripe.stripe.subscriptions.retrieve(sub)).status).toBe('canceled');
    expect(await getMembership(second.club.id, memberId)).toBeNull();
    expect((await getClub(second.club.id))?.memberCount).toBe(1);
  });
});

describe('membership pricing', () => {
  it('the owner sets a paid price with or without the trial; others are refused', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const res = await call<Club>(clubAdmin, 'updateMembershipPricing', ownerId, {
      params: { clubId: club.id },
      body: { model: 'paid', monthlyPrice: 9.99, freeTrial: false, currency: 'gbp' },
    });
    expect(res.body).toMatchObject({ price: 9.99, currency: 'GBP', trialPeriod: 0 });
    const free = await call<Club>(clubAdmin, 'updateMembershipPricing', ownerId, {
      params: { clubId: club.id },
      body: { model: 'free', monthlyPrice: 9.99, freeTrial: true },
    });
    expect(free.body).toMatchObject({ price: 0, trialPeriod: 7 });
    const tooCheap = await call(clubAdmin, 'updateMembershipPricing', ownerId, {
      params: { clubId: club.id },
      body: { model: 'paid', monthlyPrice: 0.1, freeTrial: true },
    });
    expect(tooCheap.status).toBe(400);
    const other = await call(clubAdmin, 'updateMembershipPricing', ulid(), {
      params: { clubId: club.id },
      body: { model: 'paid', monthlyPrice: 5, freeTrial: true },
    });
    expect(other.status).toBe(404);
    expect((await getClub(club.id))?.price).toBe(0);
  });
});

describe('the event dispatcher', () => {
  it('ignores livemode mismatches and unknown types, and events that are not the app’s', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const completed = ofType(await payPlan(club.id, ownerId), 'checkout.session.completed');
    expect(await deliver({ ...completed, livemode: true })).toEqual({ status: 'ignored' });
    expect(await deliver({ ...completed, type: 'charge.refunded' })).toEqual({ status: 'ignored' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
    const foreign = {
      ...completed,
      id: `evt_${ulid()}`,
      data: { object: { ...(completed.data as { object: object }).object, metadata: {} } },
    };
    expect(await deliver(foreign)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('active');
  });
});
