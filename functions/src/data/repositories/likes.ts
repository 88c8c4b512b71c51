import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime } from '@clubs/shared';
import * as z from 'zod';
import { batchGet } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { deleteCounted, putCounted } from '../counted-write.ts';
import { keys, withoutKeys } from '../keys.ts';

export const likeSchema = z.object({ postId: idSchema, userId: idSchema, createdAt: isoDateTime });
export type Like = z.infer<typeof likeSchema>;

const toLike = (item: Record<string, unknown>): Like => likeSchema.parse(withoutKeys(item));

export function likeItem(like: Like) {
  return { ...keys.like(like.postId, like.userId), type: 'like', ...like };
}

export async function getLike(postId: string, userId: string): Promise<Like | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.like(postId, userId) }),
  );
  return Item ? toLike(Item) : null;
}

export type AddLikeResult = { created: true; like: Like } | { created: false; reason: 'exists' | 'no_post' };

/**
 * Likes a post once: the like item and the post's likeCount change in one transaction, and the
 * like is only written when absent, so a repeated or concurrent like never counts twice.
 */
export async function addLike(clubId: string, like: Like): Promise<AddLikeResult> {
  const outcome = await putCounted(likeItem(like), {
    key: keys.post(clubId, like.postId),
    attribute: 'likeCount',
  });
  if (outcome === 'created') return { created: true, like };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_post' };
}

/** Unlikes a post: true when a like was removed (and counted down), false when there was none. */
export async function removeLike(clubId: string, postId: string, userId: string): Promise<boolean> {
  return deleteCounted(keys.like(postId, userId), { key: keys.post(clubId, postId), attribute: 'likeCount' });
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
