import { authFromClaims, parseGroups } from '@clubs/functions/http/auth';
import { describe, expect, it } from 'vitest';

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
    expect(authFromClaims({ email: 'x@y.z' })).toBeNull();
  });

  it('does not take a group named like super_admin for the group', () => {
    expect(authFromClaims({ sub: 'u', 'cognito:groups': '[super_admins]' })?.isSuperAdmin).toBe(false);
  });
});
