/**
 * The super-admin portal's API over DynamoDB Local: every club with its owner's name and e-mail,
 * searched by club name, owner name and e-mail prefix, filtered by status, paged by 10; the owner
 * card follows a profile change; suspend and reactivate with their audit entries; refusals.
 */
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { handler as clubsHandler } from '@clubs/functions/routes/clubs';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler as profiles } from '@clubs/functions/routes/profiles';
import { handler } from '@clubs/functions/routes/super-admin';
import type { AdminClubRow, AuditEntry, ClubStatus, PublicClub } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';

type ErrorBody = { error: { code: string; message: string } };
type RowPage = { items: AdminClubRow[]; nextCursor: string | null } & ErrorBody;

const admin = ulid();
const adminClaims = () => memberClaims(admin, { 'cognito:groups': 'super_admin' });

const list = (query: Record<string, string>) =>
  invoke<RowPage>(handler, httpEvent('listAdminClubs', { claims: adminClaims(), query }));

/** A unique word, so each test finds only its own clubs. */
const word = () => `w${ulid().slice(-8).toLowerCase()}`;

async function club(name: string, owner: { name: string; email: string }, status: ClubStatus = 'active') {
  const { club: stored } = await createClubWithOwner(clubFixture({ name, status }), undefined, owner);
  return stored;
}

describe('GET /api/admin/clubs', () => {
  it('finds clubs by club name, owner name and e-mail prefix, with the owner on each row', async () => {
    const tag = word();
    const email = `${tag}.olivia@example.com`;
    const yoga = await club(`Yoga ${tag}`, { name: 'Olivia Quasar', email });
    const chess = await club(`Chess ${tag}`, { name: 'Bram Nebula', email: `${tag}.bram@example.com` });

    const byName = await list({ q: `yoga ${tag}` });
    expect(byName.status).toBe(200);
    expect(byName.body.items).toEqual([
      expect.objectContaining({
        id: yoga.id,
        name: `Yoga ${tag}`,
        ownerName: 'Olivia Quasar',
        ownerEmail: email,
      }),
    ]);
    expect((await list({ q: `${tag} nebula` })).body.items.map((r) => r.id)).toEqual([chess.id]);
    expect((await list({ q: `${tag}.oli` })).body.items.map((r) => r.id)).toEqual([yoga.id]);
    expect((await list({ q: email.toUpperCase() })).body.items.map((r) => r.id)).toEqual([yoga.id]);
    expect((await list({ q: tag })).body.items.map((r) => r.id).sort()).toEqual([yoga.id, chess.id].sort());
    expect((await list({ q: `${tag} nothingmatches` })).body.items).toEqual([]);
  });

  it('filters by status and pages by 10 without repeats', async () => {
    const tag = word();
    const owner = { name: 'Pat Pager', email: `${tag}@example.com` };
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await club(`Paged ${tag} ${i}`, owner, 'pending')).id);
    const unpaid = await club(`Paged ${tag} unpaid`, owner, 'unpaid');

    const first = await list({ q: tag, status: 'pending' });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await list({ q: tag, status: 'pending', cursor: first.body.nextCursor ?? '' });
    const ids = [...first.body.items, ...second.body.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids.sort()).toEqual([...made].sort());
    expect((await list({ q: tag, status: 'unpaid' })).body.items.map((r) => r.id)).toEqual([unpaid.id]);

    const byStatus = await list({ status: 'pending' });
    expect(byStatus.body.items.length).toBeLessThanOrEqual(10);
    expect(byStatus.body.items.every((r) => r.status === 'pending')).toBe(true);
    const all = await list({});
    expect(all.body.items).toHaveLength(10);
    expect(all.body.items[0]?.id).toBe(unpaid.id);
  });

  it("follows the owner's new name and e-mail", async () => {
    const tag = word();
    const ownerId = ulid();
    const claims = memberClaims(ownerId, { email: `${tag}.before@example.com`, name: 'Old Name' });
    await invoke(profiles, httpEvent('getMe', { claims }));
    const { club: owned } = await createClubWithOwner(
      clubFixture({ ownerId, name: `Owned ${tag}` }),
      undefined,
      {
        name: 'Old Name',
        email: `${tag}.before@example.com`,
      },
    );
    const renamed = await invoke(
      profiles,
      httpEvent('updateMe', { claims, body: { fullName: `Zed ${tag}renamed` } }),
    );
    expect(renamed.status).toBe(200);
    const row = (await list({ q: `${tag}renamed` })).body.items;
    expect(row).toEqual([expect.objectContaining({ id: owned.id, ownerName: `Zed ${tag}renamed` })]);
    expect((await list({ q: `Owned ${tag} old` })).body.items).toEqual([]);
  });

  it.each([
    ['an unknown status', { status: 'closed' }],
    ['a page of 11', { limit: '11' }],
    ['a forged cursor', { cursor: 'not-a-cursor' }],
    ['a search of 101 characters', { q: 'x'.repeat(101) }],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBeTruthy();
  });
});

