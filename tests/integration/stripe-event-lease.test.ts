/**
 * The stripe-events handler's claim on an event, against DynamoDB Local and the Stripe simulator:
 * an invocation that fails or is killed (a timeout) after claiming does not make the retry a
 * duplicate; the event is applied exactly once.
 */

import { handler as stripeEvents } from '@clubs/functions/consumers/stripe-events';
import { getClub } from '@clubs/functions/data/repositories/clubs';
import { claimStripeEvent } from '@clubs/functions/data/repositories/stripe-events';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as payments } from '@clubs/functions/routes/payments';
import { createStripeClient, setStripeClient } from '@clubs/functions/stripe/client';
import { freePort } from '@clubs/infra/local/ports.ts';
import type { StripeObject } from '@clubs/infra/local/stripe-simulator/store.ts';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { busEvent, ofType, startTestStripe, type TestStripe } from '../support/stripe.ts';

let stripe: TestStripe;
beforeAll(async () => {
  stripe = await startTestStripe();
});
afterAll(async () => {
  await stripe?.stop();
});

/** An unpaid club whose creator-plan checkout was paid: the completed-checkout event activates it. */
async function paidPlanCheckout() {
  const ownerId = ulid();
  const claims = memberClaims(ownerId);
  const created = await invoke<Club>(
    clubAdmin,
    httpEvent('createClub', {
      claims,
      body: { name: 'Lease Lane', description: 'Held, then let go.', requestId: ulid() },
    }),
  );
  expect(created.status).toBe(201);
  const checkout = await invoke<{ url: string }>(
    payments,
    httpEvent('createClubCheckout', {
      claims,
      params: { clubId: created.body.id },
      body: { plan: 'monthly' },
    }),
  );
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  stripe.takeEvents();
  stripe.server.simulator.payCheckout(checkout.body.url.split('/').pop() as string);
  const completed = ofType(stripe.takeEvents(), 'checkout.session.completed') as StripeObject & {
    id: string;
    type: string;
  };
  return { clubId: created.body.id, completed };
}

const deliver = (event: StripeObject, remainingMs = 30_000) =>
  stripeEvents(busEvent(event), { getRemainingTimeInMillis: () => remainingMs });

describe('claiming a Stripe event', () => {
  it('an invocation killed after claiming (a timeout): the retry after its deadline applies the event, once', async () => {
    const { clubId, completed } = await paidPlanCheckout();
    // What a timed-out invocation leaves behind: its claim, leased until its deadline, now past.
    const started = new Date(Date.now() - 60_000);
    const claim = await claimStripeEvent(
      completed.id,
      completed.type,
      new Date(started.getTime() + 35_000),
      started,
    );
    expect(claim.claimed).toBe(true);
    expect((await getClub(clubId))?.status).toBe('unpaid');

    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect(await getClub(clubId)).toMatchObject({ status: 'active', memberCount: 1 });
    expect(await deliver(completed)).toEqual({ status: 'duplicate' });
    expect(await claimStripeEvent(completed.id, completed.type, new Date(Date.now() + 30_000))).toEqual({
      claimed: false,
      state: 'processed',
    });
  });

  it('while another invocation holds a live lease, a second delivery neither applies nor takes it over', async () => {
    const { clubId, completed } = await paidPlanCheckout();
    const held = await claimStripeEvent(completed.id, completed.type, new Date(Date.now() + 30_000));
    expect(held.claimed).toBe(true);
    expect(await deliver(completed)).toEqual({ status: 'duplicate' });
    expect((await getClub(clubId))?.status).toBe('unpaid');
    expect(await claimStripeEvent(completed.id, completed.type, new Date(Date.now() + 30_000))).toEqual({
      claimed: false,
      state: 'in_progress',
    });
  });

  it('a handler that fails after claiming gives the event back: the retry applies it once', async () => {
    const { clubId, completed } = await paidPlanCheckout();
    // Stripe cannot be reached: reading the subscription fails after the claim.
    const unreachable = createStripeClient({
      apiKey: 'sk_test_unreachable',
      apiBase: `http://127.0.0.1:${await freePort()}`,
      maxNetworkRetries: 0,
    });
    setStripeClient(unreachable);
    try {
      await expect(deliver(completed)).rejects.toThrow();
    } finally {
      setStripeClient(stripe.client);
    }
    expect((await getClub(clubId))?.status).toBe('unpaid');

    const retries = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(retries.filter((r) => r.status === 'processed')).toHaveLength(1);
    expect(retries.filter((r) => r.status === 'duplicate')).toHaveLength(2);
    expect(await getClub(clubId)).toMatchObject({ status: 'active', memberCount: 1 });
  });
});
