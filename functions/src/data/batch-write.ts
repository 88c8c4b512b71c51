/**
 * Loading many items at once, for operators and the local stack (the demo seed, rebuilds,
 * benchmark tables), never a request path: BatchWriteItem puts 25 items a request, a few requests
 * in flight, and sends again what DynamoDB leaves unprocessed after a growing pause. The puts are
 * unconditional, so what is written must be whole items whose counters the writer has computed.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.ts';
import { backoff } from './transaction-retry.ts';

/** Items one BatchWriteItem request may put. */
export const BATCH_WRITE_SIZE = 25;

type Item = Record<string, unknown>;

export interface BatchPutOptions {
  /** Requests in flight at once. */
  parallel?: number;
  client?: DynamoDBDocumentClient;
  table?: string;
}

/** Puts every item, BATCH_WRITE_SIZE a request, retrying unprocessed items until all are written. */
export async function batchPutAll(items: readonly Item[], options: BatchPutOptions = {}): Promise<void> {
  const client = options.client ?? db();
  const table = options.table ?? tableName();
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_WRITE_SIZE) batches.push(items.slice(i, i + BATCH_WRITE_SIZE));
  let next = 0;
  const lanes = Array.from({ length: Math.min(options.parallel ?? 4, batches.length) }, async () => {
    while (next < batches.length) {
      let pending = (batches[next++] ?? []).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 0) await backoff(attempt);
        const { UnprocessedItems } = await client.send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
        );
        pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
      }
    }
  });
  await Promise.all(lanes);
}
