import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime } from '@clubs/shared';
import * as z from 'zod';
import { batchGet } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { statsActions, withActivity } from '../club-stats.ts';
import { deleteCounted, putCounted, sendRetryingConflicts } from '../counted-write.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { keys, prefixes, withoutKeys } from '../keys.ts';
import { queryPage } from '../query.ts';
import { likePointChanges, utcDay } from './points.ts';

/** A like; `pointsFor` names the post's author when the like earned them a point (not a self-like). */
export const likeSchema = z.object({
  postId: idSchema,
  userId: idSchema,
  createdAt: isoDateTime,
  pointsFor: idSchema.optional(),
});
export type Like = z.infer<typeof likeSchema>;

const toLike = (item: Record<string, unknown>): Like => likeSchema.parse(withoutKeys(item));

export function likeItem(like: Like) {
  return { ...keys.like(like.postId, like.userId), type: 'like', ...like };
}

export async function getLike(postId: string, userId: string, options?: ReadOptions): Promise<Like | null> {
  return getEntity(keys.like(postId, userId), toLike, options);
}

export type AddLikeResult = { created: true; like: Like } | { created: false; reason: 'exists' | 'no_post' };

/**
 * Likes a post once: the like item, the post's likeCount and (when the post's author is given and
 * is someone else) the author's points change in one transaction, and the like is only written
 * when absent, so a repeated or concurrent like never counts twice.
 */
export async function addLike(clubId: string, like: Like, authorId?: string): Promise<AddLikeResult> {
  const earns = authorId !== undefined && authorId !== like.userId;
  const stored: Like = earns ? { ...like, pointsFor: authorId } : { ...like, pointsFor: undefined };
  const today = utcDay(new Date(like.createdAt));
  const points = earns ? likePointChanges(clubId, authorId, today, 1, today) : [];
  // The club's analytics count the like on its day, with the post's engagement and the liker's
  // first activity of the day (club-stats.ts), in the like's own transaction.
  const outcome = await withActivity(
    clubId,
    like.userId,
    new Date(like.createdAt),
    { likes: 1 },
    { postId: like.postId, step: 1 },
    (stats) =>
      putCounted(likeItem(stored), { key: keys.post(clubId, like.postId), attribute: 'likeCount' }, [
        ...points,
        ...stats,
      ]),
  );
  if (outcome === 'created') return { created: true, like: stored };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_post' };
}

/** Attempts of an unlike whose like was replaced between reading and deleting it. */
const UNLIKE_ATTEMPTS = 5;

/**
 * Unlikes a post: true when a like was removed (and counted down, with the point it earned),
 * false when there was none. The like is read first (its day and author say which points to take
 * back) and deleted only as read, so a like given again meanwhile is never confused with it.
 */
export async function removeLike(
  clubId: string,
  postId: string,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  for (let attempt = 0; attempt < UNLIKE_ATTEMPTS; attempt++) {
    const like = await getLike(postId, userId, { consistent: true });
    if (!like) return false;
    const removed = await deleteCounted(
      keys.like(postId, userId),
      { key: keys.post(clubId, postId), attribute: 'likeCount' },
      {
        unchanged: { expression: 'createdAt = :likedAt', values: { ':likedAt': like.createdAt } },
        also: [
          ...(like.pointsFor
            ? likePointChanges(clubId, like.pointsFor, utcDay(new Date(like.createdAt)), -1, utcDay(now))
            : []),
          // Taken back from the day the like counted on.
          ...statsActions(
            clubId,
            new Date(like.createdAt),
            { likes: -1 },
            { post: { postId, step: -1 }, by: userId },
          ),
        ],
      },
    );
    if (removed) return true;
  }
  return false;
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
 * Likes taken back together in one transaction: with the author's all-time item and up to 37
 * open window items, a transaction stays within DynamoDB's 100 actions.
 */
const LIKES_PER_TAKEBACK = 60;
/** Pages of 100 likes one post deletion takes back (a like is one per member: 10,000 members). */
const LIKE_PAGES = 100;

/**
 * Deletes likes of a deleted post, each earning like together with the point it gave: likes of
 * the same author and day go in one transaction that deletes each only if it is still there and
 * takes their points back from the all-time item and the windows still open. If one of them went
 * meanwhile, they are taken back one by one, so no point is taken back twice.
 */
async function takeBack(clubId: string, likes: Like[], today: string): Promise<void> {
  const [first] = likes;
  if (!first?.pointsFor) return;
  const deletes = likes.map((like) => ({
    Delete: {
      TableName: tableName(),
      Key: keys.like(like.postId, like.userId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  }));
  const changes = likePointChanges(
    clubId,
    first.pointsFor,
    utcDay(new Date(first.createdAt)),
    -likes.length,
    today,
  );
  try {
    await sendRetryingConflicts({ TransactItems: [...deletes, ...changes] });
  } catch (error) {
    if (!transactionConditionFailures(error)) throw error;
    if (likes.length > 1) for (const like of likes) await takeBack(clubId, [like], today);
  }
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
