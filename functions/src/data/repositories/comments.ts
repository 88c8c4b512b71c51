import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type Comment, commentSchema, TABLE } from '@clubs/shared';
import { badRequest } from '../../http/errors.ts';
import { db, tableName } from '../client.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { transactionConditionFailures } from '../errors.ts';
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
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: commentItem(comment),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.post(clubId, comment.postId),
              UpdateExpression: 'ADD commentCount :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    return { created: true, comment };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    return { created: false, reason: failed.includes(0) ? 'exists' : 'no_post' };
  }
}

/** Removes a comment and counts it down; false when there was no such comment (or post). */
export async function deleteComment(clubId: string, postId: string, commentId: string): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.comment(postId, commentId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.post(clubId, postId),
              UpdateExpression: 'ADD commentCount :minusOne',
              ConditionExpression: 'attribute_exists(pk) AND commentCount > :zero',
              ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
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
