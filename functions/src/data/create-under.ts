/**
 * Creating items that belong to a parent (a post, course or event in a club; sections in a
 * course): one transaction that checks the parent exists and puts each new item only where no
 * item is yet, so nothing is written under a parent deleted meanwhile and nothing is overwritten.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.ts';
import { transactionConditionFailures } from './errors.ts';
import type { Key } from './keys.ts';

export type CreateUnderResult = { created: true } | { created: false; reason: 'no_parent' | 'exists' };

/** The parent's check; with `countIn`, the parent also counts the new items in that attribute. */
function parentAction(parent: Key, added: number, countIn: string | undefined) {
  const check = { TableName: tableName(), Key: parent, ConditionExpression: 'attribute_exists(pk)' };
  if (!countIn) return { ConditionCheck: check };
  return {
    Update: {
      ...check,
      UpdateExpression: 'ADD #count :added',
      ExpressionAttributeNames: { '#count': countIn },
      ExpressionAttributeValues: { ':added': added },
    },
  };
}

/** At most 100 items per transaction, the parent check included. */
export async function createUnder(
  parent: Key,
  items: readonly Record<string, unknown>[],
  options: { countIn?: string } = {},
): Promise<CreateUnderResult> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          parentAction(parent, items.length, options.countIn),
          ...items.map((Item) => ({
            Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
          })),
        ],
      }),
    );
    return { created: true };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    return { created: false, reason: failed.includes(0) ? 'no_parent' : 'exists' };
  }
}
