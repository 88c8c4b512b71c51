/**
 * A suspended club's members are not charged while it is, against DynamoDB Local, the local bus
 * and the Stripe simulator through the real SDK: the super admin's suspension puts the app's event
 * on the bus, and the club-billing handler pauses every live member subscription's collection; a
 * renewal in the meantime is voided while the membership and its price stay, and the platform's
 * recurring revenue leaves it out. Reactivation resumes collection and the next renewal is paid.
 */

import { handler as clubBilling } from '@clubs/functions/consumers/club-billing';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import type { StripeObject } from '@clubs/infra/local/stripe-simulator/store.ts';
import { EVENT_BUS, PLATFORM_EVENTS } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useBus } from '../support/bus.ts';
import { deliver, paidClubs, useTestStripe } from '../support/paid-clubs.ts';
import { asAdmin, platformFigures as figures } from '../support/super-admin.ts';

const stripe = useTestStripe();
const bus = useBus();
const { sim, paidClub, paidMember } = paidClubs(stripe);

/** Waits for the bus's deliveries, then hands Stripe's resulting events to the app, as the webhook would. */
async function settle() {
  await bus().idle();
  for (const event of stripe().takeEvents()) await deliver(event);
}

const pauseOf = async (subscriptionId: string) =>
  (await stripe().stripe.subscriptions.retrieve(subscriptionId)).pause_collection;

/** A renewal on the simulator: the invoice it made, with its events delivered. */
async function renewal(subscriptionId: string) {
  const renewed = sim().renew(subscriptionId);
  const invoice = sim().store.get(String(renewed.latest_invoice), 'invoice') as StripeObject;
  for (const event of stripe().takeEvents()) await deliver(event);
  return invoice;
}

describe("a suspended club's member billing", () => {
  it('is paused while the club is suspended (renewals voided, members kept) and resumed on reactivation', async () => {
    const { club } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 0 });
    const first = await paidMember(club.id);
    const second = await paidMember(club.id);
    const gone = await paidMember(club.id);
    sim().cancelSubscription(gone.subscriptionId);
    await settle();
    expect((await figures()).membershipMrr).toEqual([{ currency: 'eur', amount: 2500 }]);

    expect((await asAdmin('suspendClub', club.id)).status).toBe(200);
    await settle();
    for (const member of [first, second]) {
      expect(await pauseOf(member.subscriptionId)).toMatchObject({ behavior: 'void' });
    }
    // An ended subscription is left alone (Stripe refuses to change it).
    expect(await pauseOf(gone.subscriptionId)).toBeNull();
    expect((await figures()).membershipMrr).toEqual([]);

    const voided = await renewal(first.subscriptionId);
    expect(voided).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(await getMembership(club.id, first.memberId)).toMatchObject({ status: 'active' });
    const kept = await stripe().stripe.subscriptions.retrieve(first.subscriptionId);
    expect(kept).toMatchObject({ status: 'active' });
    expect(kept.items.data[0]?.price.unit_amount).toBe(1250);

    expect((await asAdmin('reactivateClub', club.id)).status).toBe(200);
    await settle();
    for (const member of [first, second]) expect(await pauseOf(member.subscriptionId)).toBeNull();
    expect((await figures()).membershipMrr).toEqual([{ currency: 'eur', amount: 2500 }]);
    expect(await renewal(first.subscriptionId)).toMatchObject({ status: 'paid', amount_paid: 1250 });
  });

  it('ends running after a suspension and an immediate reactivation, whatever the delivery order', async () => {
    const { club } = await paidClub({ price: 9, currency: 'USD', trialPeriod: 0 });
    const member = await paidMember(club.id);
    await settle();
    expect((await asAdmin('suspendClub', club.id)).status).toBe(200);
    expect((await asAdmin('reactivateClub', club.id)).status).toBe(200);
    await settle();
    expect(await pauseOf(member.subscriptionId)).toBeNull();

    // Delivered again (a retry) after the club was suspended anew: it follows the club, not the event.
    expect((await asAdmin('suspendClub', club.id)).status).toBe(200);
    await settle();
    const event = {
      source: EVENT_BUS.platformSource,
      'detail-type': PLATFORM_EVENTS.suspensionChanged,
      detail: { clubId: club.id },
    } as EventBridgeEvent<string, unknown>;
    expect(await clubBilling(event)).toEqual({ status: 'processed' });
    expect(await pauseOf(member.subscriptionId)).toMatchObject({ behavior: 'void' });
  });

  it('ignores an event of another source or type, a malformed detail and an unknown club', async () => {
    stripe().takeEvents();
    const base = { source: EVENT_BUS.platformSource, 'detail-type': PLATFORM_EVENTS.suspensionChanged };
    const cases = [
      { ...base, source: EVENT_BUS.stripeSource, detail: { clubId: ulid() } },
      { ...base, 'detail-type': 'club.deleted', detail: { clubId: ulid() } },
      { ...base, detail: { clubId: '../x' } },
      { ...base, detail: { clubId: ulid() } },
    ];
    for (const event of cases) {
      expect(await clubBilling(event as EventBridgeEvent<string, unknown>)).toEqual({ status: 'ignored' });
    }
    expect(stripe().takeEvents()).toEqual([]);
  });
});
