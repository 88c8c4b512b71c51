import { createClubWithOwner, getClub, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { handler } from '@clubs/functions/routes/clubs';
import { type Club, toPublicClub } from '@clubs/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke } from '../support/http-event.ts';

const day = 24 * 60 * 60 * 1000;
const active: Club[] = [];
let unpaid: Club;

beforeAll(async () => {
  for (let i = 0; i < 7; i++) {
    const { club } = await createClubWithOwner(
      clubFixture({ name: `Club ${i}`, createdAt: new Date(Date.now() - i * day).toISOString() }),
    );
    active.push(club);
  }
  ({ club: unpaid } = await createClubWithOwner(clubFixture({ name: 'Unpaid', status: 'unpaid' })));
});

describe('GET /api/clubs', () => {
  it('lists only active clubs, newest first, and pages through all of them by cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: '3', ...(cursor ? { cursor } : {}) };
      const res = await invoke<{ items: Club[]; nextCursor: string | null }>(
        handler,
        httpEvent('listClubs', { query }),
      );
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.items.map((c) => c.id));
      cursor = res.body.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(active.map((c) => c.id));
    expect(seen).not.toContain(unpaid.id);
  });

  it('returns clubs with their member count and without table keys', async () => {
    const res = await invoke<{ items: Record<string, unknown>[] }>(handler, httpEvent('listClubs'));
    const first = res.body.items[0];
    expect(first).toMatchObject({ id: active[0]?.id, memberCount: 1, status: 'active' });
    expect(Object.keys(first ?? {})).not.toEqual(expect.arrayContaining(['pk']));
    expect(first).not.toHaveProperty('gsi1pk');
  });

  it('refuses a forged cursor and a bad limit with 400', async () => {
    const forged = Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE' })).toString('base64url');
    const queries: Record<string, string>[] = [
      { cursor: forged },
      { cursor: '%%%' },
      { limit: '0' },
      { limit: '1000' },
      { sort: 'x' },
    ];
    for (const query of queries) {
      const res = await invoke<{ error: { code: string } }>(handler, httpEvent('listClubs', { query }));
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toMatch(/bad_request|validation_failed/);
    }
  });

  it('drops a club from the directory when it stops being active', async () => {
    const { club } = await createClubWithOwner(clubFixture({ name: 'Leaving' }));
    await setClubStatus(club.id, 'inactive');
    const res = await invoke<{ items: Club[] }>(handler, httpEvent('listClubs', { query: { limit: '100' } }));
    expect(res.body.items.map((c) => c.id)).not.toContain(club.id);
  });
});

describe('GET /api/clubs/{clubId}', () => {
  it("returns an active club, without its owner's account id", async () => {
    const club = active[2] as Club;
    const res = await invoke<Club>(handler, httpEvent('getClub', { params: { clubId: club.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(toPublicClub(club));
    expect(res.body).not.toHaveProperty('ownerId');
  });

  it('answers 404 alike for a missing club and an unpaid one', async () => {
    const missing = await invoke(
      handler,
      httpEvent('getClub', { params: { clubId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
    );
    const hidden = await invoke(handler, httpEvent('getClub', { params: { clubId: unpaid.id } }));
    expect(missing.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toEqual({ error: { code: 'not_found', message: 'Club not found' } });
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const res = await invoke(handler, httpEvent('getClub', { params: { clubId: 'a b/../c' } }));
    expect(res.status).toBe(400);
    expect(await getClub(unpaid.id)).toMatchObject({ status: 'unpaid' });
  });
});

describe('GET /api/featured-clubs', () => {
  it('returns three distinct active clubs', async () => {
    const res = await invoke<{ items: Club[] }>(handler, httpEvent('featuredClubs'));
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(new Set(res.body.items.map((c) => c.id)).size).toBe(3);
    expect(res.body.items.every((c) => c.status === 'active')).toBe(true);
  });

  it('reaches every active club over many samples (the start point and the pick are random)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const res = await invoke<{ items: Club[] }>(handler, httpEvent('featuredClubs'));
      for (const club of res.body.items) seen.add(club.id);
    }
    for (const club of active) expect(seen.has(club.id), club.name).toBe(true);
    expect(seen.has(unpaid.id)).toBe(false);
  });
});

describe('edge caching of public reads', () => {
  it('marks anonymous answers public for a few seconds; signed-in callers, refusals and misses stay no-store', async () => {
    const club = active[0] as Club;
    const reads = [httpEvent('listClubs'), httpEvent('featuredClubs')];
    for (const event of reads) {
      const anonymous = await invoke(handler, event);
      expect(anonymous.status, event.routeKey).toBe(200);
      expect(anonymous.headers['cache-control'], event.routeKey).toBe('public, max-age=30');
      const signedIn = await invoke(handler, {
        ...event,
        headers: { ...event.headers, authorization: 'Bearer a-token' },
      });
      expect(signedIn.status, event.routeKey).toBe(200);
      expect(signedIn.headers['cache-control'], event.routeKey).toBe('no-store');
    }
    // A club's page read counts a visit, so even an anonymous one must reach the API every time.
    const page = await invoke(handler, httpEvent('getClub', { params: { clubId: club.id } }));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const missing = await invoke(handler, httpEvent('getClub', { params: { clubId: unpaid.id } }));
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const refused = await invoke(handler, httpEvent('listClubs', { query: { limit: '0' } }));
    expect(refused.status).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
