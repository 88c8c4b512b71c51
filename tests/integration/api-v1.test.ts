/**
 * The public API (/api/v1) against DynamoDB Local, called with a club's API key as a script of
 * the owner's would: the key lists its own club's members by cursor, another club's answer 404,
 * a key without the scope 403, a revoked key 401 on the very next call, a person's token (no
 * key) 401, all with the error JSON; and what a call costs the table.
 */
import { db } from '@clubs/functions/data/client';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as members } from '@clubs/functions/routes/members';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import type { CreatedApiKey, MemberPage } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

async function clubWithKey(scopes: string[] = ['members:read']) {
  const ownerId = ulid();
  const club = await addClub({ ownerId });
  const made = await invoke<CreatedApiKey>(
    clubAdmin,
    httpEvent('createApiKey', {
      params: { clubId: club.id },
      body: { name: 'Script', scopes },
      claims: memberClaims(ownerId),
    }),
  );
  expect(made.status).toBe(201);
  return { clubId: club.id, ownerId, key: made.body.key, secret: made.body.secret };
}

const listMembers = (clubId: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
  invoke<MemberPage & ErrorBody>(
    members,
    httpEvent('listClubMembersWithKey', { params: { clubId }, query, headers }),
  );

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('the public API with a club API key', () => {
  it("lists its club's members by cursor, and nothing of another club", async () => {
    const { clubId, secret } = await clubWithKey();
    const ada = await addMember(clubId, { userId: await addPerson('Ada Lovelace') });
    await addMember(clubId, { userId: await addPerson('Ben Brown') });

    const first = await listMembers(clubId, bearer(secret), { limit: '2' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await listMembers(clubId, bearer(secret), {
      limit: '2',
      cursor: String(first.body.nextCursor),
    });
    expect(rest.status).toBe(200);
    const everyone = [...first.body.items, ...rest.body.items].map((member) => member.userId);
    expect(everyone).toContain(ada);
    expect(everyone).toHaveLength(3);

    const other = await clubWithKey();
    const across = await listMembers(other.clubId, bearer(secret));
    expect(across.status).toBe(404);
    expect(across.body.error.code).toBe('not_found');
  });

  it('refuses a key without the scope (403), a person without a key and a revoked key (401)', async () => {
    const { clubId, ownerId, key, secret } = await clubWithKey(['events:read']);
    const lacking = await listMembers(clubId, bearer(secret));
    expect(lacking.status).toBe(403);
    expect(lacking.body.error.code).toBe('forbidden');

    const asPerson = await invoke<ErrorBody>(
      members,
      httpEvent('listClubMembersWithKey', { params: { clubId }, claims: memberClaims(ownerId) }),
    );
    expect(asPerson.status).toBe(401);

    const good = await clubWithKey();
    expect((await listMembers(good.clubId, bearer(good.secret))).status).toBe(200);
    const revoked = await invoke(
      clubAdmin,
      httpEvent('revokeApiKey', {
        params: { clubId: good.clubId, keyId: good.key.id },
        claims: memberClaims(good.ownerId),
      }),
    );
    expect(revoked.status).toBe(200);
    const after = await listMembers(good.clubId, bearer(good.secret));
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
    expect(key.id).not.toBe(good.key.id);
  });

  it('costs a fixed number of DynamoDB requests per call', async () => {
    const { clubId, ownerId, secret } = await clubWithKey();
    for (let i = 0; i < 5; i++) await addMember(clubId, { userId: await addPerson(`Person ${i}`) });
    // The owner's own read first, so the members' cards are built before anything is counted.
    await invoke(
      members,
      httpEvent('listClubMembers', { params: { clubId }, claims: memberClaims(ownerId) }),
    );
    const meter = meterRequests(db());
    try {
      await listMembers(clubId, bearer(secret));
      const first = [...meter.commands];
      meter.reset();
      const page = await listMembers(clubId, bearer(secret));
      expect(page.status).toBe(200);
      const next = [...meter.commands];
      console.info(
        `GET /api/v1/clubs/{clubId}/members: first call of a minute ${first.length} requests (${first.join(', ')}), then ${next.length} (${next.join(', ')})`,
      );
      // The key's item, the club, the key's window's count (once the query is read), the members'
      // page and their faces.
      expect(next).toEqual([
        'GetItemCommand',
        'GetItemCommand',
        'UpdateItemCommand',
        'QueryCommand',
        'BatchGetItemCommand',
      ]);
      // The first call of a minute also stores the key's last use (unless the minute turned between).
      expect([next.length + 1, next.length]).toContain(first.length);
    } finally {
      meter.stop();
    }
  });
});
