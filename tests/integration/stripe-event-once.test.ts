/**
 * The stripe-events handler's idempotency record of an event, against DynamoDB Local and the
 * Stripe simulator: an invocation that fails or is killed (a timeout) after marking the event in
 * progress does not make the retry a duplicate; the event is applied exactly once.
 */

import { handler as stripeEvents } from '@clubs/functions/consumers/stripe-events';
import { idempotencyStore } from '@clubs/functions/data/idempotency';
import { getClub } from '@clubs/functions/data/repositories/clubs';
import { applyStripeEventOnce, STRIPE_EVENT_WORK } from '@clubs/functions/payments/stripe-event-once';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as payments } from '@clubs/functions/routes/payments';
import { createStripeClient, setStripeClient } from '@clubs/functions/stripe/client';
import { freePort } from '@clubs/infra/local/ports.ts';
import type { StripeObject } from '@clubs/infra/local/stripe-simulator/store.ts';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpEvent, invoke, lambdaContext, memberClaims } from '../support/http-event.ts';
import {
  busEvent,
  idempotencyRecordOf,
  ofType,
  startTestStripe,
  type TestStripe,
} from '../support/stripe.ts';

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

const deliver = (event: StripeObject) => stripeEvents(busEvent(event), lambdaContext);

/**
 * What an invocation that marked the event in progress leaves while it runs, or once Lambda
 * stopped it: the record, in progress until its deadline (`remainingMs` from now; past if negative).
 */
const inProgress = (event: StripeObject, remainingMs: number) =>
  // The record is keyed by the event's id alone.
  idempotencyStore(STRIPE_EVENT_WORK).saveInProgress({ id: String(event.id) }, remainingMs);

describe('applying a Stripe event once', () => {
  it('an invocation killed after marking it in progress (a timeout): the retry after its deadline applies the event, once', async () => {
    const { clubId, completed } = await paidPlanCheckout();
    await inProgress(completed, -25_000);
    expect(await idempotencyRecordOf(completed.id as string)).toMatchObject({ status: 'INPROGRESS' });
    expect((await getClub(clubId))?.status).toBe('unpaid');

    expect(await deliver(completed)).toEqual({ status: 'processed' });
    expect(await getClub(clubId)).toMatchObject({ status: 'active', memberCount: 1 });
    expect(await deliver(completed)).toEqual({ status: 'duplicate' });
    expect(await idempotencyRecordOf(completed.id as string)).toMatchObject({ status: 'COMPLETED' });
  });

  it('while another invocation runs with it in progress, a second delivery neither applies nor takes it over', async () => {
    const { clubId, completed } = await paidPlanCheckout();
    await inProgress(completed, 30_000);
    expect(await deliver(completed)).toEqual({ status: 'duplicate' });
    expect((await getClub(clubId))?.status).toBe('unpaid');
    expect(await idempotencyRecordOf(completed.id as string)).toMatchObject({ status: 'INPROGRESS' });
  });

  it('a handler that fails after marking it in progress gives the event back: the retry applies it once', async () => {
    const { clubId, completed } = await paidPlanCheckout();
    // Stripe cannot be reached: reading the subscription fails after the event was marked.
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
    expect(await idempotencyRecordOf(completed.id as string)).toBeUndefined();

    const retries = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(retries.filter((r) => r.status === 'processed')).toHaveLength(1);
    expect(retries.filter((r) => r.status === 'duplicate')).toHaveLength(2);
    expect(await getClub(clubId)).toMatchObject({ status: 'active', memberCount: 1 });
  });
});

describe('applyStripeEventOnce', () => {
  const stripeEvent = () => ({ id: `evt_${ulid()}`, type: 'invoice.paid', data: { object: {} } });

  it('applies a duplicate delivery once: the second is answered as a duplicate', async () => {
    const event = stripeEvent();
    const applied: string[] = [];
    const apply = async (e: { id: string }) => {
      applied.push(e.id);
    };
    expect(await applyStripeEventOnce(event, apply, lambdaContext)).toBe('processed');
    expect(await applyStripeEventOnce({ ...event }, apply, lambdaContext)).toBe('duplicate');
    expect(applied).toEqual([event.id]);
    // Another event is another record.
    expect(await applyStripeEventOnce(stripeEvent(), apply, lambdaContext)).toBe('processed');
    expect(applied).toHaveLength(2);
  });

  it('applies concurrent deliveries once', async () => {
    const event = stripeEvent();
    let applied = 0;
    const apply = async () => {
      applied += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => applyStripeEventOnce(event, apply, lambdaContext)),
    );
    expect(outcomes.filter((outcome) => outcome === 'processed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(3);
    expect(applied).toBe(1);
  });

  it('keeps its record for a week under the table key attributes, ended by the TTL attribute', async () => {
    const event = stripeEvent();
    await applyStripeEventOnce(event, async () => undefined, lambdaContext);
    const record = await idempotencyRecordOf(event.id);
    const now = Date.now() / 1000;
    expect(record).toMatchObject({ pk: 'IDEMPOTENCY#stripe-event', status: 'COMPLETED' });
    expect(String(record?.sk)).toMatch(/^stripe-event#/);
    expect(Number(record?.expiresAt)).toBeGreaterThan(now + 7 * 24 * 3600 - 60);
    expect(Number(record?.expiresAt)).toBeLessThan(now + 7 * 24 * 3600 + 60);
  });
});
