/**
 * Paid clubs on DynamoDB Local and the Stripe simulator, for the payment tests: an owner whose
 * Connect onboarding finished, an active paid club, a member checkout paid on the simulator and
 * its events delivered to the real event handler.
 */

import { handler as stripeEvents } from '@clubs/functions/consumers/stripe-events';
import { saveConnectAccount, saveConnectState } from '@clubs/functions/data/repositories/billing';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as payments } from '@clubs/functions/routes/payments';
import type { StripeObject } from '@clubs/infra/local/stripe-simulator/store.ts';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { clubFixture } from './fixtures.ts';
import { httpEvent, invoke, memberClaims } from './http-event.ts';
import { startedForFile } from './per-file.ts';
import { busEvent, ofType, startTestStripe, type TestStripe } from './stripe.ts';

export const sessionIdOf = (url: string) => url.split('/').pop() as string;

/** The subscription a checkout.session.completed event names. */
export const subscriptionOf = (completed: StripeObject) =>
  (completed.data as { object: { subscription: string } }).object.subscription;

export const deliver = (event: StripeObject) => stripeEvents(busEvent(event));

/** Calls a route of a handler group as a signed-in person. */
export const call = <T = Record<string, unknown>>(
  group: typeof payments,
  id: Parameters<typeof httpEvent>[0],
  userId: string,
  options: { params?: Record<string, string>; body?: unknown } = {},
) => invoke<T>(group, httpEvent(id, { ...options, claims: memberClaims(userId) }));

export function paidClubs(stripe: () => TestStripe) {
  const sim = () => stripe().server.simulator;

  /** An owner whose Connect account finished onboarding on the simulator. */
  async function onboardedOwner(ownerId = ulid()) {
    const account = sim().seedOnboardedAccount({ email: `${ownerId}@example.com`, userId: ownerId });
    await saveConnectAccount(ownerId, account.id);
    await saveConnectState(ownerId, account.id, {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    return { ownerId, accountId: account.id };
  }

  async function paidClub(overrides: Partial<Club> = {}) {
    const { ownerId, accountId } = await onboardedOwner();
    const { club } = await createClubWithOwner(
      clubFixture({ ownerId, price: 12.5, currency: 'EUR', trialPeriod: 14, status: 'active', ...overrides }),
    );
    return { club, ownerId, accountId };
  }

  /** A member checkout paid on the simulator; returns the events it caused. */
  async function payMembership(clubId: string, userId: string) {
    const res = await call<{ url: string }>(payments, 'createMembershipCheckout', userId, {
      params: { clubId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    stripe().takeEvents();
    sim().payCheckout(sessionIdOf(res.body.url));
    return stripe().takeEvents();
  }

  /** A member who paid through checkout, with the checkout's events delivered: the subscription id. */
  async function paidMember(clubId: string, memberId = ulid()) {
    const events = await payMembership(clubId, memberId);
    const completed = ofType(events, 'checkout.session.completed');
    await deliver(completed);
    expect(await getMembership(clubId, memberId)).toMatchObject({ status: 'active' });
    return { memberId, subscriptionId: subscriptionOf(completed) };
  }

  /** A new unpaid club created through the API by its owner. */
  async function createdClub(ownerId: string, name = 'Harbour Swimmers') {
    const res = await call<Club>(clubAdmin, 'createClub', ownerId, {
      body: { name, description: 'Cold water, warm people.', requestId: ulid() },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** The creator plan's checkout paid on the simulator; returns the events it caused. */
  async function payPlan(clubId: string, ownerId: string, plan: 'monthly' | 'annual' = 'monthly') {
    const res = await call<{ url: string }>(payments, 'createClubCheckout', ownerId, {
      params: { clubId },
      body: { plan },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    stripe().takeEvents();
    sim().payCheckout(sessionIdOf(res.body.url));
    return stripe().takeEvents();
  }

  return { sim, onboardedOwner, paidClub, payMembership, paidMember, createdClub, payPlan };
}

/** The Stripe simulator for the whole test file, started before its tests and stopped after. */
export const useTestStripe = (): (() => TestStripe) =>
  startedForFile('the Stripe simulator', startTestStripe);
