/**
 * A club's API keys: one item per key in the club's partition (what its owner lists), one item
 * per key under the hash of its secret (what a call with the key reads, with one GetItem), and
 * the club's count of keys; a key is made and revoked with all three in one transaction.
 */
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@clubs/shared';
import { API_KEY_ITEM_PREFIX, keys } from '@clubs/shared/table-keys';
import { cappedCountAction } from '../capped-count.ts';
import { tableName } from '../client.ts';
import { sendRetryingConflicts } from '../counted-write.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { queryAll } from '../query.ts';

/** The `type` of the club's count of keys. */
const API_KEY_COUNT_TYPE = 'api_key_count';

const scopesOf = (value: unknown): ApiKeyScope[] =>
  Array.isArray(value)
    ? value.filter((scope): scope is ApiKeyScope => API_KEY_SCOPES.includes(scope as ApiKeyScope))
    : [];

function toApiKey(item: Record<string, unknown>): ApiKey {
  return {
    id: String(item.id),
    name: String(item.name),
    prefix: String(item.prefix),
    scopes: scopesOf(item.scopes),
    createdAt: String(item.createdAt),
    lastUsedAt: typeof item.lastUsedAt === 'string' ? item.lastUsedAt : null,
  };
}

/** The club's keys, newest first (ids are ULIDs); a club holds at most a handful, so one query. */
export async function listApiKeys(clubId: string): Promise<ApiKey[]> {
  return queryAll(
    { partition: keys.club(clubId).pk, sortKey: { beginsWith: API_KEY_ITEM_PREFIX }, order: 'descending' },
    toApiKey,
  );
}

/**
 * Stores a new key unless the club already holds `max` keys (the count and the key are written
 * together, so two creations at once cannot both pass the limit); false when the club is full.
 */
export async function putApiKey(
  clubId: string,
  key: ApiKey,
  secretHash: string,
  max: number,
): Promise<boolean> {
  try {
    await sendRetryingConflicts({
      TransactItems: [
        cappedCountAction(keys.apiKeyCount(clubId), API_KEY_COUNT_TYPE, 1, max),
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.apiKey(clubId, key.id), type: 'api_key', ...key, secretHash },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.apiKeyByHash(secretHash),
              type: 'api_key_secret',
              clubId,
              keyId: key.id,
              scopes: key.scopes,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}

/**
 * Deletes a key, its secret's item and its place in the count together; false when the club holds
 * no such key (or another revocation took it first).
 */
export async function deleteApiKey(clubId: string, keyId: string): Promise<boolean> {
  const item = await getItem(keys.apiKey(clubId, keyId), { consistent: true });
  if (!item || typeof item.secretHash !== 'string') return false;
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.apiKey(clubId, keyId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Delete: { TableName: tableName(), Key: keys.apiKeyByHash(item.secretHash) } },
        cappedCountAction(keys.apiKeyCount(clubId), API_KEY_COUNT_TYPE, -1),
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}
