/**
 * A club's API keys against DynamoDB Local: the owner makes one (its secret answered once and
 * stored only as a hash), lists and revokes it; the limit per club; nobody else sees them. A
 * call with a key: its club and scopes, refused at once once revoked, its last use stored to the
 * minute, its rate window, and what it costs the table.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { getItem } from '@clubs/functions/data/get-item';
import { rateWindowKey } from '@clubs/functions/data/rate-windows';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { authenticateApiKey } from '@clubs/functions/services/api-key-auth';
import { hashOfSecret } from '@clubs/functions/services/api-keys';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import {
  API_KEY_CALLS_PER_MINUTE,
  type ApiKeyList,
  type CreatedApiKey,
  MAX_API_KEYS_PER_CLUB,
  type RouteId,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(clubAdmin, httpEvent(id, { ...options, claims: memberClaims(userId) }));

async function ownedClub() {
  const ownerId = ulid();
  const club = await addClub({ ownerId });
  return { clubId: club.id, ownerId };
}

const create = (ownerId: string, clubId: string, name = 'CRM sync', scopes = ['members:read']) =>
  call<CreatedApiKey>('createApiKey', ownerId, { params: { clubId }, body: { name, scopes } });

const list = (userId: string, clubId: string) =>
  call<ApiKeyList>('listApiKeys', userId, { params: { clubId } });

describe('API keys', () => {
  it('are made with a secret shown once, listed without it, stored only as its hash, and revoked', async () => {
    const { clubId, ownerId } = await ownedClub();
    const made = await create(ownerId, clubId, 'CRM sync', ['members:read', 'posts:write']);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { key, secret } = made.body;
    expect(secret).toMatch(/^clubs_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'CRM sync',
      scopes: ['members:read', 'posts:write'],
      lastUsedAt: null,
    });
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(16);

    const listed = await list(ownerId, clubId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [key], max: MAX_API_KEYS_PER_CLUB });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    // The table holds the hash, never the secret.
    const stored = await getItem(keys.apiKey(clubId, key.id));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(key.prefix.length));
    expect(stored?.secretHash).toBe(hashOfSecret(secret));
    expect(await getItem(keys.apiKeyByHash(hashOfSecret(secret)))).toMatchObject({ clubId, keyId: key.id });

    const revoked = await call('revokeApiKey', ownerId, { params: { clubId, keyId: key.id } });
    expect(revoked.status).toBe(200);
    expect((await list(ownerId, clubId)).body.items).toEqual([]);
    expect(await getItem(keys.apiKeyByHash(hashOfSecret(secret)))).toBeNull();
    const again = await call('revokeApiKey', ownerId, { params: { clubId, keyId: key.id } });
    expect(again.status).toBe(404);
  });

  it('are listed newest first', async () => {
    const { clubId, ownerId } = await ownedClub();
    const first = (await create(ownerId, clubId, 'First')).body.key;
    const second = (await create(ownerId, clubId, 'Second')).body.key;
    expect((await list(ownerId, clubId)).body.items.map((k) => k.id)).toEqual([second.id, first.id]);
  });

  it('are limited per club, counted together, and a revoked key frees its place', async () => {
    const { clubId, ownerId } = await ownedClub();
    const made = await Promise.all(
      Array.from({ length: MAX_API_KEYS_PER_CLUB + 2 }, (_, i) => create(ownerId, clubId, `Key ${i}`)),
    );
    const statuses = made.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_API_KEYS_PER_CLUB);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect((await list(ownerId, clubId)).body.items).toHaveLength(MAX_API_KEYS_PER_CLUB);

    const one = made.find((res) => res.status === 201)?.body.key.id ?? '';
    expect((await call('revokeApiKey', ownerId, { params: { clubId, keyId: one } })).status).toBe(200);
    expect((await create(ownerId, clubId, 'After')).status).toBe(201);
  });

  it('refuse a name or scopes that are not valid', async () => {
    const { clubId, ownerId } = await ownedClub();
    expect((await create(ownerId, clubId, '  ')).status).toBe(400);
    expect((await create(ownerId, clubId, 'x', [])).status).toBe(400);
    expect((await create(ownerId, clubId, 'x', ['members:write'])).status).toBe(400);
    expect((await create(ownerId, clubId, 'x', ['members:read', 'members:read'])).status).toBe(400);
  });

  it("are the owner's alone: a member and another club's owner learn nothing", async () => {
    const { clubId, ownerId } = await ownedClub();
    const key = (await create(ownerId, clubId)).body.key;
    const member = await addMember(clubId, { userId: await addPerson('Mo Member') });
    const other = await ownedClub();
    for (const userId of [member, other.ownerId]) {
      expect((await list(userId, clubId)).status).toBe(404);
      expect((await create(userId, clubId)).status).toBe(404);
      expect((await call('revokeApiKey', userId, { params: { clubId, keyId: key.id } })).status).toBe(404);
    }
    // Another club's owner cannot revoke this club's key through their own club either.
    const across = await call('revokeApiKey', other.ownerId, {
      params: { clubId: other.clubId, keyId: key.id },
    });
    expect(across.status).toBe(404);
    expect((await list(ownerId, clubId)).body.items).toHaveLength(1);
  });
});

describe('a call with an API key', () => {
  const bearer = (secret: string) => `Bearer ${secret}`;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (error: { code?: string; retryAfterSeconds?: number }) => error.code ?? 'thrown',
    );

  it('acts as its club with its scopes, and is refused at once once revoked', async () => {
    const { clubId, ownerId } = await ownedClub();
    const { key, secret } = (await create(ownerId, clubId, 'CRM', ['members:read', 'events:read'])).body;
    expect(await authenticateApiKey(bearer(secret), 'members:read')).toEqual({
      clubId,
      keyId: key.id,
      scopes: ['members:read', 'events:read'],
    });
    expect(await refusal(authenticateApiKey(bearer(secret), 'posts:write'))).toBe('forbidden');
    for (const header of [
      undefined,
      '',
      secret,
      `Basic ${secret}`,
      bearer(`${secret}x`),
      bearer(`clubs_${'A'.repeat(43)}`),
    ]) {
      expect(await refusal(authenticateApiKey(header, 'members:read')), String(header)).toBe('unauthorized');
    }
    expect((await call('revokeApiKey', ownerId, { params: { clubId, keyId: key.id } })).status).toBe(200);
    expect(await refusal(authenticateApiKey(bearer(secret), 'members:read'))).toBe('unauthorized');
  });

  it('stores its last use to the minute, written by the first call of a minute only', async () => {
    const { clubId, ownerId } = await ownedClub();
    const { key, secret } = (await create(ownerId, clubId)).body;
    const meter = meterRequests(db());
    try {
      const now = new Date('2026-11-28T10:15:42.123Z');
      await authenticateApiKey(bearer(secret), 'members:read', now);
      // The secret's item, the window's count, and the last use (the minute's first call).
      expect(meter.commands).toEqual(['GetItemCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
      expect((await list(ownerId, clubId)).body.items[0]?.lastUsedAt).toBe('2026-11-28T10:15:00.000Z');
      meter.reset();
      await authenticateApiKey(bearer(secret), 'members:read', new Date('2026-11-28T10:15:59.000Z'));
      expect(meter.commands).toEqual(['GetItemCommand', 'UpdateItemCommand']);
      await authenticateApiKey(bearer(secret), 'members:read', new Date('2026-11-28T10:16:01.000Z'));
      expect((await list(ownerId, clubId)).body.items[0]?.lastUsedAt).toBe('2026-11-28T10:16:00.000Z');
    } finally {
      meter.stop();
    }
    expect(key.lastUsedAt).toBeNull();
  });

  it('is limited per key and minute, answered with when to try again', async () => {
    const { clubId, ownerId } = await ownedClub();
    const { key, secret } = (await create(ownerId, clubId)).body;
    const other = (await create(ownerId, clubId, 'Other')).body.secret;
    const now = new Date('2026-11-28T11:00:50.000Z');
    const rate = { scope: 'api-key', subject: key.id, limit: API_KEY_CALLS_PER_MINUTE, windowSeconds: 60 };
    // The window as the limit's last call left it.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...rateWindowKey(rate, now), type: 'rate_window', count: API_KEY_CALLS_PER_MINUTE - 1 },
      }),
    );
    await authenticateApiKey(bearer(secret), 'members:read', now);
    const refused = await authenticateApiKey(bearer(secret), 'members:read', now).catch((error) => error);
    expect(refused).toMatchObject({ code: 'too_many_requests', retryAfterSeconds: 10 });
    // Another key of the club, and the next minute, are not limited by it.
    await authenticateApiKey(bearer(other), 'members:read', now);
    await authenticateApiKey(bearer(secret), 'members:read', new Date('2026-11-28T11:01:00.000Z'));
  });
});
