/**
 * The API's group gate in front of super-admin routes, with real RS256 ID tokens verified by
 * aws-jwt-verify: only a genuine token naming the group passes, and what passes is the claims in
 * the shape the route's function reads (http/auth.ts), so the function can check the group again.
 */
import { authFromEvent } from '@clubs/functions/http/auth';
import { checkGroup } from '@clubs/functions/http/group-gate';
import { createIdTokenVerifier } from '@clubs/functions/http/token-verifier';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  createSigningKey,
  signIdToken,
  TEST_CLIENT_ID,
  TEST_POOL_ID,
  withForgedGroups,
} from '../integration/local/tokens.ts';

const key = createSigningKey('gate-key');
const otherKey = createSigningKey('gate-key');
const { verify } = createIdTokenVerifier({
  userPoolId: TEST_POOL_ID,
  clientId: TEST_CLIENT_ID,
  jwks: { keys: [key.jwk] },
});
const gate = (authorization: string | undefined) => checkGroup(authorization, 'super_admin', verify);

const admin = () =>
  signIdToken(key, { sub: 'admin-1', name: 'Ada Admin', 'cognito:groups': ['super_admin'] });
const member = () => signIdToken(key, { sub: 'member-1', 'cognito:groups': ['readers'] });

describe('the group gate', () => {
  it('lets a member of the group through, with the claims as API Gateway passes them', async () => {
    const verdict = await gate(`Bearer ${admin()}`);
    expect(verdict).toMatchObject({
      allowed: true,
      claims: { sub: 'admin-1', name: 'Ada Admin', token_use: 'id', 'cognito:groups': '[super_admin]' },
    });
    if (!verdict.allowed) return;
    // The route's function reads its caller from the authorizer's context and sees the group.
    const event = {
      requestContext: { authorizer: { lambda: verdict.claims } },
    } as unknown as APIGatewayProxyEventV2;
    expect(authFromEvent(event)).toMatchObject({ userId: 'admin-1', isSuperAdmin: true });
  });

  it('refuses a genuine token of someone outside the group', async () => {
    expect(await gate(`Bearer ${member()}`)).toEqual({ allowed: false, reason: 'not_in_group' });
  });

  it('refuses a groups claim edited into the token, and a token signed by another key', async () => {
    expect(await gate(`Bearer ${withForgedGroups(member())}`)).toEqual({
      allowed: false,
      reason: 'invalid_token',
    });
    expect(await gate(`Bearer ${signIdToken(otherKey, { sub: 'x' })}`)).toEqual({
      allowed: false,
      reason: 'invalid_token',
    });
  });

  it('refuses an expired token, one for another app client, and no token at all', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    expect(await gate(signIdToken(key, { iat: past, exp: past + 3600 }))).toEqual({
      allowed: false,
      reason: 'invalid_token',
    });
    expect(await gate(signIdToken(key, { aud: 'another-client' }))).toEqual({
      allowed: false,
      reason: 'invalid_token',
    });
    expect(await gate(undefined)).toEqual({ allowed: false, reason: 'no_token' });
    expect(await gate('Bearer not-a-jwt')).toEqual({ allowed: false, reason: 'no_token' });
  });
});
