/**
 * A club's analytics roll-ups: counters per UTC day and per month (STATS_COUNTERS), changed by
 * an ADD inside the transaction of the write they count (statsActions) or, for what a Stripe
 * event tells, in its consumer, so they are exact under concurrency and never recomputed by
 * counting. A day item also keeps each post's likes and comments of that day (`post_{id}`
 * attributes), from which the period's top posts are summed.
 *
 * Daily active members are distinct people: the first activity of a person on a day puts a
 * marker item (conditioned on its absence) and counts the day's `activeMembers` in the same
 * transaction, so a person is counted once a day however many things they do at once. The month
 * item sums its days' counts (its average per day is that sum over its days).
 *
 * Each day and month is spread over STATS_SHARDS items (the person acting picks theirs by a hash
 * of their id, counter-shards.ts): a burst of likes in one busy club would otherwise make every
 * transaction wait on the same two items. Readers sum a bucket's shards (addShard).
 */
import { randomUUID } from 'node:crypto';
import type { StatsCounter } from '@clubs/shared';
import { type Key, keys, statsKeys } from '@clubs/shared/table-keys';
import { tableName } from './client.ts';
import { sendRetryingConflicts, type TransactItem } from './counted-write.ts';
import { shardOf, sumCounters } from './counter-shards.ts';
import { transactionConditionFailures } from './errors.ts';
import { getItem } from './get-item.ts';
import { queryAll } from './query.ts';

export type StatsSteps = Partial<Record<StatsCounter, number>>;

/** Items each day's (and month's) counters are spread over. */
export const STATS_SHARDS = 8;

/** The attribute of a day item holding one post's likes and comments of that day. */
export const POST_ENGAGEMENT_PREFIX = 'post_';

const DAY_MS = 86_400_000;
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string =>
  utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
