/**
 * Member subscriptions, membership pricing and the event dispatcher against DynamoDB Local and
 * the local Stripe simulator through the real `stripe` SDK: destination-charge checkouts, two
 * tabs, events out of order, refusals that create nothing, Connect onboarding, a deleted club.
 */
import { getUserBilling } from '@clubs/functions/data/repositories/billing';
import { createClubWithOwner, getClub, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as payments } from '@clubs/functions/routes/payments';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke } from '../support/http-event.ts';
import { addMember } from '../support/members.ts';
import { call, deliver, paidClubs, sessionIdOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType, TEST_SITE_URL } from '../support/stripe.ts';

const stripe = useTestStripe();
const { sim, paidClub, payMembership, createdClub, payPlan } = paidClubs(stripe);

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
    const session = await stripe().stripe.checkout.sessions.retrieve(sessionIdOf(res.body.url));
    expect(session).toMatchObject({
      currency: 'eur',
      amount_subtotal: 1250,
      metadata: { kind: 'membership', clubId: club.id, userId: memberId },
      success_url: `${TEST_SITE_URL}/communities/${club.id}/membership-success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(sim().checkoutView(session.id)).toMatchObject({ trialDays: 14, feePercent: 2.9 });

    stripe().takeEvents();
    const redirect = sim().payCheckout(session.id);
    expect(redirect).toBe(
      `${TEST_SITE_URL}/communities/${club.id}/membership-success?session_id=${session.id}`,
    );
    const events = stripe().takeEvents();
    const completed = ofType(events, 'checkout.session.completed');
    const sub = await stripe().stripe.subscriptions.retrieve(
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
    const second = await stripe().stripe.checkout.sessions.create({
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
    stripe().takeEvents();
    sim().payCheckout(sessionIdOf(first.body.url));
    sim().payCheckout(second.id);
    const completions = stripe()
      .takeEvents()
      .filter((e) => e.type === 'checkout.session.completed');
    expect(completions).toHaveLength(2);
    await Promise.all(completions.map((event) => deliver(event)));
    expect((await getClub(club.id))?.memberCount).toBe(2);
    const subs = await Promise.all(
      completions.map((e) =>
        stripe().stripe.subscriptions.retrieve(
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
    await stripe().stripe.subscriptions.cancel(
      (completed.data as { object: { subscription: string } }).object.subscription,
    );
    const deleted = ofType(stripe().takeEvents(), 'customer.subscription.deleted');
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
    await stripe().stripe.subscriptions.cancel(sub);
    await deliver(ofType(stripe().takeEvents(), 'customer.subscription.deleted'));
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.memberCount).toBe(1);
  });

  it('refuses unpaid, inactive and free clubs, owners, members and a missing club, creating nothing', async () => {
    const memberId = ulid();
    const cases: Array<[Partial<Club>, number, string]> = [
      [{ status: 'unpaid' }, 404, 'Club not found'],
      [{ status: 'inactive' }, 404, 'Club not found'],
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
    await addMember(club.id, { userId: active });
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
    stripe().takeEvents();
    sim().completeOnboarding(accountId);
    const updated = ofType(stripe().takeEvents(), 'account.updated');
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
    expect((await stripe().stripe.checkout.sessions.retrieve(sessionIdOf(res.body.url))).status).toBe(
      'expired',
    );

    // A club closed while a checkout was being paid (here: made inactive directly).
    const second = await paidClub();
    const open = await call<{ url: string }>(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: second.club.id },
    });
    await setClubStatus(second.club.id, 'inactive');
    stripe().takeEvents();
    sim().payCheckout(sessionIdOf(open.body.url));
    const completed = ofType(stripe().takeEvents(), 'checkout.session.completed');
    await deliver(completed);
    const sub = (completed.data as { object: { subscription: string } }).object.subscription;
    expect((await stripe().stripe.subscriptions.retrieve(sub)).status).toBe('canceled');
    expect(await getMembership(second.club.id, memberId)).toBeNull();
    expect((await getClub(second.club.id))?.memberCount).toBe(1);
  });
});

describe('membership pricing', () => {
  it('the owner sets a paid price with or without the trial; others are refused', async () => {
    const ownerId = ulid();
    const club = await createdClub(ownerId);
    const res = await call<Club>(payments, 'updateMembershipPricing', ownerId, {
      params: { clubId: club.id },
      body: { model: 'paid', monthlyPrice: 9.99, freeTrial: false, currency: 'gbp' },
    });
    expect(res.body).toMatchObject({ price: 9.99, currency: 'GBP', trialPeriod: 0 });
    const free = await call<Club>(payments, 'updateMembershipPricing', ownerId, {
      params: { clubId: club.id },
      body: { model: 'free', monthlyPrice: 9.99, freeTrial: true },
    });
    expect(free.body).toMatchObject({ price: 0, trialPeriod: 7 });
    const tooCheap = await call(payments, 'updateMembershipPricing', ownerId, {
      params: { clubId: club.id },
      body: { model: 'paid', monthlyPrice: 0.1, freeTrial: true },
    });
    expect(tooCheap.status).toBe(400);
    const other = await call(payments, 'updateMembershipPricing', ulid(), {
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
    expect(await deliver({ ...completed, type: 'payout.paid' })).toEqual({ status: 'ignored' });
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
