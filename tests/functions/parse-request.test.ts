import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '@clubs/functions/routes/clubs';
import { handler as profiles } from '@clubs/functions/routes/profiles';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';

const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => ddb.reset());

describe('request parsing and errors', () => {
  it('refuses unknown query fields, wrong types and over-long values before touching the table', async () => {
    const queries: Record<string, string>[] = [{ foo: '1' }, { limit: 'ten' }, { cursor: 'x'.repeat(2000) }];
    for (const query of queries) {
      const res = await invoke<{ error: { code: string; message: string; details: unknown[] } }>(
        handler,
        httpEvent('listClubs', { query }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    expect(ddb.calls()).toHaveLength(0);
  });

  it('lists each validation issue with its location', async () => {
    const res = await invoke<{ error: { details: { path: string }[] } }>(
      handler,
      httpEvent('listClubs', { query: { limit: '0', extra: 'x' } }),
    );
    expect(res.body.error.details.map((d) => d.path).sort()).toEqual(['query', 'query.limit'].sort());
  });

  it('refuses a body on a route that takes none, and malformed JSON, with 4xx JSON', async () => {
    const withBody = await invoke(handler, httpEvent('listClubs', { body: { a: 1 } }));
    expect(withBody.status).toBe(400);
    const malformed = await invoke<{ error: { code: string } }>(
      handler,
      httpEvent('listClubs', { rawBody: '{"a":', headers: { 'content-type': 'application/json' } }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');
    const notJson = await invoke<{ error: { code: string } }>(
      handler,
      httpEvent('listClubs', {
        rawBody: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(notJson.status).toBe(415);
  });

  it('hides internal failures behind a generic 500', async () => {
    ddb.on(GetCommand).rejects(new Error('connect ECONNREFUSED 10.0.0.1:8000 secret-table'));
    const res = await invoke<{ error: { code: string; message: string } }>(
      handler,
      httpEvent('getClub', { params: { clubId: 'abc' } }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { code: 'internal', message: 'Something went wrong. Please try again.' },
    });
    expect(JSON.stringify(res)).not.toMatch(/ECONNREFUSED|secret|stack/);
  });

  it('answers JSON with no-store and nosniff headers', async () => {
    ddb.on(GetCommand).resolves({});
    const res = await invoke(handler, httpEvent('getClub', { params: { clubId: 'abc' } }));
    expect(res.status).toBe(404);
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  it('requires claims on user routes even if the gateway let a request through', async () => {
    const res = await invoke(profiles, httpEvent('getMe'));
    expect(res.status).toBe(401);
    expect(ddb.calls()).toHaveLength(0);
    // The same request with claims is answered: the stored profile comes back.
    const profile = {
      id: 'u1',
      email: 'u1@example.com',
      fullName: 'Test Person',
      bio: '',
      location: '',
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    ddb.on(GetCommand).resolves({ Item: { pk: 'USER#u1', sk: 'PROFILE', type: 'profile', ...profile } });
    const ok = await invoke<{ id: string; email: string }>(
      profiles,
      httpEvent('getMe', { claims: memberClaims('u1') }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: 'u1', email: 'u1@example.com' });
  });

  it('answers 404 for a route key the group does not serve', async () => {
    const event = { ...httpEvent('listClubs'), routeKey: 'GET /api/secret' };
    const res = await invoke<{ error: { code: string } }>(handler, event);
    expect(res.status).toBe(404);
  });
});
