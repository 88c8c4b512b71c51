/**
 * Joining and the caller's memberships through the memberships handler: the free join request
 * (idempotent, exact under concurrency), membership status, the dashboards' lists, and a
 * non-member, a pending member and an active member each seeing only what they may.
 */
import { createClubWithOwner, getClub, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { activateMembership } from '@clubs/functions/data/repositories/membership-writes';
import { listMembershipsOfUser } from '@clubs/functions/data/repositories/memberships';
import { handler as clubsHandler } from '@clubs/functions/routes/clubs';
import { handler } from '@clubs/functions/routes/memberships';
import type { Club, JoinRequestResult, MyMembership, ViewerMembership } from '@clubs/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember } from '../support/members.ts';

const as = (userId: string) => ({ claims: memberClaims(userId) });

const join = (clubId: string, userId: string) =>
  invoke<JoinRequestResult>(handler, httpEvent('requestMembership', { params: { clubId }, ...as(userId) }));
const statusOf = (clubId: string, userId: string) =>
  invoke<ViewerMembership>(handler, httpEvent('getClubMembership', { params: { clubId }, ...as(userId) }));
const mine = (userId: string, query: Record<string, string> = {}) =>
  invoke<{ items: MyMembership[]; nextCursor: string | null }>(
    handler,
    httpEvent('listMyMemberships', { query, ...as(userId) }),
  );

let free: Club;
let paid: Club;

beforeAll(async () => {
  ({ club: free } = await createClubWithOwner(clubFixture({ name: 'Free Club', price: 0 })));
  ({ club: paid } = await createClubWithOwner(clubFixture({ name: 'Paid Club', price: 20 })));
});

describe('POST /api/clubs/{clubId}/join-requests', () => {
  it('needs a signed-in caller', async () => {
    const res = await invoke(handler, httpEvent('requestMembership', { params: { clubId: free.id } }));
    expect(res.status).toBe(401);
  });

  it('creates a pending membership once; a repeat answers it without writing', async () => {
    const user = ulid();
    expect(await statusOf(free.id, user)).toMatchObject({
      status: 200,
      body: { status: 'not_member', role: null, trialAvailable: false },
    });
    expect((await join(free.id, user)).body).toEqual({ status: 'pending', created: true });
    expect((await join(free.id, user)).body).toEqual({ status: 'pending', created: false });
    expect((await statusOf(free.id, user)).body).toEqual({
      status: 'pending',
      role: 'club_member',
      trialAvailable: false,
    });
    expect((await getClub(free.id))?.memberCount).toBe(1);
  });

  it('makes one membership from ten simultaneous clicks (two tabs, double clicks)', async () => {
    const user = ulid();
    const answers = await Promise.all(Array.from({ length: 10 }, () => join(free.id, user)));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'pending')).toBe(true);
    expect(answers.filter((a) => a.body.created)).toHaveLength(1);
    expect(await listMembershipsOfUser(user)).toHaveLength(1);
  });

  it('keeps the member count exact when many join and are approved at once', async () => {
    const { club } = await createClubWithOwner(clubFixture({ name: 'Busy Club' }));
    const users = Array.from({ length: 30 }, () => ulid());
    const answers = await Promise.all(users.map((u) => join(club.id, u)));
    expect(answers.every((a) => a.body.created)).toBe(true);
    expect((await getClub(club.id))?.memberCount).toBe(1);
    const approvals = await Promise.all([
      ...users.map((u) => activateMembership(club.id, u)),
      ...users.slice(0, 10).map((u) => activateMembership(club.id, u)),
    ]);
    expect(approvals.filter((a) => a.activated)).toHaveLength(30);
    expect((await getClub(club.id))?.memberCount).toBe(31);
    const res = await invoke<{ items: Club[] }>(
      clubsHandler,
      httpEvent('listClubs', { query: { size: 'medium' } }),
    );
    expect(res.body.items.map((c) => c.id)).toContain(club.id);
  });

  it('refuses a paid club with 409 and writes nothing (its checkout joins)', async () => {
    const user = ulid();
    const res = await join(paid.id, user);
    expect(res.status).toBe(409);
    expect(await listMembershipsOfUser(user)).toEqual([]);
  });

  it('answers the owner as active without writing', async () => {
    expect((await join(free.id, free.ownerId)).body).toEqual({ status: 'active', created: false });
    expect((await statusOf(free.id, free.ownerId)).body).toEqual({
      status: 'active',
      role: 'club_owner',
      trialAvailable: false,
    });
  });

  it('answers 404 for a missing, unpaid or inactive club and writes nothing', async () => {
    const user = ulid();
    const { club: unpaid } = await createClubWithOwner(clubFixture({ status: 'unpaid' }));
    const { club: closed } = await createClubWithOwner(clubFixture());
    await setClubStatus(closed.id, 'inactive');
    for (const clubId of [ulid(), unpaid.id, closed.id]) {
      expect((await join(clubId, user)).status).toBe(404);
      expect((await statusOf(clubId, user)).status).toBe(404);
    }
    expect(await listMembershipsOfUser(user)).toEqual([]);
    expect((await join('not an id', user)).status).toBe(400);
  });
});

