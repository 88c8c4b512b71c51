/**
 * Loading many items at once, for operators and the local stack (the demo seed, rebuilds,
 * benchmark tables), never a request path: BatchWriteItem puts 25 items a request, a few requests
 * in flight, and sends again what DynamoDB leaves unprocessed after a growing pause. The puts are
 * unconditional, so what is written must be whole items whose counters the writer has computed.
 *
 * Against DynamoDB Local (an endpoint set, as the local stack and the tests set it) the items go
 * instead up to 100 a TransactWriteItems: DynamoDB Local commits each item of a BatchWriteItem to
 * its SQLite file on its own (a disk sync each, about 10 ms here) but a whole transaction at
 * once, so a seed of thousands of items takes seconds instead of a minute on disk. In AWS a
 * transaction would cost twice the write units, so there it stays BatchWriteItem.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env.ts';
import { db, tableName } from './client.ts';
import { sendRetryingConflicts } from './counted-write.ts';
import { backoff } from './transaction-retry.ts';

/** Items one BatchWriteItem request may put. */
export const BATCH_WRITE_SIZE = 25;
/** Puts one TransactWriteItems request may hold (DynamoDB's limit of actions). */
export const TRANSACT_WRITE_SIZE = 100;
/** A transaction's items stay well under its 4 MB limit (items measured as JSON). */
const TRANSACT_WRITE_BYTES = 2_000_000;

type Item = Record<string, unknown>;

export interface BatchPutOptions {
  /** Requests in flight at once. */
  parallel?: number;
  client?: DynamoDBDocumentClient;
  table?: string;
  /** Puts in transactions (the default against DynamoDB Local, see above). */
  transactions?: boolean;
}

/** The items in groups of at most `size` items and TRANSACT_WRITE_BYTES. */
function groups(items: readonly Item[], size: number): Item[][] {
  const all: Item[][] = [];
  let group: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    const length = JSON.stringify(item).length;
    if (group.length === size || (group.length > 0 && bytes + length > TRANSACT_WRITE_BYTES)) {
      all.push(group);
      group = [];
      bytes = 0;
    }
    group.push(item);
    bytes += length;
  }
  if (group.length > 0) all.push(group);
  return all;
}

/** Puts every item, retrying unprocessed items (or transactions lost to a conflict) until all are written. */
export async function batchPutAll(items: readonly Item[], options: BatchPutOptions = {}): Promise<void> {
  const client = options.client ?? db();
  const table = options.table ?? tableName();
  const transactions =
    options.transactions ?? (options.client === undefined && Boolean(env.dynamodbEndpoint));
  const batches = groups(items, transactions ? TRANSACT_WRITE_SIZE : BATCH_WRITE_SIZE);
  let next = 0;
  const lanes = Array.from({ length: Math.min(options.parallel ?? 4, batches.length) }, async () => {
    while (next < batches.length) {
      const batch = batches[next++] ?? [];
      if (transactions) {
        await sendRetryingConflicts(
          { TransactItems: batch.map((Item) => ({ Put: { TableName: table, Item } })) },
          client,
        );
        continue;
      }
      let pending = batch.map((Item) => ({ PutRequest: { Item } }));
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
