/**
 * What a directory search reads: a page whose candidates all match costs one read of the page's
 * size (plus a little slack), however many clubs share the word; only when the filters drop
 * candidates does it read the rest of its bounded budget — still within one request.
 */
import { db } from '@clubs/functions/data/client';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { FIRST_READ_SLACK, SEARCH_CANDIDATES } from '@clubs/functions/data/repositories/directory';
import { handler } from '@clubs/functions/routes/clubs';
import { meterRequests, type RequestMeter } from '@clubs/infra/local/request-meter.ts';
import type { Club } from '@clubs/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke } from '../support/http-event.ts';

const WORD = 'quokkaverse';
const FREE = 35;
const PREMIUM = 5;

let meter: RequestMeter;
beforeEach(() => {
  meter = meterRequests(db());
});
afterEach(() => meter.stop());

beforeAll(async () => {
  const day = 24 * 60 * 60 * 1000;
  // The premium clubs are the oldest, so a newest-first read meets every free one first.
  for (let i = 0; i < FREE + PREMIUM; i++) {
    const premium = i < PREMIUM;
    await createClubWithOwner(
      clubFixture({
        name: `${WORD} ${premium ? 'premium' : 'free'} ${i}`,
        price: premium ? 12 : 0,
        createdAt: new Date(Date.now() - (FREE + PREMIUM - i) * day).toISOString(),
      }),
    );
  }
});

const search = (query: Record<string, string>) =>
  invoke<{ items: Club[]; nextCursor: string | null }>(handler, httpEvent('listClubs', { query }));

describe('directory search reads', () => {
  it('reads only what one page needs when every candidate matches', async () => {
    meter.reset();
    const page = await search({ q: WORD, limit: '20' });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(20);
    expect(page.body.nextCursor).not.toBeNull();
    // One query of the term entries and one batch of those clubs.
    expect(meter.commands).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    expect(meter.itemsRead).toBe(2 * (20 + FIRST_READ_SLACK));
  });

  it('reads on within its budget when the filters drop candidates, and pages on from there', async () => {
    meter.reset();
    const first = await search({ q: WORD, tab: 'premium', limit: '20' });
    expect(first.status).toBe(200);
    // The first read (the page and its slack) met only free clubs; the second read the rest of
    // the budget, which reaches the premium ones.
    expect(meter.commands).toEqual([
      'QueryCommand',
      'BatchGetItemCommand',
      'QueryCommand',
      'BatchGetItemCommand',
    ]);
    expect(SEARCH_CANDIDATES).toBeGreaterThanOrEqual(FREE + PREMIUM);
    expect(first.body.items.map((club) => club.price > 0)).toEqual(Array(PREMIUM).fill(true));
    expect(first.body.nextCursor).toBeNull();
  });
});
