/**
 * The money of creator analytics against the Stripe simulator, through the real SDK and event
 * handler: MRR and paying subscriptions follow the subscriptions Stripe holds (a trial counts
 * nothing until it converts, a cancellation takes its price away), churn is the subscriptions
 * ended in the period over those paying at its start, checkouts and paid invoices are counted,
 * and the figures reconcile with the simulator's own subscriptions.
 */
import { subscriptionStatsActions } from '@clubs/functions/data/club-subscription-stats';
import { sendRetryingConflicts } from '@clubs/functions/data/counted-write';
import { monthlyRevenueOf } from '@clubs/functions/payments/revenue';
import { handler as admin } from '@clubs/functions/routes/club-admin';
import type { Analytics } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { deliver, paidClubs, subscriptionOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';
import { platformFigures } from '../support/super-admin.ts';

const testStripe = useTestStripe();
const { sim, paidClub, payMembership } = paidClubs(testStripe);

const today = () => new Date().toISOString().slice(0, 10);

async function analyticsOf(clubId: string, ownerId: string) {
  const res = await invoke<Analytics>(
    admin,
    httpEvent('getClubAnalytics', {
      params: { clubId },
      query: { period: '7d' },
      claims: memberClaims(ownerId),
    }),
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** Delivers every event the simulator sent since the last look, in order. */
async function deliverAll() {
  for (const event of testStripe().takeEvents()) await deliver(event);
}

/** What the simulator's subscriptions of the club say: paying count and MRR (its own normalisation). */
async function simulatorTruth(subscriptionIds: string[]) {
  let paying = 0;
  let mrr = 0;
  for (const id of subscriptionIds) {
    const subscription = await testStripe().stripe.subscriptions.retrieve(id);
    if (subscription.status !== 'active') continue;
    paying += 1;
    mrr += monthlyRevenueOf(subscription)?.monthly ?? 0;
  }
  return { paying, mrr };
}

describe('analytics money', () => {
  it('keeps MRR, paying subscriptions, trials, churn and revenue as the simulator says', async () => {
    const { club, ownerId } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 14 });
    const subscriptions: string[] = [];
    // Three members check out; each starts in the club's 14-day trial.
    for (let i = 0; i < 3; i++) {
      const completed = ofType(await payMembership(club.id, ulid()), 'checkout.session.completed');
      await deliver(completed);
      subscriptions.push(subscriptionOf(completed));
    }
    let figures = await analyticsOf(club.id, ownerId);
    expect(figures.headline.mrr?.value).toBe(0);
    expect(figures.series.at(-1)).toMatchObject({
      bucket: today(),
      checkoutsStarted: 3,
      checkoutsCompleted: 3,
      trialsStarted: 3,
    });

    // Two trials end and convert (their first invoice is paid); the third is cancelled.
    const [first, second, third] = subscriptions as [string, string, string];
    sim().renew(first);
    sim().renew(second);
    await deliverAll();
    await testStripe().stripe.subscriptions.cancel(third);
    await deliverAll();

    figures = await analyticsOf(club.id, ownerId);
    const truth = await simulatorTruth(subscriptions);
    expect(truth).toEqual({ paying: 2, mrr: 2500 });
    expect(figures.headline.mrr).toEqual({ value: truth.mrr, previous: 0 });
    expect(figures.headline.activeSubscriptions?.value).toBe(truth.paying);
    expect(figures.currency).toBe('eur');
    expect(figures.headline.trialConversion?.value).toBeCloseTo(2 / 3);
    expect(figures.series.at(-1)).toMatchObject({
      trialsConverted: 2,
      revenue: 2500,
      mrrChange: 2500,
      subscriptionsStarted: 2,
    });

    // A paying member cancels: churn is the one ended over the none paying when the period began
    // (both started within it), so it is measured against the subscriptions paying at its start.
    await testStripe().stripe.subscriptions.cancel(first);
    await deliverAll();
    figures = await analyticsOf(club.id, ownerId);
    expect(await simulatorTruth(subscriptions)).toEqual({ paying: 1, mrr: 1250 });
    expect(figures.headline.mrr?.value).toBe(1250);
    expect(figures.series.at(-1)).toMatchObject({
      subscriptionsEnded: 1,
      subscriptionsStarted: 2,
      mrrChange: 1250,
    });
    expect(figures.headline.churn).toEqual({ value: 0, previous: 0 });
    expect(figures.revenueByMonth?.at(-1)).toEqual({ month: today().slice(0, 7), revenue: 2500, refunds: 0 });
  });

  it('measures churn against the subscriptions paying at the start of the period, counted back from today', async () => {
    const { club, ownerId } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 0 });
    // Four members began paying 20 days ago, as their records' changes then counted them.
    const longAgo = new Date(Date.now() - 20 * 86_400_000);
    for (let i = 0; i < 4; i++) {
      await sendRetryingConflicts({
        TransactItems: subscriptionStatsActions(
          club.id,
          { counted: null, status: null, subscriptionId: null },
          { subscriptionId: ulid(), status: 'active' },
          'eur:1250',
          longAgo,
        ),
      });
    }
    // Today one more pays through Stripe, and one of the four ends.
    const completed = ofType(await payMembership(club.id, ulid()), 'checkout.session.completed');
    await deliver(completed);
    await sendRetryingConflicts({
      TransactItems: subscriptionStatsActions(
        club.id,
        { counted: 'eur:1250', status: 'active', subscriptionId: 'sub_old' },
        { subscriptionId: 'sub_old', status: 'canceled' },
        null,
        new Date(),
      ),
    });
    const figures = await analyticsOf(club.id, ownerId);
    expect(figures.headline.activeSubscriptions).toEqual({ value: 4, previous: 4 });
    expect(figures.headline.mrr).toEqual({ value: 5000, previous: 5000 });
    // One ended of the four paying when the 7 days began; none ended in the 7 days before.
    expect(figures.headline.churn).toEqual({ value: 0.25, previous: 0 });
  });

  it('counts a refunded membership payment on its day: revenue and refunds exact, the fee given back, each refund once', async () => {
    const { club, ownerId } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 0 });
    const events = await payMembership(club.id, ulid());
    for (const event of events) await deliver(event);
    const invoice = ofType(events, 'invoice.paid').data as {
      object: { id: string; application_fee_amount: number };
    };
    const fee = invoice.object.application_fee_amount;
    expect(fee).toBeGreaterThan(0);
    const feesBefore = await feesToday('eur');

    // The owner refunds part of it by its payment intent, then the rest by its charge; every
    // event comes twice (and refund.created and charge.refunded tell of the same refund).
    const stripe = testStripe().stripe;
    const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.object.id })).data;
    const intent = payment?.payment.payment_intent as string;
    const partial = await stripe.refunds.create({
      payment_intent: intent,
      amount: 500,
      refund_application_fee: true,
    });
    expect(partial).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded', currency: 'eur' });
    const told = testStripe().takeEvents();
    expect(told.map((event) => event.type)).toEqual(['refund.created', 'charge.refunded']);
    await Promise.all([...told, ...told].map((event) => deliver(event)));
    let today = (await analyticsOf(club.id, ownerId)).series.at(-1);
    expect(today).toMatchObject({ revenue: 1250, refunds: 500 });

    await stripe.refunds.create({ charge: partial.charge as string, refund_application_fee: true });
    const rest = testStripe().takeEvents();
    // Out of order: the charge's news first.
    for (const event of [...rest].reverse()) await deliver(event);
    for (const event of rest) await deliver(event);
    const figures = await analyticsOf(club.id, ownerId);
    today = figures.series.at(-1);
    expect(today).toMatchObject({ revenue: 1250, refunds: 1250 });
    expect(figures.headline.netRevenue?.value).toBe(0);
    expect(figures.revenueByMonth?.at(-1)).toEqual({
      month: today?.bucket.slice(0, 7),
      revenue: 1250,
      refunds: 1250,
    });
    // The platform gave its whole fee back.
    expect(await feesToday('eur')).toBe(feesBefore - fee);

    // Stripe refuses a refund of nothing left.
    await expect(stripe.refunds.create({ charge: partial.charge as string })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });
});

/** The platform's fees of today in `currency`, as the super-admin portal reads them. */
async function feesToday(currency: string): Promise<number> {
  const figures = await platformFigures('7d');
  return figures.series.at(-1)?.fees.find((fee) => fee.currency === currency)?.amount ?? 0;
}
