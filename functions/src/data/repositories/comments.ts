import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Comment, commentSchema, TABLE } from '@clubs/shared';
import { badRequest } from '../../http/errors.ts';
import { db, tableName } from '../client.ts';
import { deleteCounted, putCounted } from '../counted-write.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { keys, prefixes, withoutKeys } from '../keys.ts';

const toComment = (item: Record<string, unknown>): Comment => commentSchema.parse(withoutKeys(item));

/** Comments live in their post's partition; ids are ULIDs, so the sort key orders them by time. */
export function commentItem(comment: Comment) {
  return { ...keys.comment(comment.postId, comment.id), type: 'comment', ...comment };
}

export async function getComment(postId: string, commentId: string): Promise<Comment | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.comment(postId, commentId) }),
  );
  return Item ? toComment(Item) : null;
}

export type AddCommentResult =
  | { created: true; comment: Comment }
  | { created: false; reason: 'exists' | 'no_post' };

/** Adds a comment and counts it on the post (clubId locates the post) in one transaction. */
export async function addComment(clubId: string, comment: Comment): Promise<AddCommentResult> {
  const outcome = await putCounted(commentItem(comment), {
    key: keys.post(clubId, comment.postId),
    attribute: 'commentCount',
  });
  if (outcome === 'created') return { created: true, comment };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_post' };
}

/** Removes a comment and counts it down; false when there was no such comment (or post). */
export async function deleteComment(clubId: string, postId: string, commentId: string): Promise<boolean> {
  return deleteCounted(keys.comment(postId, commentId), {
    key: keys.post(clubId, postId),
    attribute: 'commentCount',
  });
}

/** A post's comments, oldest first, paged by cursor. */
export async function listComments(postId: string, page: { limit: number; cursor?: string }) {
  const partition = keys.comment(postId, '').pk;
  const startKey = decodeCursor(page.cursor, {
    attributes: [TABLE.partitionKey, TABLE.sortKey],
    fixed: { [TABLE.partitionKey]: partition },
  });
  if (startKey && !startKey[TABLE.sortKey]?.startsWith(prefixes.comment)) {
    throw badRequest('The cursor is not valid');
  }
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefixes.comment },
      ScanIndexForward: true,
      Limit: page.limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: Items.map(toComment), nextCursor: encodeCursor(LastEvaluatedKey) };
}
