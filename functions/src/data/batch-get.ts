/**
 * Key lookups of many items at once: BatchGetItem, 100 keys per request (its limit), with the
 * keys DynamoDB leaves unprocessed asked again after a short backoff. Missing items are absent
 * from the answer.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';

const BATCH_SIZE = 100;
const MAX_ROUNDS = 5;

type Item = Record<string, unknown>;

/** The map key of an item's table key. */
export const keyId = (key: Key): string => `${key.pk}\u0000${key.sk}`;

/**
 * The items stored under `keys` (duplicates asked once), by keyId; `attributes` projects them;
 * `consistent` reads them strongly consistently.
 */
export async function batchGet(
  keys: readonly Key[],
  attributes?: readonly string[],
  consistent = false,
): Promise<Map<string, Item>> {
  const unique = [...new Map(keys.map((key) => [keyId(key), { pk: key.pk, sk: key.sk }])).values()];
  const found = new Map<string, Item>();
  const projection = attributes
    ? {
        ProjectionExpression: ['pk', 'sk', ...attributes].map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(
          ['pk', 'sk', ...attributes].map((name, i) => [`#a${i}`, name]),
        ),
      }
    : {};
  for (let i = 0; i < unique.length; i += BATCH_SIZE) {
    let pending: Item[] = unique.slice(i, i + BATCH_SIZE);
    for (let round = 0; pending.length > 0; round += 1) {
      if (round === MAX_ROUNDS) throw new Error('batchGet: keys stayed unprocessed');
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round));
      const { Responses, UnprocessedKeys } = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: pending, ...projection, ...(consistent ? { ConsistentRead: true } : {}) },
          },
        }),
      );
      for (const item of Responses?.[tableName()] ?? []) {
        found.set(keyId({ pk: String(item.pk), sk: String(item.sk) }), item);
      }
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return found;
}
