/**
 * Approvals and removals through the members handler on DynamoDB Local and the Stripe simulator:
 * the count moves once under double approval, a paid club's pending member cannot be approved
 * past the payment, the owner is never removed, a moderator cannot remove a moderator, and a
 * removed paid member's subscription is cancelled at Stripe.
 */
import { getClub } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as members } from '@clubs/functions/routes/members';
import type { ClubRole, MembershipStatus } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { addMember } from '../support/members.ts';
import { call, deliver, paidClubs, subscriptionOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';

const stripe = useTestStripe();
const { paidClub, payMembership } = paidClubs(stripe);

const join = (clubId: string, status: MembershipStatus, role: ClubRole = 'club_member') =>
  addMember(clubId, { status, role });

const approve = (by: string, clubId: string, userId: string) =>
  call<{ error?: { code: string; message: string } }>(members, 'approveClubMember', by, {
    params: { clubId, userId },
  });
const remove = (by: string, clubId: string, userId: string) =>
  call<{ error?: { code: string; message: string } }>(members, 'removeClubMember', by, {
    params: { clubId, userId },
  });

describe('approvals', () => {
  it('two approvals at once activate the member once and count them once', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const moderatorId = await join(club.id, 'active', 'club_moderator');
    const pendingId = await join(club.id, 'pending');
    const before = (await getClub(club.id))?.memberCount ?? 0;
    const answers = await Promise.all([
      approve(ownerId, club.id, pendingId),
      approve(moderatorId, club.id, pendingId),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await getMembership(club.id, pendingId)).toMatchObject({ status: 'active' });
    expect((await getClub(club.id))?.memberCount).toBe(before + 1);
  });

  it("refuses a paid club's pending member, a member approving, and ids of nobody", async () => {
    const { club, ownerId } = await paidClub();
    const pendingId = await join(club.id, 'pending');
    const memberId = await join(club.id, 'active');
    const paid = await approve(ownerId, club.id, pendingId);
    expect(paid.status).toBe(409);
    expect(paid.body.error?.message).toMatch(/paid/);
    expect((await approve(memberId, club.id, pendingId)).status).toBe(403);
    expect((await approve(pendingId, club.id, pendingId)).status).toBe(403);
    expect((await approve(ownerId, club.id, ulid())).status).toBe(404);
    expect(await getMembership(club.id, pendingId)).toMatchObject({ status: 'pending' });
  });
});

describe('removals', () => {
  it('never the owner; a moderator not another moderator; members not at all', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const [modA, modB] = [
      await join(club.id, 'active', 'club_moderator'),
      await join(club.id, 'active', 'club_moderator'),
    ];
    const memberId = await join(club.id, 'active');
    expect((await remove(modA, club.id, ownerId)).status).toBe(403);
    expect((await remove(ownerId, club.id, ownerId)).status).toBe(403);
    expect((await remove(modA, club.id, modB)).status).toBe(403);
    expect((await remove(memberId, club.id, modA)).status).toBe(403);
    expect(await getMembership(club.id, modB)).not.toBeNull();
    const before = (await getClub(club.id))?.memberCount ?? 0;
    expect((await remove(modA, club.id, memberId)).status).toBe(200);
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.memberCount).toBe(before - 1);
    expect((await remove(ownerId, club.id, memberId)).status).toBe(404);
    expect((await remove(ownerId, club.id, modB)).status).toBe(200);
  });

  it("cancels a removed paid member's subscription at Stripe", async () => {
    const { club, ownerId } = await paidClub();
    const memberId = ulid();
    const events = await payMembership(club.id, memberId);
    for (const event of events) await deliver(event);
    expect(await getMembership(club.id, memberId)).toMatchObject({ status: 'active' });
    const subscriptionId = subscriptionOf(ofType(events, 'checkout.session.completed'));
    expect((await remove(ownerId, club.id, memberId)).status).toBe(200);
    expect(await getMembership(club.id, memberId)).toBeNull();
    const subscription = await stripe().stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('canceled');
    // The cancellation's own event changes nothing more.
    for (const event of stripe().takeEvents()) await deliver(event);
    expect(await getMembership(club.id, memberId)).toBeNull();
  });
});

describe('roles and leaving', () => {
  const setRole = (by: string, clubId: string, userId: string, role: string) =>
    call<{ role?: string }>(members, 'changeClubMemberRole', by, {
      params: { clubId, userId },
      body: { role },
    });
  const leave = (userId: string, clubId: string) =>
    call<{ left?: boolean; endsAt?: string | null }>(members, 'leaveClub', userId, { params: { clubId } });

  it('the owner promotes a member to moderator and back; nobody else may', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const moderatorId = await join(club.id, 'active', 'club_moderator');
    const memberId = await join(club.id, 'active');
    const pendingId = await join(club.id, 'pending');
    expect((await setRole(ownerId, club.id, memberId, 'club_moderator')).body.role).toBe('club_moderator');
    expect(await getMembership(club.id, memberId)).toMatchObject({ role: 'club_moderator' });
    expect((await setRole(ownerId, club.id, memberId, 'club_member')).body.role).toBe('club_member');
    expect((await setRole(moderatorId, club.id, memberId, 'club_moderator')).status).toBe(404);
    expect((await setRole(ownerId, club.id, ownerId, 'club_member')).status).toBe(403);
    expect((await setRole(ownerId, club.id, pendingId, 'club_moderator')).status).toBe(404);
    expect((await setRole(ownerId, club.id, memberId, 'club_owner')).status).toBe(400);
    expect(await getMembership(club.id, memberId)).toMatchObject({ role: 'club_member' });
  });

  it('a free member leaves at once; the owner cannot leave; a stranger learns nothing', async () => {
    const { club, ownerId } = await paidClub({ price: 0, trialPeriod: 0 });
    const memberId = await join(club.id, 'active');
    const before = (await getClub(club.id))?.memberCount ?? 0;
    expect((await leave(memberId, club.id)).body).toEqual({ left: true, endsAt: null });
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await getClub(club.id))?.memberCount).toBe(before - 1);
    expect((await leave(ownerId, club.id)).status).toBe(409);
    expect((await leave(ulid(), club.id)).status).toBe(404);
  });

  it('a paid member leaves at the end of the period already paid, the date answered', async () => {
    const { club } = await paidClub();
    const memberId = ulid();
    const events = await payMembership(club.id, memberId);
    for (const event of events) await deliver(event);
    const subscriptionId = subscriptionOf(ofType(events, 'checkout.session.completed'));
    const answer = await leave(memberId, club.id);
    expect(answer.status).toBe(200);
    expect(answer.body.left).toBe(false);
    expect(Date.parse(answer.body.endsAt ?? '')).toBeGreaterThan(Date.now());
    const subscription = await stripe().stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    for (const event of stripe().takeEvents()) await deliver(event);
    expect(await getMembership(club.id, memberId)).toMatchObject({ status: 'active' });
  });
});
