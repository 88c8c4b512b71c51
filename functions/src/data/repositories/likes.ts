import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime } from '@clubs/shared';
import * as z from 'zod';
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

/** BatchGetItem takes at most 100 keys per call. */
const BATCH_SIZE = 100;
const MAX_BATCH_ROUNDS = 5;

/** Which of these posts the user has liked: key lookups only, 100 per batch. */
export async function likedPostIds(postIds: readonly string[], userId: string): Promise<Set<string>> {
  const liked = new Set<string>();
  const unique = [...new Set(postIds)];
  for (let i = 0; i < unique.length; i += BATCH_SIZE) {
    let pending: Record<string, unknown>[] = unique
      .slice(i, i + BATCH_SIZE)
      .map((postId) => ({ ...keys.like(postId, userId) }));
    for (let round = 0; pending.length > 0; round += 1) {
      if (round === MAX_BATCH_ROUNDS) throw new Error('likedPostIds: keys stayed unprocessed');
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round));
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ProjectionExpression: 'postId' } },
        }),
      );
      for (const item of Responses?.[tableName()] ?? []) {
        if (typeof item.postId === 'string') liked.add(item.postId);
      }
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return liked;
}
