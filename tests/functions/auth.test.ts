import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { authFromClaims, parseGroups } from '@clubs/functions/http/auth';
import { handler as profiles } from '@clubs/functions/routes/profiles';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';

const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => ddb.reset());

describe('auth context from JWT claims', () => {
  it('reads groups as API Gateway flattens them and as arrays', () => {
    expect(parseGroups('[super_admin admins]')).toEqual(['super_admin', 'admins']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(['super_admin'])).toEqual(['super_admin']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it('builds the caller from sub, email, name and groups', () => {
    expect(
      authFromClaims({
        sub: 'u1',
        token_use: 'id',
        email: 'Ada@Clubs.Local',
        name: 'Ada Admin',
        'cognito:groups': '[super_admin]',
      }),
    ).toEqual({
      userId: 'u1',
      email: 'ada@clubs.local',
      name: 'Ada Admin',
      groups: ['super_admin'],
      isSuperAdmin: true,
    });
  });

  it('has no caller without a subject', () => {
    expect(authFromClaims(undefined)).toBeNull();
    expect(authFromClaims({ email: 'x@y.z', token_use: 'id' })).toBeNull();
  });

  it('does not take a group named like super_admin for the group', () => {
    expect(
      authFromClaims({ sub: 'u', token_use: 'id', 'cognito:groups': '[super_admins]' })?.isSuperAdmin,
    ).toBe(false);
  });

  it('accepts only ID tokens: an access token or a token without token_use is no caller', () => {
    expect(authFromClaims({ sub: 'u', token_use: 'id' })?.userId).toBe('u');
    expect(
      authFromClaims({
        sub: 'u',
        token_use: 'access',
        client_id: 'app',
        scope: 'aws.cognito.signin.user.admin',
      }),
    ).toBeNull();
    expect(authFromClaims({ sub: 'u' })).toBeNull();
  });

  it('answers 401 on a signed-in route to a Cognito access token that the JWT authorizer let through', async () => {
    const res = await invoke<{ error: { code: string } }>(
      profiles,
      httpEvent('getMe', { claims: memberClaims('access-user', { token_use: 'access' }) }),
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(ddb.calls()).toHaveLength(0);
  });
});
