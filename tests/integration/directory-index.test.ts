/**
 * The directory index stays in step with every write that changes what it describes: club
 * creation, status changes, detail changes and member-count changes across size-bucket edges,
 * including concurrent ones.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { directoryTerms, MAX_TERMS } from '@clubs/functions/data/directory-index';
import { getClub, setClubStatus, updateClub } from '@clubs/functions/data/repositories/clubs';
import {
  activateMembership,
  addMembership,
  removeMembership,
} from '@clubs/functions/data/repositories/membership-writes';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { DIRECTORY_SCOPE } from '@clubs/functions/data/word-index';
import { handler } from '@clubs/functions/routes/clubs';
import { type Club, type Membership, termOf } from '@clubs/shared';
import { directoryKeys, searchKeys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke } from '../support/http-event.ts';
import { addClub } from '../support/members.ts';

/** Every club id in one index partition (optionally only sort keys with a prefix). */
async function partition(pk: string, prefix?: string): Promise<string[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => (item.clubId ?? item.docId) as string);
}

const listed = (tab: string, size: string) => partition(directoryKeys.listPartition(tab, size));
/** The clubs the directory's word index finds by a word (as its term: stemmed like every search). */
const byWord = (word: string) => {
  const term = termOf(word);
  return partition(searchKeys.partition(DIRECTORY_SCOPE, term), `${term}#`);
};

const member = (clubId: string, status: Membership['status'] = 'active'): Membership => ({
  clubId,
  userId: ulid(),
  role: 'club_member',
  status,
  createdAt: new Date().toISOString(),
});

describe('directory index terms', () => {
  it('takes distinct, accent- and case-free words of the name, then the description', () => {
    expect(directoryTerms('Café Yoga & Yoga', 'The best YOGA in town; a café for all.')).toEqual([
      'cafe',
      'yoga',
      'best',
      'town',
      'all',
    ]);
  });

  it('keeps at most MAX_TERMS words, name words first', () => {
    const description = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const terms = directoryTerms('Zebra Club', description);
    expect(terms).toHaveLength(MAX_TERMS);
    expect(terms.slice(0, 2)).toEqual(['zebra', 'club']);
  });
});

