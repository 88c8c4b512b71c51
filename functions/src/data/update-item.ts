/**
 * The one way repositories change some attributes of an existing item: a SET of the given
 * fields, conditional on the item existing (and on any extra condition), returning the new
 * item as the repository's entity (by `toEntity`, as getEntity maps a read), or null when the
 * condition failed. Undefined fields are left as they are; with nothing to change it is a plain
 * read. Also the deletion of an existing item together with its outbox item.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';
import { sendRetryingConflicts, type TransactItem } from './counted-write.ts';
import { isConditionFailed, transactionConditionFailures } from './errors.ts';
import { getEntity, getItem } from './get-item.ts';

export interface UpdateItemOptions {
  /** Stored attribute names that differ from the field names. */
  attributeNames?: Record<string, string>;
  /** An extra condition ANDed with attribute_exists(pk), with its own names and values. */
  condition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

/** The Update of `changes` (non-empty) with its condition, as one request or one transaction's action. */
function updateOf(key: Key, entries: [string, unknown][], options: UpdateItemOptions) {
  const names: Record<string, string> = { ...options.condition?.names };
  const values: Record<string, unknown> = { ...options.condition?.values };
  const sets = entries.map(([name, value], i) => {
    names[`#f${i}`] = options.attributeNames?.[name] ?? name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const condition = options.condition
    ? `attribute_exists(pk) AND (${options.condition.expression})`
    : 'attribute_exists(pk)';
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

const changedFields = (changes: Record<string, unknown>) =>
  Object.entries(changes).filter(([, value]) => value !== undefined);

/**
 * An item as read, with the changes updateExistingItemWith wrote to it (undefined fields left as
 * they were): what a transaction, which answers no new item, stored.
 */
export const withChanges = <T extends object>(item: T, changes: object): T => ({
  ...item,
  ...Object.fromEntries(changedFields(changes as Record<string, unknown>)),
});

export async function updateExistingItem<T>(
  key: Key,
  changes: Record<string, unknown>,
  toEntity: (item: Record<string, unknown>) => T,
  options: UpdateItemOptions = {},
): Promise<T | null> {
  const entries = changedFields(changes);
  if (entries.length === 0) return getEntity(key, toEntity);
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({ ...updateOf(key, entries, options), ReturnValues: 'ALL_NEW' }),
    );
    return Attributes ? toEntity(Attributes) : null;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/**
 * updateExistingItem in one transaction with `also` (say, the change's outbox item), which a
 * transaction cannot answer with the new item: true when written, false when the item's own
 * condition failed (and so nothing was). A transaction that lost only to a concurrent one on the
 * same item (a like counted on the post, a registration on the event) is sent again.
 */
export async function updateExistingItemWith(
  key: Key,
  changes: Record<string, unknown>,
  also: readonly TransactItem[],
  options: UpdateItemOptions = {},
): Promise<boolean> {
  const entries = changedFields(changes);
  if (entries.length === 0) return (await getItem(key)) !== null;
  try {
    await sendRetryingConflicts({ TransactItems: [{ Update: updateOf(key, entries, options) }, ...also] });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}

/**
 * Deletes an existing item in one transaction with `also` (the outbox item announcing it): false
 * when there was none, and nothing was written. A transaction that lost only to a concurrent one
 * on the same item (a registration counted on an event, a section on a course) is sent again.
 */
export async function deleteExistingItemWith(key: Key, also: readonly TransactItem[]): Promise<boolean> {
  try {
    await sendRetryingConflicts({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' } },
        ...also,
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}
