/**
 * Members' points in a club, kept in order by the byPoints index (gsi6, number sort key) so the
 * top of a leaderboard is one bounded query. Likes between the same two people count once a UTC
 * day: the author holds one point per liker and day while any of that day's likes of theirs stands
 * (a count per pair and day, keys.likeDay, moved in each like's and unlike's transaction, whose
 * condition says whether the point moves too). A point counts for its post's author in the all-time
 * item and in one item per rolling window it falls in: the 7-day windows ending on the like's UTC
 * day and the 6 days after, and the 30-day windows likewise. So "the last 7 days" on day T is the
 * partition of the 7-day window ending on T, already summed: reads stay one query whatever the
 * number of likes, and each like writes 1 + 7 + 30 small items in its own transaction. Window
 * items expire (TTL) two days after their window ends; an unlike takes the point back from the
 * windows that have not ended yet.
 */
import { idSchema, type LeaderboardPeriod, TABLE } from '@clubs/shared';
import { indexKeys, keys } from '@clubs/shared/table-keys';
import * as z from 'zod';
import { batchGet, keyId } from '../batch-get.ts';
import { tableName } from '../client.ts';
import type { TransactItem } from '../counted-write.ts';
import { encodeCursor } from '../cursor.ts';
import { countUpTo, queryPage } from '../query.ts';

const DAY = 86_400_000;

/** The rolling windows, by how many days each spans. */
export const POINT_WINDOWS = { last7: 7, last30: 30 } as const;

/** The sort key of a member's all-time points item. */
export const ALL_TIME = 'ALL';

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
const addDays = (day: string, days: number): string => utcDay(new Date(Date.parse(day) + days * DAY));

/** The sort key of a period's item: 'ALL', or 'D7#{last day}' / 'D30#{last day}'. */
export function periodKey(period: LeaderboardPeriod, today: string): string {
  if (period === 'all') return ALL_TIME;
  return `D${POINT_WINDOWS[period]}#${today}`;
}

function pointsUpdate(
  clubId: string,
  userId: string,
  period: string,
  step: number,
  expiresAt?: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.points(clubId, userId, period),
      UpdateExpression: `SET #lb = :lb, clubId = :clubId, userId = :userId${expiresAt ? ', expiresAt = :exp' : ''} ADD points :step`,
      ExpressionAttributeNames: { '#lb': TABLE.indexes.byPoints.partitionKey },
      ExpressionAttributeValues: {
        ':lb': indexKeys.leaderboardPartition(clubId, period),
        ':clubId': clubId,
        ':userId': userId,
        ':step': step,
        ...(expiresAt ? { ':exp': expiresAt } : {}),
      },
    },
  };
}

/**
 * A points item as the like transactions leave it, for loading data in bulk (benchmarks): a
 * member's `points` in a period, `expiresAt` (seconds) for a window.
 */
