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
): Promise<void> {
  for (let page = 0; page < maxPages; page++) {
    const read = await queryPage({ partition, sortKey: { beginsWith } }, { limit: 100 }, (item) => ({
      pk: String(item.pk),
      sk: String(item.sk),
    }));
    await Promise.all(
      read.items.map((key) => db().send(new DeleteCommand({ TableName: tableName(), Key: key }))),
    );
    if (!read.nextCursor) return;
  }
}
