/**
 * Rebuilding a club's analytics roll-ups (club-stats.ts) from the stored facts, for data older
 * than the counters or after a repair. An operator command (scripts/rebuild-analytics.ts), never
 * a request path: per club it queries the club's posts, each post's comments and likes, and the
 * club's roll-up partition — Queries by key, never a Scan.
 *
 * The facts determine the engagement counters: posts, comments and likes per UTC day, each
 * post's engagement of the day, and the day's active members (distinct people who posted,
 * commented or liked). Counters no stored fact dates (joins, leaves, requests, page views,
 * section completions, money) are kept as recorded. Each bucket is written back as one item
 * (shard 0, its other shards deleted) in one transaction; changes made while a club is being
 * rebuilt may be lost, so run it when the site is quiet. The active people of days whose markers
 * have not expired are marked again, as their first action of the day marked them.
 */

import { keys, statsKeys } from '@clubs/shared/table-keys';
import { everyClubId } from './admin-index.ts';
import { batchPutAll } from './batch-write.ts';
import { rebuiltBucketItem, writeBuckets } from './bucket-rebuild.ts';
import {
  activeMarkerItem,
  addShard,
  isDayItem,
  isMonthItem,
  monthOf,
  POST_ENGAGEMENT_PREFIX,
  readStatsFrom,
  utcDayOf,
} from './club-stats.ts';
import { queryAll } from './query.ts';

type Item = Record<string, unknown>;

/** The counters the stored facts determine (with the `post_` engagement attributes). */
const REBUILT = ['posts', 'comments', 'likes', 'activeMembers'] as const;
const isRebuilt = (name: string) =>
  (REBUILT as readonly string[]).includes(name) || name.startsWith(POST_ENGAGEMENT_PREFIX);

export interface AnalyticsRebuildReport {
  clubs: number;
  /** Day and month items written. */
  buckets: number;
}

/** What the facts say of each day: its counters, and who was active. */
async function factsByDay(clubId: string): Promise<Map<string, { counters: Item; active: Set<string> }>> {
  const days = new Map<string, { counters: Item; active: Set<string> }>();
  const count = (at: unknown, userId: unknown, counter: string, postId?: string) => {
    const day = utcDayOf(new Date(String(at)));
    const entry = days.get(day) ?? { counters: {}, active: new Set<string>() };
    days.set(day, entry);
    const add = (name: string) => {
      entry.counters[name] = ((entry.counters[name] as number | undefined) ?? 0) + 1;
    };
    add(counter);
    if (postId) add(`${POST_ENGAGEMENT_PREFIX}${postId}`);
    entry.active.add(String(userId));
  };
  const posts = await queryAll(
    { partition: keys.post(clubId, '').pk, sortKey: { beginsWith: 'POST#' }, consistentRead: true },
    (item) => item,
  );
  for (const post of posts.filter((item) => item.type === 'post')) {
    count(post.createdAt, post.authorId, 'posts');
    const reactions = await queryAll(
      { partition: keys.like(String(post.id), '').pk, consistentRead: true },
      (item) => item,
    );
    for (const item of reactions) {
      if (item.type === 'like') count(item.createdAt, item.userId, 'likes', String(post.id));
      if (item.type === 'comment') count(item.createdAt, item.authorId, 'comments', String(post.id));
    }
  }
  for (const entry of days.values()) entry.counters.activeMembers = entry.active.size;
  return days;
}

/** Rebuilds one club's day and month items; answers how many buckets it wrote. */
export async function rebuildClubStats(clubId: string): Promise<number> {
  const days = await factsByDay(clubId);
  const stored = await readStatsFrom(clubId, { day: '0000-01-01' });
  const recordedDays = new Map<string, Item>();
  const recordedMonths = new Map<string, Item>();
  const shardKeys = new Map<string, { pk: string; sk: string }[]>();
  for (const item of stored) {
    if (!isDayItem(item) && !isMonthItem(item)) continue;
    addShard(isDayItem(item) ? recordedDays : recordedMonths, item);
    const bucket = String(item.bucket);
    shardKeys.set(bucket, [...(shardKeys.get(bucket) ?? []), { pk: String(item.pk), sk: String(item.sk) }]);
  }
  const months = new Map<string, Item>();
  for (const [day, { counters }] of days) {
    const month = months.get(monthOf(day)) ?? {};
    // A counter nothing moved stays absent, as the writes' ADDs leave it.
    for (const name of REBUILT) {
      const step = (counters[name] as number | undefined) ?? 0;
      if (step !== 0) month[name] = ((month[name] as number | undefined) ?? 0) + step;
    }
    months.set(monthOf(day), month);
  }
  const writes: { bucket: string; item: Item }[] = [];
  for (const day of new Set([...days.keys(), ...recordedDays.keys()])) {
    const facts = days.get(day)?.counters ?? {};
    writes.push({
      bucket: day,
      item: rebuiltBucketItem(
        statsKeys.day(clubId, day),
        'club_stats',
        day,
        recordedDays.get(day),
        facts,
        isRebuilt,
      ),
    });
  }
  for (const month of new Set([...months.keys(), ...recordedMonths.keys()])) {
    const facts = months.get(month) ?? {};
    writes.push({
      bucket: month,
      item: rebuiltBucketItem(
        statsKeys.month(clubId, month),
        'club_stats',
        month,
        recordedMonths.get(month),
        facts,
        isRebuilt,
      ),
    });
  }
  await writeBuckets(
    writes.map(({ item }) => item),
    shardKeys,
  );
  // The day's active people are marked while their markers last, so a later action of the same
  // day does not count them again.
  const now = Date.now() / 1000;
  const markers = [...days].flatMap(([day, { active }]) =>
    [...active].map((userId) => activeMarkerItem(clubId, day, userId)),
  );
  await batchPutAll(markers.filter((marker) => Number(marker.expiresAt) > now));
  return writes.length;
}

/** Rebuilds the given clubs' roll-ups, or every club's (the super-admin index's entries). */
export async function rebuildAnalytics(clubIds?: readonly string[]): Promise<AnalyticsRebuildReport> {
  const ids = clubIds ?? (await everyClubId());
  let buckets = 0;
  for (const clubId of ids) buckets += await rebuildClubStats(clubId);
  return { clubs: ids.length, buckets };
}
