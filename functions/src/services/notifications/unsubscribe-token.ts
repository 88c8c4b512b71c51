/**
 * The signed token of an e-mail's unsubscribe link: who it was sent to (their id and a hash of
 * the address it went to), which club's e-mail it stops (or all), and until when it works, signed
 * with HMAC-SHA256 under the link-signing secret. It needs no sign-in, so it is refused when the
 * signature does not match, when it has expired, and when the person's address is no longer the
 * one it was sent to.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { badRequest } from '../../errors.ts';
import { secretValue } from '../../secret-value.ts';

/** How long an unsubscribe link works after its e-mail was sent. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

export interface UnsubscribeClaims {
  userId: string;
  /** The club whose e-mail stops, or null for every club's. */
  clubId: string | null;
  /** The address the e-mail went to. */
  email: string;
}

const payloadSchema = z.object({
  u: z.string().min(1),
  c: z.string().min(1).nullable(),
  a: z.string().min(1),
  x: z.number().int(),
});

const signingSecret = () =>
  secretValue(
    process.env.LINK_SIGNING_SECRET,
    process.env.LINK_SIGNING_SECRET_ARN,
    'the link-signing secret',
  );

const addressHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export async function signUnsubscribeToken(claims: UnsubscribeClaims, now = new Date()): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 3600;
  const payload = Buffer.from(
    JSON.stringify({ u: claims.userId, c: claims.clubId, a: addressHash(claims.email), x: expires }),
  ).toString('base64url');
  return `${payload}.${signatureOf(await signingSecret(), payload)}`;
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';
export const EXPIRED_UNSUBSCRIBE_LINK =
  'This unsubscribe link has expired. Change your e-mail settings in Account Settings.';
export const OTHER_ADDRESS_UNSUBSCRIBE_LINK =
  'This unsubscribe link was sent to an address that is no longer on the account.';

/** The token's person and club if its signature holds and it has not expired (else 400). */
export async function verifyUnsubscribeToken(
  token: string,
  now = new Date(),
): Promise<{ userId: string; clubId: string | null; addressHash: string }> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  const expected = Buffer.from(signatureOf(await signingSecret(), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  }
  let claims: z.infer<typeof payloadSchema>;
  try {
    claims = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  }
  if (claims.x * 1000 <= now.getTime()) throw badRequest(EXPIRED_UNSUBSCRIBE_LINK);
  return { userId: claims.u, clubId: claims.c, addressHash: claims.a };
}

/** Whether a token's address hash is this address's. */
export const sentTo = (hash: string, email: string): boolean => addressHash(email) === hash;
