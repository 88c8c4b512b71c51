import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime } from '@clubs/shared';
import * as z from 'zod';
import { batchGet } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { deleteCounted, putCounted } from '../counted-write.ts';
import { keys, withoutKeys } from '../keys.ts';
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

export async function getLike(
  postId: string,
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<Like | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.like(postId, userId),
      ConsistentRead: options.consistent,
    }),
  );
  return Item ? toLike(Item) : null;
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
  const outcome = await putCounted(
    likeItem(stored),
    { key: keys.post(clubId, like.postId), attribute: 'likeCount' },
    earns ? likePointChanges(clubId, authorId, today, 1, today) : [],
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
        also: like.pointsFor
          ? likePointChanges(clubId, like.pointsFor, utcDay(new Date(like.createdAt)), -1, utcDay(now))
          : [],
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
