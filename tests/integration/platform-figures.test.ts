/**
 * The platform figures over DynamoDB Local and the Stripe simulator: each counter moves in the
 * write that changes its fact — a club created, a join approved, a member leaving, a suspension
 * and its reactivation, a paid subscription's trial, first payment and cancellation delivered as
 * signed events — and the portal reads them, and their days and months for its charts, with one
 * query of their partition.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { rebuildPlatformFigures } from '@clubs/functions/data/figures-rebuild';
import { rebuildPlatformSeries } from '@clubs/functions/data/figures-series-rebuild';
import { figureShard } from '@clubs/functions/data/platform-figures';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler } from '@clubs/functions/routes/super-admin';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import type { MoneyAmount, PlatformPoint } from '@clubs/shared';
import { adminKeys, keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { call, deliver, paidClubs, subscriptionOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';
import { adminClaims, asAdmin, platformFigures as figures } from '../support/super-admin.ts';

const stripe = useTestStripe();
const { paidClub, payMembership, createdClub, payPlan } = paidClubs(stripe);

const today = () => new Date().toISOString().slice(0, 10);

describe('platform figures', () => {
  it('start at zero and are refused to anyone but a super admin', async () => {
    const start = await figures('7d');
    expect(start).toMatchObject({
      clubs: { active: 0, unpaid: 0, inactive: 0, pending: 0 },
      members: 0,
      paidMemberships: 0,
      membershipMrr: [],
      creatorPlans: 0,
      creatorPlanMrr: [],
      period: '7d',
      bucket: 'day',
    });
    expect(start.series).toHaveLength(7);
    expect(start.series.at(-1)).toEqual({
      bucket: today(),
      clubs: 0,
      activeClubs: 0,
      members: 0,
      creatorPlans: 0,
      fees: [],
    });
    const member = await invoke(handler, httpEvent('getPlatformFigures', { claims: memberClaims(ulid()) }));
    expect(member.status).toBe(403);
  });

  it('move with a club, a join, a leave, a suspension and its reactivation', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    expect(await figures()).toMatchObject({ clubs: { active: 1, inactive: 0 }, members: 1 });

    const joinerId = ulid();
    const asked = await call(memberships, 'requestMembership', joinerId, { params: { clubId: club.id } });
    expect(asked.status).toBeLessThan(300);
    expect((await figures()).members).toBe(1);
    const approved = await call(members, 'approveClubMember', ownerId, {
      params: { clubId: club.id, userId: joinerId },
    });
    expect(approved.status).toBe(200);
    expect((await figures()).members).toBe(2);

    const left = await call(members, 'leaveClub', joinerId, { params: { clubId: club.id } });
    expect(left.body).toEqual({ left: true, endsAt: null });
    expect((await figures()).members).toBe(1);

    expect((await asAdmin('suspendClub', club.id)).status).toBe(200);
    expect((await figures()).clubs).toEqual({ active: 0, unpaid: 0, inactive: 1, pending: 0 });
    expect((await asAdmin('suspendClub', club.id)).status).toBe(409);
    expect((await figures()).clubs).toEqual({ active: 0, unpaid: 0, inactive: 1, pending: 0 });
    expect((await asAdmin('reactivateClub', club.id)).status).toBe(200);
    expect(await figures()).toMatchObject({
      clubs: { active: 1, unpaid: 0, inactive: 0, pending: 0 },
      members: 1,
    });
  });

  it('count a paid membership and its monthly revenue once it is paid, and drop them when it ends', async () => {
    const start = await figures();
    const { club } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 14 });
    const memberId = ulid();
    const events = await payMembership(club.id, memberId);
    const completed = ofType(events, 'checkout.session.completed');
    // Delivered twice: the event is handled once, the figures move once.
    await Promise.all([deliver(completed), deliver(completed)]);
    const trialing = await figures();
    expect(trialing.members).toBe(start.members + 2);
    expect(trialing.paidMemberships).toBe(start.paidMemberships);
    expect(trialing.membershipMrr).toEqual(start.membershipMrr);

    const subscriptionId = subscriptionOf(completed);
    stripe().takeEvents();
    stripe().server.simulator.renew(subscriptionId);
    for (const event of stripe().takeEvents()) await deliver(event);
    const paying = await figures();
    expect(paying.paidMemberships).toBe(start.paidMemberships + 1);
    expect(paying.membershipMrr).toEqual([{ currency: 'eur', amount: 1250 }]);
    expect(paying.members).toBe(start.members + 2);

    stripe().server.simulator.cancelSubscription(subscriptionId);
    for (const event of stripe().takeEvents()) await deliver(event);
    const ended = await figures();
    expect(ended.paidMemberships).toBe(start.paidMemberships);
    expect(ended.membershipMrr).toEqual([]);
    expect(ended.members).toBe(start.members + 1);
  });

  it('are rebuilt from the stored facts: corrupted counters repaired, old records counted, concurrent joins kept', async () => {
    const { club: free, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const { club: paid } = await paidClub({ price: 9, currency: 'USD', trialPeriod: 0 });
    const join = async () => {
      const joinerId = ulid();
      await call(memberships, 'requestMembership', joinerId, { params: { clubId: free.id } });
      const approved = await call(members, 'approveClubMember', ownerId, {
        params: { clubId: free.id, userId: joinerId },
      });
      expect(approved.status).toBe(200);
    };
    await join();
    const truth = await figures();

    // Counters gone wrong, a shard lost, and a live subscription stored before revenue was kept.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: adminKeys.figures(figureShard(free.id)),
        UpdateExpression: 'SET members = :wrong',
        ExpressionAttributeValues: { ':wrong': 999 },
      }),
    );
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: adminKeys.figures(figureShard(paid.id)) }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.memberSubscription(paid.id, ulid()),
          type: 'member_subscription',
          clubId: paid.id,
          subscriptionId: 'sub_old',
          status: 'active',
        },
      }),
    );
    expect(await figures()).not.toEqual(truth);

    const report = await rebuildPlatformFigures();
    expect(report.withoutRevenue).toBe(1);
    expect(await figures()).toEqual({ ...truth, paidMemberships: truth.paidMemberships + 1 });

    // Joins while a rebuild runs: none is lost, none counted twice (a second rebuild agrees).
    await Promise.all([rebuildPlatformFigures(), join(), join(), join()]);
    const after = await figures();
    expect(after.members).toBe(truth.members + 3);
    await rebuildPlatformFigures();
    expect(await figures()).toEqual(after);
  });

  it('chart the clubs, members, creator plans and fees of each day and month, read with one query', async () => {
    const before = await figures('7d');
    const beforeYear = await figures('12m');

    // A club created through the API whose creator plan is then paid: pending, then active.
    const ownerId = ulid();
    const created = await createdClub(ownerId);
    const planEvents = await payPlan(created.id, ownerId);
    for (const event of planEvents) await deliver(event);
    // Its trial ends paid: the plan pays from now.
    stripe().server.simulator.renew(subscriptionOf(ofType(planEvents, 'checkout.session.completed')));
    for (const event of stripe().takeEvents()) await deliver(event);
    // A paid club's member pays at once (no trial): the platform takes its application fee.
    const { club: paid } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 0 });
    const events = await payMembership(paid.id, ulid());
    for (const event of events) await deliver(event);
    const fee = Number(
      (ofType(events, 'invoice.paid').data as { object: Record<string, unknown> }).object
        .application_fee_amount,
    );
    expect(fee).toBeGreaterThan(0);

    const meter = meterRequests(db());
    let after: Awaited<ReturnType<typeof figures>>;
    try {
      after = await figures('7d');
      // One query of the figures' partition reads the days, the months and the figures now.
      expect(meter.requests).toBeLessThanOrEqual(3);
      expect(meter.commands).toEqual(['QueryCommand']);
    } finally {
      meter.stop();
    }
    const was = before.series.at(-1) as PlatformPoint;
    const now = after.series.at(-1) as PlatformPoint;
    expect(now).toEqual({
      bucket: today(),
      clubs: was.clubs + 2,
      activeClubs: was.activeClubs + 2,
      members: was.members + 3,
      creatorPlans: was.creatorPlans + 1,
      fees: addFee(was.fees, fee),
    });
    expect(now.clubs).toBe(Object.values(after.clubs).reduce((a, b) => a + b, 0));
    expect(now.members).toBe(after.members);
    expect(now.creatorPlans).toBe(after.creatorPlans);
    // The days before today are what they were.
    expect(after.series.slice(0, -1)).toEqual(before.series.slice(0, -1));

    const year = await figures('12m');
    expect(year.bucket).toBe('month');
    expect(year.series).toHaveLength(12);
    const month = year.series.at(-1) as PlatformPoint;
    const monthWas = beforeYear.series.at(-1) as PlatformPoint;
    expect(month.bucket).toBe(today().slice(0, 7));
    expect(month).toMatchObject({ clubs: monthWas.clubs + 2, members: monthWas.members + 3 });
    expect(month.fees).toEqual(addFee(monthWas.fees, fee));

    // The series rebuilt from the stored facts: a corrupted day is repaired, fees kept as recorded.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: adminKeys.figuresDay(today(), figureShard(paid.id)),
        UpdateExpression: 'SET members = :wrong, clubs_active = :wrong',
        ExpressionAttributeValues: { ':wrong': -50 },
      }),
    );
    expect((await figures('7d')).series).not.toEqual(after.series);
    await rebuildPlatformSeries();
    expect((await figures('7d')).series).toEqual(after.series);
  });

  it('refuse a period they do not know', async () => {
    const res = await invoke(
      handler,
      httpEvent('getPlatformFigures', { claims: adminClaims(), query: { period: '5y' } }),
    );
    expect(res.status).toBe(400);
  });
});

/** Fees in one currency plus a fee in EUR. */
function addFee(fees: MoneyAmount[], fee: number): MoneyAmount[] {
  const eur = fees.find((one) => one.currency === 'eur')?.amount ?? 0;
  return [...fees.filter((one) => one.currency !== 'eur'), { currency: 'eur', amount: eur + fee }].sort(
    (a, b) => a.currency.localeCompare(b.currency),
  );
}
