/**
 * The demo seed's batched writes leave the table the event path leaves: the same seed written
 * once with every post, comment and like through its repository's transaction (`eventPath`, the
 * way requests write them, each counting as it goes) and once in batches with the counts, points,
 * analytics and search index built once, into two tables from the same accounts and base time,
 * hold the same items by key.
 *
 * Left out of the comparison, and only these: items whose TTL has passed (expiresAt before now:
 * DynamoDB deletes them and every reader skips them; the event path leaves the markers and point
 * windows of long-past days, which the batched seed does not write), and the shard a day's or
 * month's analytics counters sit on: the event path spreads them by a hash of the person acting,
 * a rebuild writes each bucket as one item, so buckets are compared by their summed counters.
 *
 * Both tables are also held to what their memberships count, so a count wrong in both ways alike
 * fails too: each club's member count is its active memberships, its analytics' joins less leaves
 * add up to it, an active club is listed in the directory at its size and no other, and the
 * platform figures' members (now, and summed over the days) are all clubs' members.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, setDocumentClient, tableName } from '@clubs/functions/data/client';
import { addShard, counterOf, isDayItem } from '@clubs/functions/data/club-stats';
import { type CognitoLocal, startCognitoLocal } from '@clubs/infra/local/cognito.ts';
import { ensureTable } from '@clubs/infra/local/dynamodb.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { sizeBucket } from '@clubs/shared';
import { adminKeys, directoryKeys, keys, prefixes, statsKeys } from '@clubs/shared/table-keys';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemo } from '../support/demo-seed.ts';
import { type MediaStore, startMediaStore } from '../support/media-store.ts';

type Item = Record<string, unknown>;

const BUCKET = 'clubs-media-seed-batched-test';
const dirs: string[] = [];
let store: MediaStore;
let cognito: CognitoLocal;
const tables: Record<'eventPath' | 'batched', Map<string, Item>> = {
  eventPath: new Map(),
  batched: new Map(),
};
/** Each table's items as stored. */
const stored: Record<keyof typeof tables, Item[]> = { eventPath: [], batched: [] };

/** Every item of the current table by key (a test may Scan). */
async function everyItem(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const isStatsBucket = (item: Item) => item.type === 'club_stats';

/** The table as compared: unexpired items by key, each analytics bucket's shards summed into one. */
function comparable(items: Item[], now: number): Map<string, Item> {
  const byKey = new Map<string, Item>();
  const buckets = new Map<string, Map<string, Item>>();
  for (const item of items) {
    if (typeof item.expiresAt === 'number' && item.expiresAt < now / 1000) continue;
    if (isStatsBucket(item)) {
      const partition = buckets.get(String(item.pk)) ?? new Map<string, Item>();
      addShard(partition, item);
      buckets.set(String(item.pk), partition);
      continue;
    }
    byKey.set(`${String(item.pk)} ${String(item.sk)}`, item);
  }
  for (const [pk, partition] of buckets) {
    for (const [bucket, summed] of partition) {
      const { pk: _pk, sk: _sk, ...counters } = summed;
      byKey.set(`${pk} bucket ${bucket}`, counters);
    }
  }
  return byKey;
}

async function seedInto(path: keyof typeof tables, baseTime: number): Promise<void> {
  process.env.TABLE_NAME = `seed_${path}_${baseTime}`;
  setDocumentClient(undefined);
  // The seed reads no stream: its thousands of writes would slow every streamed table on this DynamoDB Local.
  await ensureTable(inject('dynamodbEndpoint'), tableName(), { stream: false });
  const dir = mkdtempSync(join(tmpdir(), `clubs-seed-${path}-`));
  dirs.push(dir);
  await seedDemo(
    { cognito, store, bucket: BUCKET, localDir: dir },
    { baseTime, eventPath: path === 'eventPath' },
  );
  stored[path] = await everyItem();
  tables[path] = comparable(stored[path], Date.now());
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clubs-seed-accounts-'));
  dirs.push(dir);
  [store, cognito] = await Promise.all([
    startMediaStore(BUCKET),
    freePort().then((port) => startCognitoLocal({ port, dataDir: dir })),
  ]);
  // The same accounts (cognito-local's ids) and base time, so both seeds derive the same ids.
  const baseTime = Date.now();
  await seedInto('eventPath', baseTime);
  await seedInto('batched', baseTime);
}, 300_000);

afterAll(async () => {
  await Promise.all([store?.stop(), cognito?.stop()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the batched demo seed', () => {
  it('leaves the items the event path leaves, key by key', () => {
    const { eventPath, batched } = tables;
    expect(eventPath.size).toBeGreaterThan(2000);
    const keys = [...new Set([...eventPath.keys(), ...batched.keys()])].sort();
    const differing = keys.filter(
      (key) => JSON.stringify(sorted(eventPath.get(key))) !== JSON.stringify(sorted(batched.get(key))),
    );
    expect(
      differing
        .slice(0, 20)
        .map((key) => ({ key, eventPath: eventPath.get(key), batched: batched.get(key) })),
    ).toEqual([]);
    expect(differing).toHaveLength(0);
  });

  it.each(['eventPath', 'batched'] as const)(
    '%s: counts what the memberships count (members, directory sizes, platform figures, joins)',
    (path) => {
      const items = stored[path];
      const sum = (found: Item[], counter: string) =>
        found.reduce((n, item) => n + counterOf(item, counter), 0);
      const clubs = items.filter((item) => item.type === 'club');
      expect(clubs.length).toBeGreaterThan(5);
      const seen = clubs.map((club) => {
        const id = String(club.id);
        const members = items.filter(
          (item) =>
            item.pk === keys.club(id).pk &&
            String(item.sk).startsWith(prefixes.member) &&
            item.status === 'active',
        ).length;
        const days = items.filter((item) => item.pk === statsKeys.partition(id) && isDayItem(item));
        const listed = items.filter(
          (item) =>
            item.type === 'directory' &&
            item.clubId === id &&
            String(item.pk).startsWith(directoryKeys.listPartition('', '').slice(0, -1)),
        );
        const sizes = [...new Set(listed.map((item) => String(item.pk).split('#').at(-1)))].sort();
        return {
          id,
          memberCount: club.memberCount,
          joinsLessLeaves: sum(days, 'joins') - sum(days, 'leaves'),
          sizes,
          expected: {
            id,
            memberCount: members,
            joinsLessLeaves: members,
            sizes: club.status === 'active' ? ['any', sizeBucket(members)].sort() : [],
          },
        };
      });
      expect(seen.map(({ expected: _, ...found }) => found)).toEqual(seen.map(({ expected }) => expected));
      const allMembers = seen.reduce((n, club) => n + club.expected.memberCount, 0);
      expect(allMembers).toBeGreaterThan(200);
      const figures = items.filter((item) => item.pk === adminKeys.figuresPartition);
      const shards = figures.filter((item) => String(item.sk).startsWith(adminKeys.figuresShardPrefix));
      expect(sum(shards, 'members')).toBe(allMembers);
      expect(sum(figures.filter(isDayItem), 'members')).toBe(allMembers);
    },
  );
});

/** An item with its attributes in name order (lists kept as they are). */
function sorted(item: Item | undefined): Item | undefined {
  return item && Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)));
}
