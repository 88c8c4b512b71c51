/**
 * The members page through its handler on DynamoDB Local: who sees whom (pending requests and
 * e-mail addresses only for owners and moderators), the search by name prefix and (managers only)
 * by e-mail, paging by cursor, and refusals.
 */
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { handler } from '@clubs/functions/routes/members';
import { handler as membershipsHandler } from '@clubs/functions/routes/memberships';
import type { ClubRole, MemberPage, MembershipStatus, RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

/** The members page searches e-mails too: each address starts with the person's first name. */
function person(fullName: string) {
  const id = ulid();
  const email = `${fullName.split(' ')[0]?.toLowerCase()}-${id.slice(-5).toLowerCase()}@clubs.test`;
  return addPerson(fullName, { id, email });
}

const join = (clubId: string, userId: string, status: MembershipStatus, role: ClubRole = 'club_member') =>
  addMember(clubId, { userId, status, role });

const list = (userId: string, clubId: string, query: Record<string, string> = {}) =>
  call<MemberPage>('listClubMembers', userId, { params: { clubId }, query });

describe('the members page', () => {
  let clubId: string;
  let ownerId: string;
  let moderatorId: string;
  let aliceId: string;
  let albertId: string;
  let pendingId: string;

  beforeAll(async () => {
    ownerId = await person('Olivia Owner');
    const { club } = await createClubWithOwner(clubFixture({ ownerId, status: 'active' }));
    clubId = club.id;
    moderatorId = await person('Mona Moderator');
    aliceId = await person('Alice Ávila');
    albertId = await person('Albert Brown');
    pendingId = await person('Alfred Pending');
    await join(clubId, moderatorId, 'active', 'club_moderator');
    await join(clubId, aliceId, 'active');
    await join(clubId, albertId, 'active');
    await join(clubId, pendingId, 'pending');
  });

  it('shows owners everyone with e-mails, the owner marked, and pages by cursor', async () => {
    const first = await list(ownerId, clubId, { limit: '3' });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).not.toBeNull();
    const rest = await list(ownerId, clubId, { limit: '3', cursor: first.body.nextCursor ?? '' });
    const all = [...first.body.items, ...rest.body.items];
    expect(all.map((m) => m.userId).sort()).toEqual(
      [ownerId, moderatorId, aliceId, albertId, pendingId].sort(),
    );
    const owner = all.find((m) => m.userId === ownerId);
    expect(owner).toMatchObject({ isOwner: true, role: 'club_owner', name: 'Olivia Owner' });
    expect(owner?.email).toMatch(/^olivia-.*@clubs\.test$/);
    expect(all.find((m) => m.userId === pendingId)).toMatchObject({ status: 'pending', isOwner: false });
    expect(all.every((m) => m.email?.endsWith('@clubs.test'))).toBe(true);
  });

  it('lists the requests first for managers, then the owner, moderators and members newest first', async () => {
    const order = (await list(ownerId, clubId, { limit: '50' })).body.items.map((m) => m.userId);
    expect(order).toEqual([pendingId, ownerId, moderatorId, albertId, aliceId]);
    const asMember = (await list(aliceId, clubId, { limit: '50' })).body.items.map((m) => m.userId);
    expect(asMember).toEqual([ownerId, moderatorId, albertId, aliceId]);
  });

  it('filters the requests to join for managers, with their count; members get neither', async () => {
    const pending = await list(moderatorId, clubId, { filter: 'pending' });
    expect(pending.body.items.map((m) => [m.userId, m.name])).toEqual([[pendingId, 'Alfred Pending']]);
    expect(pending.body.items[0]?.email).toMatch(/^alfred-/);
    const count = await call<{ count: number; more: boolean }>('countPendingMembers', ownerId, {
      params: { clubId },
    });
    expect(count.body).toEqual({ count: 1, more: false });
    expect((await list(aliceId, clubId, { filter: 'pending' })).status).toBe(403);
    expect((await call('countPendingMembers', aliceId, { params: { clubId } })).status).toBe(403);
    expect((await list(ownerId, clubId, { filter: 'everyone' })).status).toBe(400);
  });

  it("names a new person's request by their name and e-mail before they ever opened their profile", async () => {
    const newcomer = ulid();
    const claims = memberClaims(newcomer, { name: 'Nadia Newcomer', email: 'nadia@clubs.test' });
    const asked = await invoke(
      membershipsHandler,
      httpEvent('requestMembership', { params: { clubId }, claims }),
    );
    expect(asked.status).toBe(200);
    const pending = await list(ownerId, clubId, { filter: 'pending' });
    expect(pending.body.items[0]).toMatchObject({
      userId: newcomer,
      name: 'Nadia Newcomer',
      email: 'nadia@clubs.test',
    });
    expect((await list(ownerId, clubId, { q: 'nadia@' })).body.items.map((m) => m.userId)).toEqual([
      newcomer,
    ]);
    await call('removeClubMember', ownerId, { params: { clubId, userId: newcomer } });
  });

  it('moves a member to the moderators when promoted, and back', async () => {
    const role = (userId: string, value: ClubRole) =>
      call('changeClubMemberRole', ownerId, { params: { clubId, userId }, body: { role: value } });
    expect((await role(aliceId, 'club_moderator')).status).toBe(200);
    const promoted = (await list(ownerId, clubId, { limit: '50' })).body.items.map((m) => m.userId);
    expect(promoted).toEqual([pendingId, ownerId, aliceId, moderatorId, albertId]);
    expect((await role(aliceId, 'club_member')).status).toBe(200);
    const back = (await list(ownerId, clubId, { limit: '50' })).body.items.map((m) => m.userId);
    expect(back).toEqual([pendingId, ownerId, moderatorId, albertId, aliceId]);
  });

  it('shows members active members only, without e-mails', async () => {
    const page = await list(aliceId, clubId, { limit: '50' });
    expect(page.status).toBe(200);
    expect(page.body.items.map((m) => m.userId).sort()).toEqual(
      [ownerId, moderatorId, aliceId, albertId].sort(),
    );
    expect(page.body.items.every((m) => m.email === null)).toBe(true);
  });

  it('searches names by prefix, accents and case aside', async () => {
    const found = await list(moderatorId, clubId, { q: 'al' });
    expect(found.body.items.map((m) => m.name).sort()).toEqual([
      'Albert Brown',
      'Alfred Pending',
      'Alice Ávila',
    ]);
    expect((await list(aliceId, clubId, { q: 'AL' })).body.items.map((m) => m.name).sort()).toEqual([
      'Albert Brown',
      'Alice Ávila',
    ]);
    expect((await list(ownerId, clubId, { q: 'alice av' })).body.items.map((m) => m.userId)).toEqual([
      aliceId,
    ]);
    expect((await list(ownerId, clubId, { q: 'zed' })).body.items).toEqual([]);
  });

  it('searches e-mails for owners and moderators only', async () => {
    // Without an '@' it is a name search: a surname is no name prefix.
    expect((await list(ownerId, clubId, { q: 'brown' })).body.items).toEqual([]);
    const email = (await list(ownerId, clubId, { limit: '50' })).body.items.find(
      (m) => m.userId === albertId,
    )?.email;
    expect(email).toBeTruthy();
    const found = await list(moderatorId, clubId, { q: email ?? '' });
    expect(found.body.items.map((m) => m.userId)).toEqual([albertId]);
    expect((await list(aliceId, clubId, { q: email ?? '' })).body.items).toEqual([]);
  });

  it('refuses pending members, strangers, a foreign cursor and bad input', async () => {
    expect((await list(pendingId, clubId)).status).toBe(403);
    expect((await list(ulid(), clubId)).status).toBe(403);
    expect((await list(ownerId, ulid())).status).toBe(404);
    const other = await list(ownerId, clubId, { q: 'al', limit: '1' });
    const foreign = await list(ownerId, clubId, { cursor: other.body.nextCursor ?? 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBeTruthy();
    expect((await list(ownerId, clubId, { limit: '0' })).status).toBe(400);
    expect((await list(ownerId, clubId, { extra: '1' })).status).toBe(400);
  });
});
