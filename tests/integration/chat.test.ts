/**
 * Chat against DynamoDB Local, through the chat group's handler: who may start a conversation
 * (two active members of one club in service, never a stranger), sending, the inbox and its
 * unread count (exact under fifty concurrent sends), reading with "seen", deleting one's own
 * message, a conversation answering 404 to anyone not in it, and the requests each read costs.
 */
import { db } from '@clubs/functions/data/client';
import { handler } from '@clubs/functions/routes/chat';
import { conversationIdOf } from '@clubs/functions/services/chat';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ConversationMessages,
  type ConversationPage,
  type RouteId,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

/** A club with two active members (Ann and Ben) and a stranger (Sam) who is in another club. */
async function twoMembers() {
  const club = await addClub();
  const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
  const ben = await addMember(club.id, { userId: await addPerson('Ben Brown') });
  const other = await addClub();
  const sam = await addMember(other.id, { userId: await addPerson('Sam Stranger') });
  return { clubId: club.id, otherClubId: other.id, ann, ben, sam };
}

async function started(from: string, to: string, clubId: string): Promise<string> {
  const res = await call<{ id: string; created: boolean }>('startConversation', from, {
    body: { userId: to, clubId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const send = (userId: string, conversationId: string, text: string) =>
  call<ChatMessage>('sendMessage', userId, { params: { conversationId }, body: { text } });

const inbox = (userId: string, query: Record<string, string> = {}) =>
  call<ConversationPage>('listConversations', userId, { query });

const unread = async (userId: string) =>
  (await call<{ conversations: number }>('getChatUnreadCount', userId)).body.conversations;

const messages = (userId: string, conversationId: string, query: Record<string, string> = {}) =>
  call<ConversationMessages>('listConversationMessages', userId, { params: { conversationId }, query });

describe('chat', () => {
  it('two members of a club talk: the inbox, unread, read and "seen"', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    expect(id).toBe(conversationIdOf(ben, ann));
    // The other person opening it gets the same conversation, not a second one.
    const again = await call<{ id: string; created: boolean }>('startConversation', ben, {
      body: { userId: ann, clubId },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id, created: false });

    const hello = await send(ann, id, 'Hello Ben, see https://example.com <b>hi</b>');
    expect(hello.status).toBe(201);
    expect(hello.body).toMatchObject({ senderId: ann, text: 'Hello Ben, see https://example.com <b>hi</b>' });

    const bens = await inbox(ben);
    expect(bens.body.items).toEqual([
      expect.objectContaining({
        id,
        clubId,
        other: { userId: ann, name: 'Ann Able', avatarUrl: null },
        lastMessagePreview: 'Hello Ben, see https://example.com <b>hi</b>',
        lastSenderId: ann,
        unread: true,
      }),
    ]);
    expect(await unread(ben)).toBe(1);
    expect(await unread(ann)).toBe(0);
    expect((await inbox(ben, { filter: 'unread' })).body.items.map((c) => c.id)).toEqual([id]);

    const opened = await messages(ben, id);
    expect(opened.status).toBe(200);
    expect(opened.body.conversation).toMatchObject({ id, clubId, other: { userId: ann, name: 'Ann Able' } });
    expect(opened.body.items.map((m) => m.text)).toEqual([hello.body.text]);
    expect((await messages(ann, id)).body.conversation.seenUpTo).toBeNull();

    const read = await call<{ unread: boolean }>('markConversationRead', ben, {
      params: { conversationId: id },
      body: { messageId: hello.body.id },
    });
    expect(read.body).toEqual({ unread: false });
    expect(await unread(ben)).toBe(0);
    expect((await inbox(ben, { filter: 'unread' })).body.items).toEqual([]);
    expect((await messages(ann, id)).body.conversation.seenUpTo).toBe(hello.body.id);

    // A reply: Ann's side is unread now, Ben's stays read (his own message), newest first.
    const reply = await send(ben, id, 'Hi Ann!');
    expect(await unread(ann)).toBe(1);
    expect(await unread(ben)).toBe(0);
    expect((await messages(ann, id)).body.items.map((m) => m.text)).toEqual(['Hi Ann!', hello.body.text]);
    // Marking read up to an older message than the last leaves it unread.
    const stale = await call<{ unread: boolean }>('markConversationRead', ann, {
      params: { conversationId: id },
      body: { messageId: hello.body.id },
    });
    expect(stale.body).toEqual({ unread: true });
    expect(await unread(ann)).toBe(1);
    expect(reply.status).toBe(201);
  });

  it('refuses strangers, oneself, and a club one of them is not active in; nobody else reads or writes', async () => {
    const { clubId, otherClubId, ann, ben, sam } = await twoMembers();
    for (const [from, to, club] of [
      [ann, sam, clubId],
      [sam, ann, clubId],
      [ann, sam, otherClubId],
      [ann, ben, otherClubId],
    ] as const) {
      const res = await call('startConversation', from, { body: { userId: to, clubId: club } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const self = await call('startConversation', ann, { body: { userId: ann, clubId } });
    expect(self.status).toBe(400);
    const pending = await addMember(clubId, { userId: await addPerson('Pat Pending'), status: 'pending' });
    expect((await call('startConversation', ann, { body: { userId: pending, clubId } })).status).toBe(404);

    const id = await started(ann, ben, clubId);
    const hello = await send(ann, id, 'Just us');
    // Sam is in neither side: the conversation does not exist for him, and nothing he sends lands.
    expect((await messages(sam, id)).status).toBe(404);
    expect((await send(sam, id, 'Let me in')).status).toBe(404);
    expect(
      (
        await call('markConversationRead', sam, {
          params: { conversationId: id },
          body: { messageId: hello.body.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('deleteMessage', sam, { params: { conversationId: id, messageId: hello.body.id } })).status,
    ).toBe(404);
    expect((await inbox(sam)).body.items).toEqual([]);
    expect((await messages(ben, id)).body.items.map((m) => m.text)).toEqual(['Just us']);
    // Ben cannot delete Ann's message; Ann can, and its text is gone for both.
    expect(
      (await call('deleteMessage', ben, { params: { conversationId: id, messageId: hello.body.id } })).status,
    ).toBe(404);
    const deleted = await call('deleteMessage', ann, {
      params: { conversationId: id, messageId: hello.body.id },
    });
    expect(deleted.body).toEqual({ id: hello.body.id, deleted: true });
    expect((await messages(ben, id)).body.items).toEqual([
      expect.objectContaining({ id: hello.body.id, text: '', deleted: true }),
    ]);
    expect((await inbox(ben)).body.items[0]?.lastMessagePreview).toBe('');
  });

  it('refuses an empty or too long message and a bad cursor, changing nothing', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    expect((await send(ann, id, '   ')).status).toBe(400);
    expect((await send(ann, id, 'x'.repeat(CHAT_LIMITS.messageLength + 1))).status).toBe(400);
    expect((await messages(ann, id, { cursor: 'bm90LWEtY3Vyc29y' })).status).toBe(400);
    expect((await messages(ann, id)).body.items).toEqual([]);
    expect(await unread(ben)).toBe(0);
  });

  it('counts unread conversations exactly while fifty messages arrive at once, and limits senders', async () => {
    const club = await addClub();
    const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
    const senders = await Promise.all(
      Array.from({ length: 50 }, async (_, i) =>
        addMember(club.id, { userId: await addPerson(`Sender ${i}`) }),
      ),
    );
    const ids = await Promise.all(senders.map((sender) => started(sender, ann, club.id)));
    const sent = await Promise.all(senders.map((sender, i) => send(sender, ids[i] as string, `Hello ${i}`)));
    expect(sent.map((res) => res.status)).toEqual(senders.map(() => 201));
    expect(await unread(ann)).toBe(50);
    const first = await inbox(ann, { limit: '20' });
    expect(first.body.items).toHaveLength(20);
    const second = await inbox(ann, { limit: '20', cursor: first.body.nextCursor ?? '' });
    expect(second.body.items).toHaveLength(20);
    expect(new Set([...first.body.items, ...second.body.items].map((c) => c.id)).size).toBe(40);

    // One sender's burst: the per-minute limit lets exactly that many through, at once too.
    const [burster] = senders as [string];
    const burst = await Promise.all(
      Array.from({ length: CHAT_LIMITS.messagesPerMinute + 5 }, (_, i) =>
        send(burster, ids[0] as string, `Burst ${i}`),
      ),
    );
    const through = burst.filter((res) => res.status === 201).length;
    // The sender's first message of the test counted in the same window, unless the minute turned.
    expect(through).toBeGreaterThanOrEqual(CHAT_LIMITS.messagesPerMinute - 1);
    expect(through).toBeLessThanOrEqual(CHAT_LIMITS.messagesPerMinute);
    expect(burst.find((res) => res.status !== 201)?.status).toBe(429);
    expect(await unread(ann)).toBe(50);
  }, 90_000);

  it('opens the inbox and a conversation in a fixed number of requests', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    for (let i = 0; i < 30; i++) await send(i % 2 ? ann : ben, id, `Message ${i}`);
    const meter = meterRequests(db());
    try {
      expect((await inbox(ann)).body.items).toHaveLength(1);
      expect(meter.requests).toBe(2);
      meter.reset();
      expect((await messages(ann, id, { limit: '10' })).body.items).toHaveLength(10);
      expect(meter.requests).toBe(3);
      meter.reset();
      await unread(ann);
      expect(meter.requests).toBe(1);
    } finally {
      meter.stop();
    }
  });
});
