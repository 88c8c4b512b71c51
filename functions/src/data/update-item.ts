/**
 * The one way repositories change some attributes of an existing item: a SET of the given
 * fields, conditional on the item existing (and on any extra condition), returning the new
 * item as the repository's entity (by `toEntity`, as getEntity maps a read), or null when the
 * condition failed. Undefined fields are left as they are; with nothing to change it is a plain
 * read.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';
import { isConditionFailed } from './errors.ts';
import { getEntity } from './get-item.ts';

export interface UpdateItemOptions {
  /** Stored attribute names that differ from the field names. */
  attributeNames?: Record<string, string>;
  /** An extra condition ANDed with attribute_exists(pk), with its own names and values. */
  condition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

export async function updateExistingItem<T>(
  key: Key,
  changes: Record<string, unknown>,
  toEntity: (item: Record<string, unknown>) => T,
  options: UpdateItemOptions = {},
): Promise<T | null> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return getEntity(key, toEntity);
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
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toEntity(Attributes) : null;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}
