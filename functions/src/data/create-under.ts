/**
 * Creating items that belong to a parent (a post, course or event in a club; sections in a
 * course): one transaction that checks the parent exists and puts each new item only where no
 * item is yet, so nothing is written under a parent deleted meanwhile and nothing is overwritten.
 */

import type { Key } from '@clubs/shared/table-keys';
import { tableName } from './client.ts';
import { sendRetryingConflicts, type TransactItem } from './counted-write.ts';
import { transactionConditionFailures } from './errors.ts';

export type CreateUnderResult =
  | { created: true }
  | { created: false; reason: 'no_parent' | 'exists' | 'alongside_refused' };

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
  /**
   * `countIn`: the parent counts the new items there; `alongside`: other changes written with
   * them (one of them refused by its condition, e.g. a full rate window, is 'alongside_refused').
   */
  options: { countIn?: string; alongside?: readonly TransactItem[] } = {},
): Promise<CreateUnderResult> {
  try {
    // Retried when it only lost to a concurrent transaction on a shared counter (club-stats.ts).
    await sendRetryingConflicts({
      TransactItems: [
        parentAction(parent, items.length, options.countIn),
        ...items.map((Item) => ({
          Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
        ...(options.alongside ?? []),
      ],
    });
    return { created: true };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.includes(0)) return { created: false, reason: 'no_parent' };
    return { created: false, reason: failed.some((i) => i > items.length) ? 'alongside_refused' : 'exists' };
  }
}