describe('directory index maintenance', () => {
  it('finds a club by a word deep in a long description', async () => {
    const filler = Array.from({ length: 120 }, (_, i) => `filler${i}`).join(' ');
    const club = await addClub({ name: 'Long Story Club', description: `${filler} zanzibarian ${filler}` });
    expect(await byWord('zanzibarian')).toContain(club.id);
    const found = await invoke<{ items: Club[] }>(
      handler,
      httpEvent('listClubs', { query: { q: 'zanzibar' } }),
    );
    expect(found.body.items.map((c) => c.id)).toEqual([club.id]);
  });

  it('lists an active club under its tabs and size, and finds it by each word', async () => {
    const club = await addClub({
      name: 'Harbour Rowers',
      description: 'Rowing at sunrise',
      category: 'sports',
      price: 12,
    });
    for (const tab of ['all', 'premium', 'sports']) {
      expect(await listed(tab, 'any')).toContain(club.id);
      expect(await listed(tab, 'small')).toContain(club.id);
      expect(await listed(tab, 'medium')).not.toContain(club.id);
    }
    expect(await listed('free', 'any')).not.toContain(club.id);
    for (const word of ['harbour', 'rowers', 'rowing', 'sunrise'])
      expect(await byWord(word)).toContain(club.id);
  });

  it('keeps unpaid clubs out, lists them on activation and drops them when inactive', async () => {
    const club = await addClub({ name: 'Quiet Quilters', status: 'unpaid' });
    expect(await listed('all', 'any')).not.toContain(club.id);
    expect(await byWord('quilters')).not.toContain(club.id);

    expect(await setClubStatus(club.id, 'active', 'unpaid')).toMatchObject({ status: 'active' });
    expect(await listed('all', 'any')).toContain(club.id);
    expect(await byWord('quilters')).toContain(club.id);
    // Only from the expected status: a second activation writes nothing.
    expect(await setClubStatus(club.id, 'active', 'unpaid')).toBeNull();

    await setClubStatus(club.id, 'inactive');
    expect(await listed('all', 'any')).not.toContain(club.id);
    expect(await listed('sports', 'small')).not.toContain(club.id);
    expect(await byWord('quilters')).not.toContain(club.id);
  });

  it('moves a club between tabs and words when its details change', async () => {
    const club = await addClub({ name: 'Paint Night', description: 'Acrylics', category: 'arts', price: 0 });
    const updated = await updateClub(club.id, {
      name: 'Pottery Night',
      description: 'Clay wheels',
      category: 'lifestyle',
      price: 9.5,
    });
    expect(updated).toMatchObject({ name: 'Pottery Night', category: 'lifestyle', price: 9.5 });
    expect(await getClub(club.id)).toMatchObject({ name: 'Pottery Night', price: 9.5 });
    expect(await listed('arts', 'any')).not.toContain(club.id);
    expect(await listed('free', 'small')).not.toContain(club.id);
    expect(await listed('lifestyle', 'small')).toContain(club.id);
    expect(await listed('premium', 'any')).toContain(club.id);
    expect(await byWord('paint')).not.toContain(club.id);
    expect(await byWord('acrylics')).not.toContain(club.id);
    expect(await byWord('night')).toContain(club.id);
    expect(await byWord('pottery')).toContain(club.id);
    expect(await byWord('clay')).toContain(club.id);
    expect(await updateClub(ulid(), { name: 'Ghost' })).toBeNull();
  });

  it('moves the size entries exactly when concurrent joins cross 10 and 50 members', async () => {
    const club = await addClub({ category: 'wellness' });
    // 1 owner + 60 members joining at once: crosses both edges while others race.
    const results = await Promise.all(Array.from({ length: 60 }, () => addMembership(member(club.id))));
    expect(results.every((r) => r.created)).toBe(true);
    expect((await getClub(club.id))?.memberCount).toBe(61);
    for (const tab of ['all', 'free', 'wellness']) {
      expect(await listed(tab, 'large')).toContain(club.id);
      expect(await listed(tab, 'medium')).not.toContain(club.id);
      expect(await listed(tab, 'small')).not.toContain(club.id);
      expect(await listed(tab, 'any')).toContain(club.id);
    }
  });

  it('moves the size entries back when members leave, and counts activations', async () => {
    const club = await addClub();
    const joined = await Promise.all(Array.from({ length: 9 }, () => addMembership(member(club.id))));
    expect((await getClub(club.id))?.memberCount).toBe(10);
    expect(await listed('all', 'medium')).toContain(club.id);

    const first = joined[0];
    if (!first?.created) throw new Error('expected a membership');
    expect(await removeMembership(club.id, first.membership.userId)).toMatchObject({ removed: true });
    expect((await getClub(club.id))?.memberCount).toBe(9);
    expect(await listed('all', 'small')).toContain(club.id);
    expect(await listed('all', 'medium')).not.toContain(club.id);
    expect(await removeMembership(club.id, club.ownerId)).toEqual({ removed: false, reason: 'owner' });

    const pending = member(club.id, 'pending');
    await addMembership(pending);
    expect((await getClub(club.id))?.memberCount).toBe(9);
    const twice = await Promise.all([
      activateMembership(club.id, pending.userId),
      activateMembership(club.id, pending.userId),
    ]);
    expect(twice.filter((r) => r.activated)).toHaveLength(1);
    expect((await getMembership(club.id, pending.userId))?.status).toBe('active');
    expect((await getClub(club.id))?.memberCount).toBe(10);
    expect(await listed('all', 'medium')).toContain(club.id);
    expect(await listed('all', 'small')).not.toContain(club.id);
  });

  it('keeps the size right when a club is activated while members join', async () => {
    const club = await addClub({ status: 'unpaid' });
    await Promise.all(Array.from({ length: 7 }, () => addMembership(member(club.id))));
    await Promise.all([
      setClubStatus(club.id, 'active', 'unpaid'),
      ...Array.from({ length: 6 }, () => addMembership(member(club.id))),
    ]);
    expect((await getClub(club.id))?.memberCount).toBe(14);
    expect(await listed('all', 'medium')).toContain(club.id);
    expect(await listed('all', 'small')).not.toContain(club.id);
  });
});
