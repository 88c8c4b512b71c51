/**
 * What the rebuilds of roll-up buckets (a club's analytics, club-stats-rebuild.ts; the platform
 * figures' days and months, figures-series-rebuild.ts) share: a bucket is written back as one item
 * holding the counters the stored facts determine and, as recorded, the counters they do not,
 * with the bucket's other shard items deleted in the same transaction.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';

type Item = Record<string, unknown>;

/** One bucket's item: the recorded counters `isRebuilt` does not claim, and the rebuilt ones. */
export function rebuiltBucketItem(
  key: Key,
  type: string,
  bucket: string,
  recorded: Item | undefined,
  facts: Item,
  isRebuilt: (name: string) => boolean,
): Item {
  const kept = Object.fromEntries(
    Object.entries(recorded ?? {}).filter(([name, value]) => typeof value === 'number' && !isRebuilt(name)),
  );
  return { ...key, type, bucket, ...kept, ...facts };
}

/** Writes each bucket's item, deleting the bucket's other shards (`shardKeys`, by bucket) with it. */
export async function writeBuckets(items: Item[], shardKeys: Map<string, Key[]>): Promise<void> {
  for (const item of items) {
    const others = (shardKeys.get(String(item.bucket)) ?? []).filter((key) => key.sk !== item.sk);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item } },
          ...others.map((key) => ({ Delete: { TableName: tableName(), Key: key } })),
        ],
      }),
    );
  }
}