export function pointsItem(
  clubId: string,
  userId: string,
  period: string,
  points: number,
  expiresAt?: number,
) {
  return {
    ...keys.points(clubId, userId, period),
    [TABLE.indexes.byPoints.partitionKey]: indexKeys.leaderboardPartition(clubId, period),
    clubId,
    userId,
    points,
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/**
 * The point changes of likes in the transaction that writes or deletes them: +1 (a new like,
 * counted from `likedOn`, today) or -n (the removal of n likes of the same day and author, from
 * the windows that include `likedOn` and have not ended before `today`).
 */
export function likePointChanges(
  clubId: string,
  authorId: string,
  likedOn: string,
  step: number,
  today: string,
): TransactItem[] {
  return [
    pointsUpdate(clubId, authorId, ALL_TIME, step),
    ...windowsOf(likedOn, today).map(({ period, expiresAt }) =>
      pointsUpdate(clubId, authorId, period, step, expiresAt),
    ),
  ];
}

/**
 * The rolling windows a point of `likedOn` counts in, leaving out those that ended before
 * `today`: each window's period key and the time (seconds) its item expires.
 */
function windowsOf(likedOn: string, today: string): { period: string; expiresAt: number }[] {
  const windows: { period: string; expiresAt: number }[] = [];
  for (const span of Object.values(POINT_WINDOWS)) {
    for (let offset = 0; offset < span; offset++) {
      const end = addDays(likedOn, offset);
      if (end < today) continue;
      windows.push({ period: `D${span}#${end}`, expiresAt: Math.floor((Date.parse(end) + 3 * DAY) / 1000) });
    }
  }
  return windows;
}

/** A stored like as the points rule reads it (likes.ts Like). */
interface PointedLike {
  userId: string;
  createdAt: string;
  pointsFor?: string | undefined;
  oncePerDay?: true | undefined;
}

/**
 * Every points item a club's likes leave, as their own transactions left them when each was
 * given on its day and none taken back: each pair's count per day (keys.likeDay), and the
 * authors' all-time and window items. A once-a-day like earns its author a point with the
 * pair's first like of the day, a like stored before that rule a point of its own.
 */
export function pointsItemsOfLikes(clubId: string, likes: readonly PointedLike[]): Record<string, unknown>[] {
  const pairDays = new Map<string, { key: ReturnType<typeof keys.likeDay>; likes: number }>();
  const points = new Map<string, { authorId: string; period: string; points: number; expiresAt?: number }>();
  const earn = (authorId: string, likedOn: string) => {
    const periods = [{ period: ALL_TIME, expiresAt: undefined }, ...windowsOf(likedOn, likedOn)];
    for (const { period, expiresAt } of periods) {
      const id = `${authorId}#${period}`;
      const entry = points.get(id) ?? { authorId, period, points: 0, ...(expiresAt ? { expiresAt } : {}) };
      entry.points += 1;
      points.set(id, entry);
    }
  };
  for (const like of likes) {
    if (!like.pointsFor) continue;
    const likedOn = utcDay(new Date(like.createdAt));
    if (!like.oncePerDay) {
      earn(like.pointsFor, likedOn);
      continue;
    }
    const key = keys.likeDay(clubId, like.pointsFor, like.userId, likedOn);
    const id = `${key.pk}#${key.sk}`;
    const pair = pairDays.get(id) ?? { key, likes: 0 };
    if (pair.likes === 0) earn(like.pointsFor, likedOn);
    pair.likes += 1;
    pairDays.set(id, pair);
  }
  return [
    ...[...pairDays.values()].map(({ key, likes: count }) => ({ ...key, likes: count })),
    ...[...points.values()].map((entry) =>
      pointsItem(clubId, entry.authorId, entry.period, entry.points, entry.expiresAt),
    ),
  ];
}

/**
 * A like's (+1) or unlike's (-1) change of its pair's count for the day it was given, and of the
 * author's points when `moves`: a like moves them when it is the pair's first standing like that
 * day, an unlike when it is the last. The count's condition holds only when `moves` is right, so a
 * transaction with the wrong guess is refused and nothing changes (the caller guesses again).
 */
export function likeDayChanges(
  clubId: string,
  pair: { authorId: string; likerId: string },
  likedOn: string,
  step: 1 | -1,
  change: { moves: boolean; today: string },
): TransactItem[] {
  const holds =
    step > 0
      ? change.moves
        ? 'attribute_not_exists(likes) OR likes < :one'
        : 'likes >= :one'
      : change.moves
        ? 'likes = :one'
        : 'likes > :one';
  const count: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.likeDay(clubId, pair.authorId, pair.likerId, likedOn),
      UpdateExpression: 'ADD likes :step',
      ConditionExpression: holds,
      ExpressionAttributeValues: { ':step': step, ':one': 1 },
    },
  };
  return [
    count,
    ...(change.moves ? likePointChanges(clubId, pair.authorId, likedOn, step, change.today) : []),
  ];
}

export interface PointsEntry {
  userId: string;
  points: number;
}

/** The points a points item holds (0 for none; never below 0). */
export const pointsIn = (item: Record<string, unknown> | undefined): number =>
  typeof item?.points === 'number' ? Math.max(0, item.points) : 0;

/**
 * A leaderboard row as read from the points index, which holds only the member and the points
 * (its sort key) of a points item (shared/src/table.ts).
 */
export const leaderboardEntrySchema = z.object({ userId: idSchema, points: z.number() });

const toEntry = (item: Record<string, unknown>): PointsEntry => {
  const { userId, points } = leaderboardEntrySchema.parse(item);
  return { userId, points: Math.max(0, points) };
};

/**
 * The top of a period's leaderboard, most points first, paged by cursor: one index query of one
 * item more than the page, so the last page says so (no cursor to an empty page).
 */
export async function topPoints(
  clubId: string,
  period: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: PointsEntry[]; nextCursor: string | null }> {
  const index = TABLE.indexes.byPoints;
  const read = await queryPage(
    {
      index,
      partition: indexKeys.leaderboardPartition(clubId, period),
      sortKey: { above: 0 },
      order: 'descending',
    },
    { limit: page.limit + 1, cursor: page.cursor },
    (item) => ({
      entry: toEntry(item),
      key: {
        pk: item.pk,
        sk: item.sk,
        [index.partitionKey]: item[index.partitionKey],
        [index.sortKey]: item[index.sortKey],
      },
    }),
  );
  const shown = read.items.slice(0, page.limit);
  const more =
    read.items.length > page.limit || (read.items.length === page.limit && read.nextCursor !== null);
  const last = shown.at(-1);
  return {
    items: shown.map(({ entry }) => entry),
    nextCursor: more && last ? encodeCursor(last.key) : null,
  };
}

/** People's points in a period, by user id (absent: none): one batch of key lookups. */
export async function pointsOf(
  clubId: string,
  period: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const found = await batchGet(userIds.map((userId) => keys.points(clubId, userId, period)));
  const points = new Map<string, number>();
  for (const userId of userIds) {
    const item = found.get(keyId(keys.points(clubId, userId, period)));
    if (item) points.set(userId, pointsIn(item));
  }
  return points;
}

/**
 * How many members have more points than `points` in a period (a rank is this plus one), counted
 * up to `atMost` in one request: `more` when more than that many do.
 */
export function countAbove(
  clubId: string,
  period: string,
  points: number,
  atMost: number,
): Promise<{ count: number; more: boolean }> {
  return countUpTo(
    {
      index: TABLE.indexes.byPoints,
      partition: indexKeys.leaderboardPartition(clubId, period),
      sortKey: { above: points },
    },
    atMost,
  );
}
