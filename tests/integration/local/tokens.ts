/**
 * A signing key of our own and Cognito-shaped ID tokens signed with it, so the local gateway's
 * verification is tested with real RS256 signatures (and real forgeries).
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

export const TEST_POOL_ID = 'us-east-1_TestPool1';
export const TEST_CLIENT_ID = 'testclient000000000000001';
export const ISSUER = `https://cognito-idp.us-east-1.amazonaws.com/${TEST_POOL_ID}`;

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

export function createSigningKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signIdToken(key: SigningKey, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = b64({ alg: 'RS256', kid: key.kid, typ: 'JWT' });
  const payload = b64({
    sub: 'user-1',
    email: 'max@clubs.local',
    name: 'Max Member',
    'cognito:groups': ['super_admin'],
    iss: ISSUER,
    aud: TEST_CLIENT_ID,
    token_use: 'id',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    ...claims,
  });
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key.privateKey, 'base64url');
  return `${header}.${payload}.${signature}`;
}

/** A token with `cognito:groups` rewritten in its payload; the signature is the original's. */
export function withForgedGroups(token: string, groups: string[] = ['super_admin']): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': groups })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}
