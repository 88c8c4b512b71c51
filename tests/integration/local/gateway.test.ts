import { CONTACT_RATE_LIMIT } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway.ts';
import { signIdToken } from './tokens.ts';

const { key, otherKey, gateway } = useTestGateway();

const get = (path: string, token?: string) =>
  fetch(`${gateway().url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('local API gateway', () => {
  it('serves public routes from the manifest through the real handlers', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('passes verified claims to user routes, as API Gateway does', async () => {
    const res = await get('/api/me', signIdToken(key, { sub: 'gateway-user' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 'gateway-user',
      fullName: 'Max Member',
      isSuperAdmin: true,
    });
  });

  it('answers 401 with the error JSON for a missing, forged, expired or foreign token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const bad = [
      undefined,
      'not-a-jwt',
      signIdToken(otherKey),
      signIdToken(key, { exp: past + 3600, iat: past }),
      signIdToken(key, { aud: 'another-client' }),
      signIdToken(key, { iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }),
      signIdToken(key, { token_use: 'access' }),
    ];
    for (const token of bad) {
      const res = await get('/api/me', token);
      expect(res.status, String(token)).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
  });

  it('answers 404 for unknown paths and 405 for a known path with another method', async () => {
    expect((await get('/api/nowhere')).status).toBe(404);
    const res = await fetch(`${gateway().url}/api/clubs`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('hands path and query parameters to the handler, which validates them', async () => {
    const res = await get('/api/clubs?limit=0');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await get('/api/clubs/01JZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
  });

  it('passes the socket address as the viewer address, whatever X-Forwarded-For or CloudFront-Viewer-Address the caller sends', async () => {
    const sendContact = (i: number) =>
      fetch(`${gateway().url}/api/contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i}`,
          'cloudfront-viewer-address': `198.51.100.${i}:443`,
        },
        body: JSON.stringify({
          name: 'Gateway Sender',
          email: `gateway-${i}@example.com`,
          subject: `Message ${i}`,
          message: 'Hello.',
        }),
      });
    for (let i = 1; i <= CONTACT_RATE_LIMIT.perSource; i += 1)
      expect((await sendContact(i)).status).toBe(201);
    const refused = await sendContact(99);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'too_many_requests' } });
  });
});
