import { getProfile } from '@clubs/functions/data/repositories/profiles';
import { handler } from '@clubs/functions/routes/profiles';
import type { Me } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';

describe('GET /api/me', () => {
  it("creates the caller's profile from the token on the first call, then keeps it", async () => {
    const sub = ulid();
    const claims = memberClaims(sub, { name: 'Max Member', email: 'Max@Clubs.local' });
    const first = await invoke<Me>(handler, httpEvent('getMe', { claims }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: sub,
      email: 'max@clubs.local',
      fullName: 'Max Member',
      name: 'Max Member',
      isSuperAdmin: false,
    });
    // A later token with another name does not overwrite what the person has saved.
    const again = await invoke<Me>(handler, httpEvent('getMe', { claims: { ...claims, name: 'Other' } }));
    expect(again.body.fullName).toBe('Max Member');
    expect(again.body.createdAt).toBe(first.body.createdAt);
  });

  it('creates exactly one profile when first calls race (conditional write)', async () => {
    const sub = ulid();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        invoke<Me>(handler, httpEvent('getMe', { claims: memberClaims(sub, { name: `Racer ${i}` }) })),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const stored = await getProfile(sub);
    expect(new Set(results.map((r) => r.body.fullName))).toEqual(new Set([stored?.fullName]));
  });

  it('reports super admins from the token groups', async () => {
    const res = await invoke<Me>(
      handler,
      httpEvent('getMe', { claims: memberClaims(ulid(), { 'cognito:groups': '[super_admin]' }) }),
    );
    expect(res.body.isSuperAdmin).toBe(true);
  });

  it('answers 401 without claims and stores nothing', async () => {
    const res = await invoke<{ error: { code: string } }>(handler, httpEvent('getMe'));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});
