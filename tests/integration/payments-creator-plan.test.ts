/**
 * The creator plan against DynamoDB Local and the local Stripe simulator through the real
 * `stripe` SDK: its checkout, the events the simulator records delivered five times at once, out
 * of order, for the wrong payer or late, failed renewals, billing and the club's deletion.
 */
import { getSubscriptionRecord, getUserBilling } from '@clubs/functions/data/repositories/billing';
import { getClub, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as payments } from '@clubs/functions/routes/payments';
import { type Club, UNPAID_CLUBS_PER_ACCOUNT } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import {
  call,
  deliver,
  paidClubs,
  sessionIdOf,
  subscriptionOf,
  useTestStripe,
} from '../support/paid-clubs.ts';
import { ofType, TEST_SITE_URL } from '../support/stripe.ts';

const stripe = useTestStripe();
const { sim, paidClub, payMembership, createdClub, payPlan } = paidClubs(stripe);

/**
 * A plan checkout made at Stripe directly, as a tampering client could (not through the app's
 * route), and paid on the simulator: its checkout.session.completed event.
 */
async function paidPlanCheckout(
  metadata: Record<string, string>,
  options: { email: string; trialDays?: number },
) {
  const session = await stripe().stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_ClubsCreatorMonthly', quantity: 1 }],
    subscription_data: { metadata, ...(options.trialDays ? { trial_period_days: options.trialDays } : {}) },
    metadata,
    customer_email: options.email,
    success_url: `${TEST_SITE_URL}/club-setup`,
  });
  stripe().takeEvents();
  sim().payCheckout(session.id);
  return ofType(stripe().takeEvents(), 'checkout.session.completed');
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
    const session = await stripe().stripe.checkout.sessions.retrieve(sessionIdOf(res.body.url));
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
    expect((await stripe().stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
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
    const sub = subscriptionOf(completed);
    await stripe().stripe.subscriptions.cancel(sub);
    const deleted = ofType(stripe().takeEvents(), 'customer.subscription.deleted');

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
    const completed = await paidPlanCheckout(
      { kind: 'club_plan', clubId: club.id, userId: intruder },
      { email: 'intruder@example.com' },
    );
    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
    const sub = subscriptionOf(completed);
    expect((await stripe().stripe.subscriptions.retrieve(sub)).status).toBe('canceled');
    expect(await getSubscriptionRecord({ kind: 'club_plan', clubId: club.id })).toBeNull();
  });

  it('holds an account to its cap of unpaid clubs, under concurrent creates too, until one is paid for', async () => {
    const ownerId = ulid();
    const tries = await Promise.all(
      Array.from({ length: UNPAID_CLUBS_PER_ACCOUNT + 3 }, (_, i) =>
        call<Club & { error: { message: string } }>(clubAdmin, 'createClub', ownerId, {
          body: { name: `Club ${i}`, description: 'An unpaid club.', requestId: ulid() },
        }),
      ),
    );
    const created = tries.filter((res) => res.status === 201);
    expect(created).toHaveLength(UNPAID_CLUBS_PER_ACCOUNT);
    for (const refused of tries.filter((res) => res.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/clubs waiting for their plan/);
    }
    const paid = created[0]?.body as Club;
    await deliver(ofType(await payPlan(paid.id, ownerId), 'checkout.session.completed'));
    expect((await getClub(paid.id))?.status).toBe('active');
    const next = await call<Club>(clubAdmin, 'createClub', ownerId, {
      body: { name: 'One more', description: 'Room again.', requestId: ulid() },
    });
    expect(next.status).toBe(201);
  });

  it('never reopens a closed club: a late plan checkout is cancelled', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    await setClubStatus(club.id, 'inactive');
    const completed = await paidPlanCheckout(
      { kind: 'club_plan', clubId: club.id, userId: ownerId },
      { email: 'late@example.com', trialDays: 7 },
    );
    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('inactive');
    const sub = subscriptionOf(completed);
    expect((await stripe().stripe.subscriptions.retrieve(sub)).status).toBe('canceled');
  });

  it('a failed renewal makes the club unpaid (out of the directory); a paid one makes it active again', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const events = await payPlan(club.id, ownerId);
    await deliver(ofType(events, 'checkout.session.completed'));
    const sub = subscriptionOf(ofType(events, 'checkout.session.completed'));

    sim().failRenewal(sub);
    const failed = stripe().takeEvents();
    expect(await deliver(ofType(failed, 'invoice.payment_failed'))).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
    const listed = await invoke<{ items: Club[] }>(
      (await import('@clubs/functions/routes/clubs')).handler,
      httpEvent('getClub', { params: { clubId: club.id } }),
    );
    expect(listed.status).toBe(404);

    sim().renew(sub);
    const renewed = stripe().takeEvents();
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
    // The portal opens with the platform's configuration, made once: no switching subscriptions.
    const sessionOf = (url: string) =>
      stripe().server.simulator.store.get(
        /\/portal\/(bps_\w+)/.exec(url)?.[1] ?? '',
        'billing_portal.session',
      );
    const configuration = String(sessionOf(portal.body.url)?.configuration);
    const made = await stripe().stripe.billingPortal.configurations.retrieve(configuration);
    expect(made.features.subscription_update.enabled).toBe(false);
    expect(made.features.subscription_cancel).toMatchObject({ enabled: true, mode: 'at_period_end' });
    const again = await call<{ url: string }>(payments, 'createBillingPortal', ownerId, {
      params: { clubId: club.id },
    });
    expect(sessionOf(again.body.url)?.configuration).toBe(configuration);
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
    expect((await stripe().stripe.subscriptions.retrieve(memberSub)).status).toBe('canceled');
    for (const event of stripe().takeEvents()) await deliver(event);
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.status).toBe('inactive');
  });
});
