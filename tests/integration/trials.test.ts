/**
 * A club's free trial is a person's once (review defect: a member who cancelled in the trial, or
 * whose card failed, got the trial again on every new checkout). Against DynamoDB Local and the
 * Stripe simulator through the real SDK and event handler.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { getSubscriptionRecord } from '@clubs/functions/data/repositories/billing';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler as payments } from '@clubs/functions/routes/payments';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import {
  call,
  deliver,
  paidClubs,
  sessionIdOf,
  subscriptionOf,
  useTestStripe,
} from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';

const testStripe = useTestStripe();
const { sim, paidClub, payMembership } = paidClubs(testStripe);

/** Opens a membership checkout and answers the trial days the simulator's checkout page offers. */
async function checkoutTrialDays(clubId: string, userId: string): Promise<number | null> {
  const res = await call<{ url: string }>(payments, 'createMembershipCheckout', userId, {
    params: { clubId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (sim().checkoutView(sessionIdOf(res.body.url)) as { trialDays: number | null }).trialDays;
}

const trialAvailable = async (clubId: string, userId: string) => {
  const res = await call<{ trialAvailable: boolean }>(memberships, 'getClubMembership', userId, {
    params: { clubId },
  });
  expect(res.status).toBe(200);
  return res.body.trialAvailable;
};

/** Joins through a paid checkout (with whatever trial it offers) and cancels at once in Stripe. */
async function joinAndCancel(clubId: string, userId: string) {
  const completed = ofType(await payMembership(clubId, userId), 'checkout.session.completed');
  await deliver(completed);
  expect(await getMembership(clubId, userId)).toMatchObject({ status: 'active' });
  await testStripe().stripe.subscriptions.cancel(subscriptionOf(completed));
  await deliver(ofType(testStripe().takeEvents(), 'customer.subscription.deleted'));
  expect(await getMembership(clubId, userId)).toBeNull();
}

describe('free trials', () => {
  it('a member who cancelled during the trial is offered the price without the trial next time', async () => {
    const { club } = await paidClub({ trialPeriod: 14 });
    const memberId = ulid();
    expect(await trialAvailable(club.id, memberId)).toBe(true);
    expect(await checkoutTrialDays(club.id, memberId)).toBe(14);

    await joinAndCancel(club.id, memberId);
    expect(
      (await getSubscriptionRecord({ kind: 'membership', clubId: club.id, userId: memberId }))?.trialUsedAt,
    ).toEqual(expect.any(String));
    expect(await trialAvailable(club.id, memberId)).toBe(false);
    expect(await checkoutTrialDays(club.id, memberId)).toBeNull();

    // The second subscription starts charging at once, and a third checkout still has no trial.
    await joinAndCancel(club.id, memberId);
    expect(await checkoutTrialDays(club.id, memberId)).toBeNull();
  });

  it("finds a trial in the customer's earlier Stripe subscriptions that the record does not know", async () => {
    const { club } = await paidClub({ trialPeriod: 7 });
    const memberId = ulid();
    await joinAndCancel(club.id, memberId);
    // A record written before trials were remembered: the subscription is known, the trial not.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.memberSubscription(club.id, memberId),
        UpdateExpression: 'REMOVE trialUsedAt',
      }),
    );
    expect(await trialAvailable(club.id, memberId)).toBe(true);

    expect(await checkoutTrialDays(club.id, memberId)).toBeNull();
    // What Stripe said is remembered, so the club page stops promising the trial too.
    expect(await trialAvailable(club.id, memberId)).toBe(false);
  });

  it('the trial of one club is not spent in another, nor by another person', async () => {
    const { club } = await paidClub({ trialPeriod: 14 });
    const { club: other } = await paidClub({ trialPeriod: 5 });
    const memberId = ulid();
    await joinAndCancel(club.id, memberId);
    expect(await trialAvailable(other.id, memberId)).toBe(true);
    expect(await checkoutTrialDays(other.id, memberId)).toBe(5);
    expect(await checkoutTrialDays(club.id, ulid())).toBe(14);
  });

  it('a club without a trial offers none, and its owner is never offered one', async () => {
    const { club, ownerId } = await paidClub({ trialPeriod: 0 });
    expect(await trialAvailable(club.id, ulid())).toBe(false);
    expect(await checkoutTrialDays(club.id, ulid())).toBeNull();
    expect(await trialAvailable(club.id, ownerId)).toBe(false);
  });
});
