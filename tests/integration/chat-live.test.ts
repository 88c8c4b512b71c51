/**
 * Chat live, against DynamoDB Local: a message sent, a conversation read and a message deleted
 * are change events (each stored as an outbox item with the write it announces, which the table's
 * stream puts on the bus), and the live fan-out posts each to the open connections of the
 * conversation's two people only (every tab of theirs, whatever club it follows), never to anyone
 * else's. The WebSocket management API is a double that records what it is given.
 */
import { putConnection } from '@clubs/functions/data/repositories/live-connections';
import { handler } from '@clubs/functions/routes/chat';
import { fanOutChange } from '@clubs/functions/services/live/fan-out';
import type { AnyChangeEvent, LiveServerMessage, RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxOf } from '../support/change-stream.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { postedTo, sockets } from '../support/live-sockets.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';

vi.mock('@clubs/functions/services/live/post-to-connection', async (importOriginal) =>
  (await import('../support/live-sockets.ts')).recordingPostToConnection(importOriginal),
);

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

beforeEach(() => {
  sockets.posted.length = 0;
});

const seen = new Set<string>();
/** The chat changes the club's writes stored since the last look, oldest first. */
async function changes(clubId: string): Promise<AnyChangeEvent[]> {
  const fresh = (await outboxOf(clubId)).filter(
    (change) => change.type.startsWith('chat.') && !seen.has(change.id),
  );
  for (const change of fresh) seen.add(change.id);
  return fresh;
}

async function connected(userId: string, count = 1): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `conn-${ulid()}`);
  await Promise.all(ids.map((connectionId) => putConnection({ connectionId, userId, isSuperAdmin: false })));
  return ids;
}

describe('chat live', () => {
  it("tells the two people's open connections of a message and of a read, and nobody else's", async () => {
    const club = await addClub();
    const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
    const ben = await addMember(club.id, { userId: await addPerson('Ben Brown') });
    const sam = await addMember(club.id, { userId: await addPerson('Sam Same-Club') });
    const started = await call<{ id: string }>('startConversation', ann, {
      body: { userId: ben, clubId: club.id },
    });
    expect(started.status).toBe(201);
    const conversationId = started.body.id;
    const [annTab] = await connected(ann);
    const benTabs = await connected(ben, 2);
    const samTabs = await connected(sam);

    const sent = await call<{ id: string }>('sendMessage', ann, {
      params: { conversationId },
      body: { text: 'Hello Ben' },
    });
    expect(sent.status).toBe(201);
    const sentChanges = await changes(club.id);
    expect(sentChanges).toHaveLength(1);
    const [messageSent] = sentChanges;
    expect(messageSent).toMatchObject({
      type: 'chat.message-sent',
      clubId: club.id,
      actorId: ann,
      conversationId,
      messageId: sent.body.id,
      userIds: [ann, ben],
    });
    // Ids only, never the text.
    expect(JSON.stringify(messageSent)).not.toContain('Hello Ben');

    const report = await fanOutChange(messageSent as AnyChangeEvent);
    expect(report).toEqual({ sent: 3, gone: 0, skipped: 0 });
    const told: LiveServerMessage = {
      type: 'chat.message',
      conversationId,
      messageId: sent.body.id,
      senderId: ann,
    };
    expect(postedTo([annTab as string])).toEqual([told]);
    expect(postedTo(benTabs)).toEqual([told, told]);
    expect(postedTo(samTabs)).toEqual([]);

    sockets.posted.length = 0;
    const read = await call<{ unread: boolean }>('markConversationRead', ben, {
      params: { conversationId },
      body: { messageId: sent.body.id },
    });
    expect(read.body).toEqual({ unread: false });
    const [readChange] = await changes(club.id);
    expect(readChange).toMatchObject({
      type: 'chat.read',
      actorId: ben,
      conversationId,
      messageId: sent.body.id,
    });
    await fanOutChange(readChange as AnyChangeEvent);
    expect(postedTo([annTab as string])).toEqual([
      { type: 'chat.read', conversationId, messageId: sent.body.id, readerId: ben },
    ]);
    expect(postedTo(samTabs)).toEqual([]);

    // Ann deletes her message: both people's open pages hear of it, the third person nothing.
    sockets.posted.length = 0;
    const deleted = await call('deleteMessage', ann, { params: { conversationId, messageId: sent.body.id } });
    expect(deleted.status).toBe(200);
    const [deletedChange] = await changes(club.id);
    expect(deletedChange).toMatchObject({
      type: 'chat.message-deleted',
      actorId: ann,
      conversationId,
      messageId: sent.body.id,
      userIds: [ann, ben],
    });
    await fanOutChange(deletedChange as AnyChangeEvent);
    const gone: LiveServerMessage = { type: 'chat.deleted', conversationId, messageId: sent.body.id };
    expect(postedTo(benTabs)).toEqual([gone, gone]);
    expect(postedTo([annTab as string])).toEqual([gone]);
    expect(postedTo(samTabs)).toEqual([]);
  });

  it('puts no read change when a later message leaves the conversation unread', async () => {
    const club = await addClub();
    const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
    const ben = await addMember(club.id, { userId: await addPerson('Ben Brown') });
    const started = await call<{ id: string }>('startConversation', ann, {
      body: { userId: ben, clubId: club.id },
    });
    const conversationId = started.body.id;
    const first = await call<{ id: string }>('sendMessage', ann, {
      params: { conversationId },
      body: { text: 'One' },
    });
    await call('sendMessage', ann, { params: { conversationId }, body: { text: 'Two' } });
    expect(await changes(club.id)).toHaveLength(2);
    const read = await call<{ unread: boolean }>('markConversationRead', ben, {
      params: { conversationId },
      body: { messageId: first.body.id },
    });
    expect(read.body).toEqual({ unread: true });
    expect(await changes(club.id)).toEqual([]);
  });
});
