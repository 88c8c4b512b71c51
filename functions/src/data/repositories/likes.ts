import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime } from '@clubs/shared';
import { keys, prefixes, withoutKeys } from '@clubs/shared/table-keys';
import * as z from 'zod';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { statsActions, withActivity } from '../club-stats.ts';
import {
  type Counter,
  deleteCountedOutcome,
  putCountedOutcome,
  sendRetryingConflicts,
  type TransactItem,
} from '../counted-write.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { queryPage } from '../query.ts';
import { likeDayChanges, likePointChanges, utcDay } from './points.ts';

/**
 * A like; `pointsFor` names the post's author when the like counts toward their points (not a
 * self-like). `oncePerDay`: it counts in its pair's day (points.ts likeDayChanges); a like stored
 * before that rule holds a point of its own, which its removal takes back.
 */
export const likeSchema = z.object({
  postId: idSchema,
  userId: idSchema,
  createdAt: isoDateTime,
  pointsFor: idSchema.optional(),
  oncePerDay: z.literal(true).optional(),
});
export type Like = z.infer<typeof likeSchema>;

const toLike = (item: Record<string, unknown>): Like => likeSchema.parse(withoutKeys(item));

export function likeItem(like: Like) {
  return { ...keys.like(like.postId, like.userId), type: 'like', ...like };
}

export async function getLike(postId: string, userId: string, options?: ReadOptions): Promise<Like | null> {
  return getEntity(keys.like(postId, userId), toLike, options);
}

/** The like as addLike stores it: counting once a day toward the post's author unless they gave it. */
export function storedLike(like: Like, authorId?: string): Like {
  return authorId !== undefined && authorId !== like.userId
    ? { ...like, pointsFor: authorId, oncePerDay: true }
    : { ...like, pointsFor: undefined, oncePerDay: undefined };
}

/** 'no_post': the post is missing or hidden (the caller reads it again to tell which). */
export type AddLikeResult = { created: true; like: Like } | { created: false; reason: 'exists' | 'no_post' };

/**
 * Guesses of whether a like or unlike moves its author's point (each wrong guess is a refused
 * transaction that changed nothing): the pair's count can only change by this person's own likes.
 */
const PAIR_DAY_GUESSES = 8;

/** The like's points changes as the guess `moves` has them: its pair's day count, and the points when it moves. */
function pairDayChanges(clubId: string, like: Like, step: 1 | -1, moves: boolean, today: string) {
  if (!like.pointsFor) return [];
  const likedOn = utcDay(new Date(like.createdAt));
  if (!like.oncePerDay) return likePointChanges(clubId, like.pointsFor, likedOn, step, today);
  return likeDayChanges(clubId, { authorId: like.pointsFor, likerId: like.userId }, likedOn, step, {
    moves,
    today,
  });
}

/**
 * Likes a post once: the like item, the post's likeCount and (when the post's author is given and
 * is someone else) the count of this person's likes of the author that day, with the author's
 * point when it is the day's first, in one transaction; the like is only written when absent, so a
 * repeated or concurrent like never counts twice. Its first guess is that the point moves.
 */
export async function addLike(
  clubId: string,
  like: Like,
  authorId?: string,
  /** Written in the like's transaction (its outbox item). */
  also: readonly TransactItem[] = [],
): Promise<AddLikeResult> {
  const earns = authorId !== undefined && authorId !== like.userId;
  const stored = storedLike(like, authorId);
  const today = utcDay(new Date(like.createdAt));
  // A hidden post takes no likes: the post's count refuses it as it refuses a missing post.
  const counter: Counter = { key: keys.post(clubId, like.postId), attribute: 'likeCount', shownOnly: true };
  // The club's analytics count the like on its day, with the post's engagement and the liker's
  // first activity of the day (club-stats.ts), in the like's own transaction.
  const outcome = await withActivity(
    clubId,
    like.userId,
    new Date(like.createdAt),
    { likes: 1 },
    { postId: like.postId, step: 1 },
    async (stats) => {
      for (let guess = 0; guess < PAIR_DAY_GUESSES; guess++) {
        const points = pairDayChanges(clubId, stored, 1, guess % 2 === 0, today);
        const put = await putCountedOutcome(likeItem(stored), counter, [...points, ...stats, ...also]);
        // Refused by the analytics marker alone: withActivity writes again without it.
        if (put.outcome !== 'refused' || !put.refusedAlso.includes(0) || !earns) return put.outcome;
      }
      throw new Error("like: the pair's count for the day kept changing");
    },
  );
  if (outcome === 'created') return { created: true, like: stored };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_post' };
}

/** Attempts of an unlike whose like was replaced between reading and deleting it, or whose guess was wrong. */
const UNLIKE_ATTEMPTS = 12;

/**
 * Unlikes a post: true when a like was removed (and counted down, with the pair's day count and
 * the point when it was that day's last like of the pair), false when there was none. The like is
 * read first (its day and author say which points to take back) and deleted only as read, so a
 * like given again meanwhile is never confused with it. Its first guess is that the point moves.
 */