export const monthOf = (day: string): string => day.slice(0, 7);
/** The month `months` after (or before, when negative) `month` (YYYY-MM). */
export function addMonths(month: string, months: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How long an active-member marker is kept after its day (it only has to outlive the day). */
const MARKER_DAYS = 2;

function addCounters(key: Key, bucket: string, moves: [string, number][]): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET #type = :type, #bucket = :bucket ADD ${moves.map((_, i) => `#c${i} :s${i}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#type': 'type',
        '#bucket': 'bucket',
        ...Object.fromEntries(moves.map(([name], i) => [`#c${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':type': 'club_stats',
        ':bucket': bucket,
        ...Object.fromEntries(moves.map(([, step], i) => [`:s${i}`, step])),
      },
    },
  };
}

export interface StatsOptions {
  /** The post whose engagement of the day the steps also count. */
  post?: { postId: string; step: number } | undefined;
  /** Who acted: their id picks the shard (shard 0 when no one in particular did). */
  by?: string | undefined;
}

/**
 * The transaction actions that count `steps` on the club's day and month of `at` (none when
 * every step is zero), on the shard of the person acting; `post` also counts that post's
 * engagement of the day. No condition: they fail only by conflicting with another transaction,
 * which the callers retry.
 */
export function statsActions(
  clubId: string,
  at: Date,
  steps: StatsSteps,
  { post, by }: StatsOptions = {},
): TransactItem[] {
  const moves = Object.entries(steps).filter((move): move is [string, number] => Boolean(move[1]));
  if (moves.length === 0) return [];
  const day = utcDayOf(at);
  const shard = by === undefined ? 0 : shardOf(by, STATS_SHARDS);
  const dayMoves: [string, number][] = post?.step
    ? [...moves, [`${POST_ENGAGEMENT_PREFIX}${post.postId}`, post.step]]
    : moves;
  return [
    addCounters(statsKeys.day(clubId, day, shard), day, dayMoves),
    addCounters(statsKeys.month(clubId, monthOf(day), shard), monthOf(day), moves),
  ];
}

/**
 * Writes a member's action together with its analytics (`steps` on its day and month) and, when
 * it is their first activity of the day, their marker and the day's active count: `write` gets the
 * changes to put in the action's own transaction and answers 'refused' when only those failed
 * (the marker appeared meanwhile), and is then called again without the marker. The marker is
 * looked up first (a key read), so a person's later actions of the day write it not at all.
 */
export async function withActivity<T>(
  clubId: string,
  userId: string,
  at: Date,
  steps: StatsSteps,
  post: { postId: string; step: number } | undefined,
  write: (changes: TransactItem[]) => Promise<T | 'refused'>,
): Promise<T> {
  const day = utcDayOf(at);
  const marker = statsKeys.activeMarker(clubId, day, userId);
  const first = !(await getItem(marker));
  if (first) {
    const outcome = await write([
      ...statsActions(clubId, at, { ...steps, activeMembers: 1 }, { post, by: userId }),
      markerPut(clubId, day, userId),
    ]);
    if (outcome !== 'refused') return outcome;
  }
  const outcome = await write(statsActions(clubId, at, steps, { post, by: userId }));
  if (outcome === 'refused') throw new Error('analytics changes refused without a condition');
  return outcome;
}

/** A person's active-member marker of a club's day, kept until MARKER_DAYS after the day. */
export function activeMarkerItem(clubId: string, day: string, userId: string): Item {
  const expiresAt = Math.floor(Date.parse(`${addDays(day, MARKER_DAYS)}T00:00:00Z`) / 1000);
  return { ...statsKeys.activeMarker(clubId, day, userId), type: 'active_marker', expiresAt };
}

function markerPut(clubId: string, day: string, userId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: activeMarkerItem(clubId, day, userId),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Counts the person active in the club on the UTC day of `at`, once: true when this was their
 * first activity of the day (the marker was new and the day counted them), false when they were
 * already counted.
 */
export async function recordActiveMember(clubId: string, userId: string, at: Date): Promise<boolean> {
  const day = utcDayOf(at);
  const marker = statsKeys.activeMarker(clubId, day, userId);
  if (await getItem(marker)) return false;
  try {
    await sendRetryingConflicts({
      TransactItems: [
        markerPut(clubId, day, userId),
        ...statsActions(clubId, at, { activeMembers: 1 }, { by: userId }),
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}

/**
 * Counts `steps` by themselves, for facts whose own write cannot carry them (a Stripe event's
 * consumer): one retried transaction of the day and month items, with `also` (the platform's
 * share of the same fact).
 */
export async function countStats(
  clubId: string,
  at: Date,
  steps: StatsSteps,
  also: TransactItem[] = [],
): Promise<void> {
  const actions = [...statsActions(clubId, at, steps), ...also];
  if (actions.length > 0) await sendRetryingConflicts({ TransactItems: actions });
}

/**
 * Counts a visit of the club's public page, when the club is active (a condition on the club
 * item in the same transaction: an unknown or closed club's id writes nothing). Visits of a
 * popular club spread over the shards at random. True when counted.
 */
export async function countPageView(clubId: string, at: Date): Promise<boolean> {
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.club(clubId),
            ConditionExpression: '#status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':active': 'active' },
          },
        },
        ...statsActions(clubId, at, { views: 1 }, { by: randomUUID() }),
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}

type Item = Record<string, unknown>;

/**
 * The club's roll-up items from a sort key onwards (statsKeys): the days from `fromDay` (or the
 * months from `fromMonth`), every month after, the running figures and the courses' items, in
 * one query (more pages only past 1 MB).
 */
export function readStatsFrom(clubId: string, from: { day: string } | { month: string }): Promise<Item[]> {
  const start = 'day' in from ? statsKeys.day(clubId, from.day).sk : statsKeys.month(clubId, from.month).sk;
  return queryAll({ partition: statsKeys.partition(clubId), sortKey: { atLeast: start } }, (item) => item);
}

/**
 * Adds a day or month item to `buckets` (bucket → its counters): the first shard of a bucket as
 * read, later ones summed into it.
 */
export function addShard(buckets: Map<string, Item>, item: Item): void {
  const bucket = String(item.bucket);
  const seen = buckets.get(bucket);
  if (!seen) {
    buckets.set(bucket, item);
    return;
  }
  const sums = sumCounters([seen, item]);
  buckets.set(bucket, { ...seen, ...item, ...Object.fromEntries(sums) });
}

export const isDayItem = (item: Item) => String(item.sk).startsWith(statsKeys.dayPrefix);
export const isMonthItem = (item: Item) => String(item.sk).startsWith(statsKeys.monthPrefix);

/** A counter of a roll-up item (0 when absent). */
export const counterOf = (item: Item | undefined, name: string): number => {
  const value = item?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};
