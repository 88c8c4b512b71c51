/**
 * The one way repositories read an item by its key: the item as stored, or null when there is
 * none. `consistent` reads it strongly consistently, for a read that must see a write just made
 * (a read-then-write, or a count after the transaction that moved it); `abortSignal` gives up
 * when it fires, for a caller that must answer in time whatever the table does (health).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';

export interface ReadOptions {
  consistent?: boolean;
  abortSignal?: AbortSignal;
}

export async function getItem(key: Key, options: ReadOptions = {}): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: options.consistent || undefined }),
    { abortSignal: options.abortSignal },
  );
  return Item ?? null;
}

/** The item read as the repository's entity (by `toEntity`, as queryPage maps its items), or null. */
export async function getEntity<T>(
  key: Key,
  toEntity: (item: Record<string, unknown>) => T,
  options: ReadOptions = {},
): Promise<T | null> {
  const item = await getItem(key, options);
  return item ? toEntity(item) : null;
}