export async function removeLike(
  clubId: string,
  postId: string,
  userId: string,
  now = new Date(),
  /** Written in the unlike's transaction (its outbox item). */
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  let moves = true;
  for (let attempt = 0; attempt < UNLIKE_ATTEMPTS; attempt++) {
    const like = await getLike(postId, userId, { consistent: true });
    if (!like) return false;
    const removed = await deleteCountedOutcome(
      keys.like(postId, userId),
      { key: keys.post(clubId, postId), attribute: 'likeCount' },
      {
        unchanged: { expression: 'createdAt = :likedAt', values: { ':likedAt': like.createdAt } },
        also: [
          ...pairDayChanges(clubId, like, -1, moves, utcDay(now)),
          // Taken back from the day the like counted on.
          ...statsActions(
            clubId,
            new Date(like.createdAt),
            { likes: -1 },
            { post: { postId, step: -1 }, by: userId },
          ),
          ...also,
        ],
      },
    );
    if (removed.outcome === 'deleted') return true;
    // The post is gone (its likes go with it): nothing to unlike.
    if (removed.outcome === 'no_parent') return false;
    if (removed.outcome === 'refused') moves = !moves;
  }
  throw new Error('unlike: the like or its pair count kept changing');
}

/** Which of these posts the user has liked: key lookups only (one request per 100 posts). */
export async function likedPostIds(postIds: readonly string[], userId: string): Promise<Set<string>> {
  const found = await batchGet(
    postIds.map((postId) => keys.like(postId, userId)),
    ['postId'],
  );
  return new Set(
    [...found.values()].flatMap((item) => (typeof item.postId === 'string' ? [item.postId] : [])),
  );
}

/**
 * Likes taken back together in one transaction: each like's delete and its pair's day count, with
 * the author's all-time item and up to 37 open window items, stay within DynamoDB's 100 actions.
 */
const LIKES_PER_TAKEBACK = 30;
/** Pages of 100 likes one post deletion takes back (a like is one per member: 10,000 members). */
const LIKE_PAGES = 100;
/** Reads of the pairs' counts for one take-back whose counts changed meanwhile. */
const TAKEBACK_ATTEMPTS = 8;

/**
 * Deletes likes of a deleted post (one author, one day, each by another liker), with the points
 * they held: each like's pair count for the day goes down by one on the condition that it is still
 * as read, and the author loses a point for each pair whose count reaches zero (and for each like
 * stored before the once-a-day rule), in one transaction. A like gone meanwhile sends them one by
 * one; a count changed meanwhile (the liker's other likes) reads the counts again.
 */
async function takeBack(clubId: string, likes: Like[], today: string): Promise<void> {
  const [first] = likes;
  if (!first?.pointsFor) return;
  const authorId = first.pointsFor;
  const likedOn = utcDay(new Date(first.createdAt));
  const deletes = likes.map((like) => ({
    Delete: {
      TableName: tableName(),
      Key: keys.like(like.postId, like.userId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  }));
  const pairKey = (like: Like) => keys.likeDay(clubId, authorId, like.userId, likedOn);
  const counted = likes.filter((like) => like.oncePerDay);
  const ownPoints = likes.length - counted.length;
  for (let attempt = 0; attempt < TAKEBACK_ATTEMPTS; attempt++) {
    const counts = await batchGet(counted.map(pairKey), ['likes'], true);
    const seen = counted.flatMap((like) => {
      const likesNow = counts.get(keyId(pairKey(like)))?.likes;
      return typeof likesNow === 'number' && likesNow > 0 ? [{ like, likesNow }] : [];
    });
    const pairs = seen.map(({ like, likesNow }) => ({
      Update: {
        TableName: tableName(),
        Key: pairKey(like),
        UpdateExpression: 'ADD likes :minus',
        ConditionExpression: 'likes = :seen',
        ExpressionAttributeValues: { ':minus': -1, ':seen': likesNow },
      },
    }));
    const lost = ownPoints + seen.filter(({ likesNow }) => likesNow === 1).length;
    const changes = lost > 0 ? likePointChanges(clubId, authorId, likedOn, -lost, today) : [];
    try {
      await sendRetryingConflicts({ TransactItems: [...deletes, ...pairs, ...changes] });
      return;
    } catch (error) {
      const failed = transactionConditionFailures(error);
      if (!failed) throw error;
      if (failed.some((index) => index < deletes.length)) {
        if (likes.length > 1) for (const like of likes) await takeBack(clubId, [like], today);
        return;
      }
    }
  }
  throw new Error("take-back: the pairs' counts kept changing");
}

/**
 * Removes the likes of a post that no longer exists and takes back the points they earned. Once
 * the post is gone no like can be added or removed through it (both need the post's counter), so
 * each like's point is taken back exactly once, with the like's own deletion. Up to LIKE_PAGES
 * pages; likes beyond (more than 10,000) stay, unreachable, with their points.
 */
export async function deleteLikesOfDeletedPost(
  clubId: string,
  postId: string,
  now = new Date(),
): Promise<void> {
  const today = utcDay(now);
  const partition = keys.like(postId, '').pk;
  for (let page = 0; page < LIKE_PAGES; page++) {
    const read = await queryPage(
      { partition, sortKey: { beginsWith: prefixes.like } },
      { limit: 100 },
      toLike,
    );
    const groups = new Map<string, Like[]>();
    const plain: Like[] = [];
    for (const like of read.items) {
      if (!like.pointsFor) plain.push(like);
      else {
        const group = `${like.pointsFor}#${utcDay(new Date(like.createdAt))}`;
        groups.set(group, [...(groups.get(group) ?? []), like]);
      }
    }
    await Promise.all(
      plain.map((like) =>
        db().send(new DeleteCommand({ TableName: tableName(), Key: keys.like(like.postId, like.userId) })),
      ),
    );
    // One author's point items: transactions in turn, not racing each other for them.
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += LIKES_PER_TAKEBACK) {
        await takeBack(clubId, group.slice(i, i + LIKES_PER_TAKEBACK), today);
      }
    }
    if (!read.nextCursor) return;
  }
}
