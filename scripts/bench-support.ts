/** What the benchmarks share: their DynamoDB Local, loading many items fast, and latency percentiles. */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal } from '../infra/local/dynamodb.ts';
import { freePort } from '../infra/local/ports.ts';

/**
 * A DynamoDB Local of the benchmark's own (on BENCH_DYNAMODB_PORT or a free port), with the
 * environment the product's data layer reads pointed at it; import the functions' modules after.
 */
export async function startBenchDynamoDb() {
  const port = Number(process.env.BENCH_DYNAMODB_PORT) || (await freePort());
  const dynamodb = await startDynamoDbLocal({ port });
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  return dynamodb;
}

/**
 * Writes items with BatchWriteItem, 25 a request, `parallel` requests in flight, retrying what
 * DynamoDB leaves unprocessed. Only for loading benchmark tables: the product writes items through
 * its repositories (transactions and conditional writes).
 */
export async function batchWriteAll(
  client: DynamoDBDocumentClient,
  table: string,
  items: readonly Record<string, unknown>[],
  parallel = 8,
): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < batches.length) {
        let pending = (batches[next++] ?? []).map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          const { UnprocessedItems } = await client.send(
            new BatchWriteCommand({ RequestItems: { [table]: pending } }),
          );
          pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
        }
      }
    }),
  );
}

/** The `q` quantile of ascending samples (nearest rank). */
export const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Like counts per post summing to `total`, uneven (so trending has a real order), each ≤ `max`. */
export function likeCounts(posts: number, total: number, max: number): number[] {
  const weights = Array.from({ length: posts }, (_, i) => 1 + ((i * 7919) % 19));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(max, Math.floor((w * total) / sum)));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0; i = (i + 1) % posts) {
    if ((counts[i] ?? 0) < max) {
      counts[i] = (counts[i] ?? 0) + 1;
      missing--;
    }
  }
  return counts;
}
