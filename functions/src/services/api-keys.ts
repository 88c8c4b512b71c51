/**
 * The club owner's API keys: making one (its secret answered once, only its hash kept), listing
 * and revoking them. The access check has already allowed only the club's owner.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKey,
  type ApiKeyList,
  type Club,
  type CreateApiKeyInput,
  type CreatedApiKey,
  MAX_API_KEYS_PER_CLUB,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { deleteApiKey, listApiKeys, putApiKey } from '../data/repositories/api-keys.ts';
import { conflict, notFound } from '../errors.ts';

/**
 * The stored form of a secret. A plain SHA-256 is enough here (no salt, no slow hash): the secret
 * is 32 random bytes, so there is nothing to guess, and an unsalted hash lets a call find its key
 * with one GetItem.
 */
export const hashOfSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new secret: the recognisable prefix, then 32 random bytes in base64url. */
const newSecret = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export async function apiKeysOf(club: Club): Promise<ApiKeyList> {
  return { items: await listApiKeys(club.id), max: MAX_API_KEYS_PER_CLUB };
}

export async function createApiKey(club: Club, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const secret = newSecret();
  const key: ApiKey = {
    id: ulid(),
    name: input.name,
    prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
    scopes: input.scopes,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
  };
  const stored = await putApiKey(club.id, key, hashOfSecret(secret), MAX_API_KEYS_PER_CLUB);
  if (!stored) throw conflict(`A club can hold ${MAX_API_KEYS_PER_CLUB} API keys: revoke one first`);
  return { key, secret };
}

export async function revokeApiKey(club: Club, keyId: string): Promise<{ revoked: true }> {
  if (!(await deleteApiKey(club.id, keyId))) throw notFound('API key not found');
  return { revoked: true };
}