describe('suspend and reactivate', () => {
  it('a suspended club leaves the directory, refuses its members and joins, and comes back; both are audited', async () => {
    const tag = word();
    const stored = await club(`Suspend ${tag}`, { name: 'Sam Owner', email: `${tag}@example.com` });
    const suspended = await invoke<AdminClubRow>(
      handler,
      httpEvent('suspendClub', { claims: adminClaims(), params: { clubId: stored.id }, body: {} }),
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'inactive', suspended: true });

    const directory = await invoke<{ items: PublicClub[] }>(
      clubsHandler,
      httpEvent('listClubs', { query: { q: tag } }),
    );
    expect(directory.body.items).toEqual([]);
    const join = await invoke<ErrorBody>(
      memberships,
      httpEvent('requestMembership', { claims: memberClaims(ulid()), params: { clubId: stored.id } }),
    );
    expect(join.status).toBe(404);
    const again = await invoke<ErrorBody>(
      handler,
      httpEvent('suspendClub', { claims: adminClaims(), params: { clubId: stored.id }, body: {} }),
    );
    expect(again.status).toBe(409);

    const back = await invoke<AdminClubRow>(
      handler,
      httpEvent('reactivateClub', { claims: adminClaims(), params: { clubId: stored.id } }),
    );
    expect(back.body).toMatchObject({ status: 'active', suspended: false });
    expect((await getClub(stored.id))?.suspendedAt).toBeUndefined();
    const listed = await invoke<{ items: PublicClub[] }>(
      clubsHandler,
      httpEvent('listClubs', { query: { q: tag } }),
    );
    expect(listed.body.items.map((c) => c.id)).toEqual([stored.id]);

    const log = await invoke<{ items: AuditEntry[] }>(
      handler,
      httpEvent('listAuditLog', { claims: adminClaims(), query: { limit: '100' } }),
    );
    const mine = log.body.items.filter((entry) => entry.clubId === stored.id);
    expect(mine.map((entry) => entry.action)).toEqual(['club.reactivate', 'club.suspend']);
    expect(mine[1]).toMatchObject({
      actorId: admin,
      clubName: `Suspend ${tag}`,
      before: { status: 'active', suspendedAt: null },
      after: { status: 'inactive' },
    });
  });

  it('refuses an unknown club with 404, a club that is not suspended with 409, and changes nothing', async () => {
    const missing = await invoke<ErrorBody>(
      handler,
      httpEvent('suspendClub', { claims: adminClaims(), params: { clubId: ulid() }, body: {} }),
    );
    expect(missing.status).toBe(404);
    const stored = await club(`Calm ${word()}`, { name: 'C', email: 'c@example.com' });
    const res = await invoke<ErrorBody>(
      handler,
      httpEvent('reactivateClub', { claims: adminClaims(), params: { clubId: stored.id } }),
    );
    expect(res.status).toBe(409);
    expect(await getClub(stored.id)).toEqual(stored);
  });

  it('refuses a member, and a token of another group, with 403 and changes nothing', async () => {
    const stored = await club(`Guarded ${word()}`, { name: 'G', email: 'g@example.com' });
    const member = await invoke<ErrorBody>(
      handler,
      httpEvent('suspendClub', { claims: memberClaims(ulid()), params: { clubId: stored.id }, body: {} }),
    );
    expect(member.status).toBe(403);
    const other = await invoke<ErrorBody>(
      handler,
      httpEvent('listAdminClubs', { claims: memberClaims(ulid(), { 'cognito:groups': 'admins' }) }),
    );
    expect(other.status).toBe(403);
    expect(await getClub(stored.id)).toEqual(stored);
  });
});
