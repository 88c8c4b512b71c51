/**
 * Super-admin routes through the gateway with real RS256 ID tokens: the token is verified and its
 * super_admin group required before the handler runs (as API Gateway's group authorizer does),
 * and the handler checks the group again. A member's token whose
 * payload was edited to claim the group (its signature no longer matches), or one signed by
 * another key, is refused before any handler runs; a genuine member's token gets 403.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway.ts';
import { signIdToken, withForgedGroups } from './tokens.ts';

const { key, otherKey, gateway } = useTestGateway();

const listClubs = (token: string) =>
  fetch(`${gateway().url}/api/admin/clubs`, { headers: { authorization: `Bearer ${token}` } });

describe('super-admin routes behind the gateway', () => {
  const member = () => signIdToken(key, { sub: 'member-1', 'cognito:groups': [] });

  it('answers a member 403 with the error JSON', async () => {
    const res = await listClubs(member());
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('refuses a forged cognito:groups claim with 401, whether edited in or signed by another key', async () => {
    for (const token of [withForgedGroups(member()), signIdToken(otherKey, { sub: 'member-1' })]) {
      const res = await listClubs(token);
      expect(res.status).toBe(401);
    }
  });

  it('lets a member of the super_admin group in', async () => {
    const res = await listClubs(signIdToken(key, { sub: 'admin-1', 'cognito:groups': ['super_admin'] }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ items: expect.any(Array) });
  });
});
