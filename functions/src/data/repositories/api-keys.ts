/**
 * A club's API keys: one item per key in the club's partition (what its owner lists), one item
 * per key under the hash of its secret (what a call with the key reads, with one GetItem), and
 * the club's count of keys; a key is made and revoked with all three in one transaction. A call
 * with a key reads the secret's item and counts itself in the key's rate window.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@clubs/shared';
import { API_KEY_ITEM_PREFIX, keys } from '@clubs/shared/table-keys';
import { cappedCountAction } from '../capped-count.ts';
import { db, tableName } from '../client.ts';
import { sendRetryingConflicts } from '../counted-write.ts';
import { isConditionFailed, transactionConditionFailures } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { queryAll } from '../query.ts';
import { type RateWindow, rateWindowCount } from '../rate-windows.ts';
import { updateExistingItem } from '../update-item.ts';

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

/** What a call with a key learns from the secret's item: the key's club, id and scopes. */
export interface KeyHolder {
  clubId: string;
  keyId: string;
  scopes: ApiKeyScope[];
}

/**
 * The key a secret's hash names, read strongly consistently so a key revoked a moment ago is
 * refused at once; null for a hash no key holds (never made, or revoked).
 */
export async function findApiKeyByHash(secretHash: string): Promise<KeyHolder | null> {
  const item = await getItem(keys.apiKeyByHash(secretHash), { consistent: true });
  if (!item || typeof item.clubId !== 'string' || typeof item.keyId !== 'string') return null;
  return { clubId: item.clubId, keyId: item.keyId, scopes: scopesOf(item.scopes) };
}

/**
 * Counts one call in the key's window of `rate` with one UpdateItem: the calls counted so far
 * in the window (1 for its first), or null when the window was full and nothing was counted.
 */
export async function countKeyCall(rate: RateWindow, now: Date): Promise<number | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({ ...rateWindowCount(rate, now).Update, ReturnValues: 'UPDATED_NEW' }),
    );
    return Number(Attributes?.count ?? 0);
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/**
 * Stores when the key was last used, to the minute, on the item its owner lists; a revoked key
 * (no item any more) is not written back.
 */
export async function touchApiKey(clubId: string, keyId: string, minute: string): Promise<void> {
  // A key never used holds lastUsedAt null (NULL, which no string compares with).
  await updateExistingItem(keys.apiKey(clubId, keyId), { lastUsedAt: minute }, () => null, {
    condition: {
      expression:
        'attribute_not_exists(lastUsedAt) OR attribute_type(lastUsedAt, :null) OR lastUsedAt < :minute',
      values: { ':minute': minute, ':null': 'NULL' },
    },
  });
}
