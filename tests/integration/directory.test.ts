/**
 * GET /api/clubs: the directory's search, tabs, size and recency filters and their
 * combinations, answered from the index with cursor paging; only active clubs.
 */
import { setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { handler } from '@clubs/functions/routes/clubs';
import type { Club } from '@clubs/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpEvent, invoke } from '../support/http-event.ts';
import { addClub, addMember } from '../support/members.ts';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

interface Spec {
  name: string;
  description: string;
  category: Club['category'];
  price: number;
  daysAgo: number;
  members: number;
}

const SPECS: Spec[] = [
  {
    name: 'Sunrise Yoga',
    description: 'Gentle flows at dawn.',
    category: 'wellness',
    price: 0,
    daysAgo: 2,
    members: 3,
  },
  {
    name: 'Yogi Lab',
    description: 'Advanced asanas and breathwork.',
    category: 'wellness',
    price: 15,
    daysAgo: 50,
    members: 12,
  },
  {
    name: 'Trail Runners',
    description: 'Weekend yoga-free long runs.',
    category: 'sports',
    price: 0,
    daysAgo: 5,
    members: 55,
  },
  {
    name: 'Founders Circle',
    description: 'Startup founders share growth stories.',
    category: 'business',
    price: 49,
    daysAgo: 10,
    members: 0,
  },
  {
    name: 'Watercolour Studio',
    description: 'Paint together every Sunday.',
    category: 'arts',
    price: 0,
    daysAgo: 90,
    members: 20,
  },
  {
    name: 'Slow Living',
    description: 'Minimalism, cooking and CAFÉ culture.',
    category: 'lifestyle',
    price: 9.99,
    daysAgo: 1,
    members: 0,
  },
];

const clubs = new Map<string, Club>();
let hidden: Club;

async function seedClub(spec: Spec) {
  const club = await addClub({
    name: spec.name,
    description: spec.description,
    category: spec.category,
    price: spec.price,
    createdAt: ago(spec.daysAgo),
  });
  await Promise.all(Array.from({ length: spec.members }, () => addMember(club.id)));
  clubs.set(spec.name, { ...club, memberCount: spec.members + 1 });
}

beforeAll(async () => {
  for (const spec of SPECS) await seedClub(spec);
  hidden = await addClub({ name: 'Hidden Yoga', description: 'Not paid yet', status: 'unpaid' });
  const closed = await addClub({ name: 'Closed Yoga Club' });
  await setClubStatus(closed.id, 'inactive');
});

type Page = { items: Club[]; nextCursor: string | null };

/** Follows cursors to the end (a search page may come back short while more remain). */
async function allNames(query: Record<string, string>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const res = await invoke<Page>(
      handler,
      httpEvent('listClubs', { query: { ...query, ...(cursor ? { cursor } : {}) } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...res.body.items.map((c) => c.name));
    if (!res.body.nextCursor) return seen;
    cursor = res.body.nextCursor;
  }
  throw new Error('too many pages');
}

describe('GET /api/clubs (directory)', () => {
  it('lists every active club newest first, never an unpaid or inactive one', async () => {
    expect(await allNames({})).toEqual([
      'Slow Living',
      'Sunrise Yoga',
      'Trail Runners',
      'Founders Circle',
      'Yogi Lab',
      'Watercolour Studio',
    ]);
  });

  it('pages by cursor without repeats', async () => {
    const first = await invoke<Page>(handler, httpEvent('listClubs', { query: { limit: '4' } }));
    expect(first.body.items).toHaveLength(4);
    const second = await invoke<Page>(
      handler,
      httpEvent('listClubs', { query: { limit: '4', cursor: first.body.nextCursor ?? '' } }),
    );
    expect(second.body.items.map((c) => c.name)).toEqual(['Yogi Lab', 'Watercolour Studio']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('filters by each tab', async () => {
    expect(await allNames({ tab: 'free' })).toEqual(['Sunrise Yoga', 'Trail Runners', 'Watercolour Studio']);
    expect(await allNames({ tab: 'premium' })).toEqual(['Slow Living', 'Founders Circle', 'Yogi Lab']);
    expect(await allNames({ tab: 'wellness' })).toEqual(['Sunrise Yoga', 'Yogi Lab']);
    expect(await allNames({ tab: 'sports' })).toEqual(['Trail Runners']);
    expect(await allNames({ tab: 'business' })).toEqual(['Founders Circle']);
    expect(await allNames({ tab: 'arts' })).toEqual(['Watercolour Studio']);
    expect(await allNames({ tab: 'lifestyle' })).toEqual(['Slow Living']);
  });

  it('filters by size bucket (owner included) and by recently added', async () => {
    expect(await allNames({ size: 'small' })).toEqual(['Slow Living', 'Sunrise Yoga', 'Founders Circle']);
    expect(await allNames({ size: 'medium' })).toEqual(['Yogi Lab', 'Watercolour Studio']);
    expect(await allNames({ size: 'large' })).toEqual(['Trail Runners']);
    expect(await allNames({ recent: 'true' })).toEqual([
      'Slow Living',
      'Sunrise Yoga',
      'Trail Runners',
      'Founders Circle',
    ]);
  });

  it('combines tab, size and recency', async () => {
    expect(await allNames({ tab: 'free', size: 'medium' })).toEqual(['Watercolour Studio']);
    expect(await allNames({ tab: 'wellness', recent: 'true' })).toEqual(['Sunrise Yoga']);
    expect(await allNames({ tab: 'premium', size: 'small', recent: 'true' })).toEqual([
      'Slow Living',
      'Founders Circle',
    ]);
    expect(await allNames({ tab: 'arts', recent: 'true' })).toEqual([]);
  });

  it('searches name and description, case- and accent-insensitively, by word prefix', async () => {
    expect((await allNames({ q: 'yoga' })).sort()).toEqual(['Sunrise Yoga', 'Trail Runners']);
    expect((await allNames({ q: 'YOG' })).sort()).toEqual(['Sunrise Yoga', 'Trail Runners', 'Yogi Lab']);
    expect(await allNames({ q: 'café' })).toEqual(['Slow Living']);
    expect(await allNames({ q: 'cafe' })).toEqual(['Slow Living']);
    expect(await allNames({ q: 'startup founders' })).toEqual(['Founders Circle']);
    expect(await allNames({ q: 'sunday paint' })).toEqual(['Watercolour Studio']);
    expect(await allNames({ q: 'paint runners' })).toEqual([]);
    expect(await allNames({ q: 'nothing-like-this' })).toEqual([]);
    expect(await allNames({ q: 'hidden' })).toEqual([]);
  });

  it('combines search with tab, size and recency', async () => {
    expect(await allNames({ q: 'yog', tab: 'premium' })).toEqual(['Yogi Lab']);
    expect(await allNames({ q: 'yog', size: 'large' })).toEqual(['Trail Runners']);
    expect((await allNames({ q: 'yog', recent: 'true' })).sort()).toEqual(['Sunrise Yoga', 'Trail Runners']);
    expect(await allNames({ q: 'yog', tab: 'wellness', size: 'small', recent: 'true' })).toEqual([
      'Sunrise Yoga',
    ]);
    expect(await allNames({ q: 'yoga', tab: 'arts' })).toEqual([]);
  });

  it('matches short words as text within a bounded list read', async () => {
    expect((await allNames({ q: 'a' })).length).toBe(6);
    // "at" is too common to look up: it is matched as text ("Watercolour").
    expect(await allNames({ q: 'at', tab: 'arts' })).toEqual(['Watercolour Studio']);
    expect(await allNames({ q: 'at', tab: 'lifestyle' })).toEqual([]);
  });

  it('returns one club once when several of its words share the prefix, across pages', async () => {
    const club = await addClub({
      name: 'Breathe Breathing',
      description: 'Breath, breathwork, breathers',
      category: 'arts',
    });
    const seen = await allNames({ q: 'breath', limit: '1' });
    expect(seen.filter((n) => n === club.name)).toHaveLength(1);
    expect(seen.sort()).toEqual(['Breathe Breathing', 'Yogi Lab']);
    await setClubStatus(club.id, 'inactive');
  });

  it('refuses bad filters and cursors of another list with 400', async () => {
    const listCursor = (await invoke<Page>(handler, httpEvent('listClubs', { query: { limit: '1' } }))).body
      .nextCursor as string;
    const queries: Record<string, string>[] = [
      { tab: 'music' },
      { size: 'huge' },
      { recent: 'yes' },
      { q: 'x'.repeat(101) },
      { limit: '0' },
      { tab: 'free', cursor: listCursor },
      { q: 'yoga', cursor: listCursor },
      { other: '1' },
    ];
    for (const query of queries) {
      const res = await invoke<{ error: { code: string } }>(handler, httpEvent('listClubs', { query }));
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    expect(hidden.status).toBe('unpaid');
  });
});