describe('what a non-member, a pending member and an active member see', () => {
  const outsider = ulid();
  const pendingUser = ulid();
  const activeUser = ulid();
  let club: Club;

  beforeAll(async () => {
    ({ club } = await createClubWithOwner(clubFixture({ name: 'Visibility Club' })));
    await join(club.id, pendingUser);
    await addMember(club.id, { userId: activeUser });
  });

  it('each sees their own status in the club, nothing about the others', async () => {
    expect((await statusOf(club.id, outsider)).body).toEqual({
      status: 'not_member',
      role: null,
      trialAvailable: false,
    });
    expect((await statusOf(club.id, pendingUser)).body).toEqual({
      status: 'pending',
      role: 'club_member',
      trialAvailable: false,
    });
    expect((await statusOf(club.id, activeUser)).body).toEqual({
      status: 'active',
      role: 'club_member',
      trialAvailable: false,
    });
  });

  it('each lists only their own memberships, by status', async () => {
    expect((await mine(outsider)).body.items).toEqual([]);
    const pending = await mine(pendingUser);
    expect(pending.body.items.map((i) => [i.club.id, i.membership.status])).toEqual([[club.id, 'pending']]);
    expect((await mine(pendingUser, { status: 'active' })).body.items).toEqual([]);
    const active = await mine(activeUser, { status: 'active' });
    expect(active.body.items.map((i) => i.membership.userId)).toEqual([activeUser]);
    expect(active.body.items[0]?.club).toMatchObject({ id: club.id, memberCount: 2 });
  });

  it('the public club page is the same for all and carries no membership data', async () => {
    const res = await invoke<Record<string, unknown>>(
      clubsHandler,
      httpEvent('getClub', { params: { clubId: club.id } }),
    );
    expect(Object.keys(res.body).sort()).not.toContain('members');
    expect(res.body).toMatchObject({ id: club.id, memberCount: 2 });
  });

  it('the membership routes refuse callers without a token', async () => {
    expect(
      (await invoke(handler, httpEvent('getClubMembership', { params: { clubId: club.id } }))).status,
    ).toBe(401);
    expect((await invoke(handler, httpEvent('listMyMemberships'))).status).toBe(401);
    expect((await invoke(handler, httpEvent('discoverClubs'))).status).toBe(401);
  });
});

describe('GET /api/me/memberships and /api/me/discover-clubs', () => {
  it('pages memberships by cursor and shows a non-active club only to its owner', async () => {
    const user = ulid();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { club } = await createClubWithOwner(clubFixture({ name: `Paged ${i}` }));
      await join(club.id, user);
      made.push(club.id);
    }
    const { club: own } = await createClubWithOwner(clubFixture({ ownerId: user, status: 'unpaid' }));
    const seen: MyMembership[] = [];
    let cursor: string | undefined;
    do {
      const res = await mine(user, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((s) => s.club.id).sort()).toEqual([...made, own.id].sort());
    expect(seen.find((s) => s.club.id === own.id)?.membership.role).toBe('club_owner');

    // The same unpaid club is not shown to a member who is not its owner.
    const other = ulid();
    await addMember(own.id, { userId: other, status: 'pending' });
    expect(await listMembershipsOfUser(other)).toHaveLength(1);
    expect((await mine(other)).body.items).toEqual([]);
    const forged = Buffer.from(
      JSON.stringify({ pk: 'x', sk: 'y', gsi3pk: 'USER#other', gsi3sk: 'z' }),
    ).toString('base64url');
    expect((await mine(user, { cursor: forged })).status).toBe(400);
    expect((await mine(user, { status: 'gone' })).status).toBe(400);
  });

  it('discovers newest active clubs the caller is not in, at most as many as asked', async () => {
    const user = ulid();
    const { club: newest } = await createClubWithOwner(clubFixture({ name: 'Newest' }));
    const { club: joined } = await createClubWithOwner(
      clubFixture({ name: 'Joined', createdAt: new Date(Date.now() + 1000).toISOString() }),
    );
    await join(joined.id, user);
    const res = await invoke<{ items: Club[] }>(handler, httpEvent('discoverClubs', as(user)));
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items[0]?.id).toBe(newest.id);
    expect(res.body.items.map((c) => c.id)).not.toContain(joined.id);
    expect(res.body.items.every((c) => c.status === 'active')).toBe(true);
    const more = await invoke<{ items: Club[] }>(
      handler,
      httpEvent('discoverClubs', { query: { limit: '12' }, ...as(user) }),
    );
    expect(more.body.items.length).toBeGreaterThan(3);
    expect(
      (await invoke(handler, httpEvent('discoverClubs', { query: { limit: '13' }, ...as(user) }))).status,
    ).toBe(400);
  });
});
