/**
 * The platform figures over DynamoDB Local and the Stripe simulator: each counter moves in the
 * write that changes its fact — a club created, a join approved, a member leaving, a suspension
 * and its reactivation, a paid subscription's trial, first payment and cancellation delivered as
 * signed events — and the portal reads them with one batch of key lookups.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { rebuildPlatformFigures } from '@clubs/functions/data/figures-rebuild';
import { adminKeys, keys } from '@clubs/functions/data/keys';
import { figureShard } from '@clubs/functions/data/platform-figures';
import { handler as members } from '@clubs/functions/handlers/members';
import { handler as memberships } from '@clubs/functions/handlers/memberships';
import { handler } from '@clubs/functions/handlers/super-admin';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { call, deliver, paidClubs, subscriptionOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';
import { asAdmin, platformFigures as figures } from '../support/super-admin.ts';

const stripe = useTestStripe();
const { paidClub, payMembership } = paidClubs(stripe);

describe('platform figures', () => {
  it('start at zero and are refused to anyone but a super admin', async () => {
    expect(await figures()).toEqual({
      clubs: { active: 0, unpaid: 0, inactive: 0, pending: 0 },
      members: 0,
      paidMemberships: 0,
      membershipMrr: [],
      creatorPlans: 0,
      creatorPlanMrr: [],
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
});
