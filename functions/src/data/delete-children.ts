/**
 * Removes the items a deleted parent leaves in its own partition (a post's comments, an event's
 * attendances): pages of 100 read and deleted until none are left, at most `maxPages` of them.
 * Nothing new can be written there once the parent is gone (each child is written together with
 * a check of its parent or its counter), so what is read is all there is; anything beyond the
 * bound is unreachable (nothing lists it).
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.ts';
import { queryPage } from './query.ts';

export async function deleteChildItems(
  partition: string,
  beginsWith: string,
  maxPages: number,
  /** Runs on each page of items, whole, before they are deleted (e.g. to unindex them). */
  beforeDelete?: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  for (let page = 0; page < maxPages; page++) {
    const read = await queryPage({ partition, sortKey: { beginsWith } }, { limit: 100 }, (item) => item);
    await beforeDelete?.(read.items);
    await Promise.all(
      read.items.map((item) =>
        db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } })),
      ),
    );
    if (!read.nextCursor) return;
  }
}
