/**
 * A call made with a club's API key (`Authorization: Bearer clubs_...`): the secret's hash finds
 * its key with one GetItem (read strongly consistently, so a revoked key is refused at once), the
 * route's scope is checked, and the call is counted in the key's per-minute window with one
 * UpdateItem (refused with 429 and Retry-After once the window is full). The first call of each
 * minute also stores the key's last use, to the minute, so a key costs at most one more write a
 * minute. A key acts as its club, never as a person.
 */
import { API_KEY_CALLS_PER_MINUTE, API_KEY_PREFIX, type ApiKeyScope } from '@clubs/shared';
import { type RateWindow, secondsLeftIn, windowOf } from '../data/rate-windows.ts';
import {
  countKeyCall,
  findApiKeyByHash,
  type KeyHolder,
  touchApiKey,
} from '../data/repositories/api-keys.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { hashOfSecret } from './api-keys.ts';

const BEARER = /^Bearer\s+(\S+)$/i;
/** The prefix, then 32 bytes in base64url; anything else is refused before the table is read. */
const SECRET_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

const REFUSED = 'A valid API key is required: Authorization: Bearer clubs_...';

/** The secret of an Authorization header, or null when it carries none of the right shape. */
export function secretOf(authorization: string | undefined): string | null {
  const secret = BEARER.exec(authorization?.trim() ?? '')?.[1];
  return secret && SECRET_SHAPE.test(secret) ? secret : null;
}

const rateOf = (keyId: string): RateWindow => ({
  scope: 'api-key',
  subject: keyId,
  limit: API_KEY_CALLS_PER_MINUTE,
  windowSeconds: 60,
});

/**
 * The key of the header, allowed `scope`: 401 without a key the table holds (none, malformed,
 * unknown or revoked), 403 when the key lacks the scope. Nothing is counted yet: the call is
 * metered (meterApiKeyCall) once its input has been read, so a malformed call costs no write.
 */
export async function identifyApiKey(
  authorization: string | undefined,
  scope: ApiKeyScope,
): Promise<KeyHolder> {
  const secret = secretOf(authorization);
  if (!secret) throw unauthorized(REFUSED);
  const key = await findApiKeyByHash(hashOfSecret(secret));
  if (!key) throw unauthorized(REFUSED);
  if (!key.scopes.includes(scope)) throw forbidden(`This API key lacks the ${scope} scope`);
  return key;
}

/** Counts a call of the key in its minute: 429 with Retry-After once the minute is used up. */
export async function meterApiKeyCall(key: KeyHolder, now = new Date()): Promise<void> {
  const rate = rateOf(key.keyId);
  const counted = await countKeyCall(rate, now);
  if (counted === null) {
    const retryAfter = secondsLeftIn(windowOf(now, rate.windowSeconds), now);
    throw new AppError(
      'too_many_requests',
      `An API key may make ${API_KEY_CALLS_PER_MINUTE} calls a minute`,
      undefined,
      retryAfter,
    );
  }
  if (counted === 1) await touchApiKey(key.clubId, key.keyId, windowOf(now, 60).start);
}

/** The key of the header, allowed `scope`, counted in its minute (identifyApiKey, then meterApiKeyCall). */
export async function authenticateApiKey(
  authorization: string | undefined,
  scope: ApiKeyScope,
  now = new Date(),
): Promise<KeyHolder> {
  const key = await identifyApiKey(authorization, scope);
  await meterApiKeyCall(key, now);
  return key;
}
