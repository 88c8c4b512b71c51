/**
 * Chat against DynamoDB Local, through the chat group's handler: who may start a conversation
 * (two active members of one club in service, never a stranger), sending, the inbox and its
 * unread count (exact under fifty concurrent sends), reading with "seen", deleting one's own
 * message, a conversation answering 404 to anyone not in it, and the requests each read costs.
 */
import { batchPutAll } from '@clubs/functions/data/batch-write';
import { db } from '@clubs/functions/data/client';
import { conversationItems, type StoredMessage } from '@clubs/functions/data/repositories/chat';
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
import { ulid } from 'ulid';
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

const markRead = (userId: string, conversationId: string, messageId: string) =>
  call<{ unread: boolean }>('markConversationRead', userId, {
    params: { conversationId },
    body: { messageId },
  });

/** The conversations the inbox's "Unread" filter lists, every page of it. */
async function unreadListed(userId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await inbox(userId, { filter: 'unread', limit: '50', ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    ids.push(...page.body.items.map((c) => c.id));
    cursor = page.body.nextCursor;
  }
  return ids;
}

/** The count says `n`, and it is the number of conversations the inbox lists as unread. */
async function expectUnread(userId: string, n: number): Promise<void> {
  expect(await unread(userId)).toBe(n);
  expect(await unreadListed(userId)).toHaveLength(n);
}

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

  it('counts unread conversations exactly while fifty messages arrive at once and fifty reads race them, and limits senders', async () => {
    const club = await addClub();
    const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
    const senders = await Promise.all(
      Array.from({ length: 50 }, async (_, i) =>
        addMember(club.id, { userId: await addPerson(`Sender ${i}`) }),
      ),
    );
    const ids = await Promise.all(senders.map((sender) => started(sender, ann, club.id)));
    // Ann's count is kept from here on: every message below moves it in its own transaction.
    await expectUnread(ann, 0);
    const sent = await Promise.all(senders.map((sender, i) => send(sender, ids[i] as string, `Hello ${i}`)));
    expect(sent.map((res) => res.status)).toEqual(senders.map(() => 201));
    await expectUnread(ann, 50);
    const first = await inbox(ann, { limit: '20' });
    expect(first.body.items).toHaveLength(20);
    const second = await inbox(ann, { limit: '20', cursor: first.body.nextCursor ?? '' });
    expect(second.body.items).toHaveLength(20);
    expect(new Set([...first.body.items, ...second.body.items].map((c) => c.id)).size).toBe(40);

    // Ann reads every conversation from two tabs at once while the first ten senders write again:
    // each of those ten ends unread (its new message came after the one read), the rest read.
    const again = senders.slice(0, 10);
    const raced = await Promise.all([
      ...ids.flatMap((id, i) => {
        const hello = sent[i]?.body.id as string;
        return [markRead(ann, id, hello), markRead(ann, id, hello)];
      }),
      ...again.map((sender, i) => send(sender, ids[i] as string, `Again ${i}`)),
    ]);
    expect(raced.map((res) => res.status).filter((status) => status >= 300)).toEqual([]);
    await expectUnread(ann, 10);
    expect(new Set(await unreadListed(ann))).toEqual(new Set(ids.slice(0, 10)));

    // One sender's burst: the per-minute limit lets exactly that many through, at once too.
    const [burster] = senders as [string];
    const burst = await Promise.all(
      Array.from({ length: CHAT_LIMITS.messagesPerMinute + 5 }, (_, i) =>
        send(burster, ids[0] as string, `Burst ${i}`),
      ),
    );
    const through = burst.filter((res) => res.status === 201).length;
    // The sender's two messages of the test counted in the same window, unless the minute turned.
    expect(through).toBeGreaterThanOrEqual(CHAT_LIMITS.messagesPerMinute - 2);
    expect(through).toBeLessThanOrEqual(CHAT_LIMITS.messagesPerMinute);
    expect(burst.find((res) => res.status !== 201)?.status).toBe(429);
    await expectUnread(ann, 10);
  }, 120_000);

  it('keeps the count when a read races the next message, a reply, a block and a deletion', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    await expectUnread(ben, 0);
    const hello = await send(ann, id, 'Hello');
    await expectUnread(ben, 1);

    // Ben reads the newest message as the next one arrives, a dozen times over (within Ann's
    // per-minute limit): whichever lands first, his side ends unread and counted once.
    for (let round = 0; round < 12; round++) {
      const latest = (await messages(ben, id, { limit: '1' })).body.items[0] as ChatMessage;
      const [read, next] = await Promise.all([markRead(ben, id, latest.id), send(ann, id, `Again ${round}`)]);
      expect(next.status).toBe(201);
      expect(read.status).toBe(200);
      await expectUnread(ben, 1);
    }

    // A reply counts as reading what came before: Ben's side is read, Ann's unread.
    await expectUnread(ann, 0);
    const reply = await send(ben, id, 'Hi!');
    expect(reply.status).toBe(201);
    await expectUnread(ben, 0);
    await expectUnread(ann, 1);

    // Ann blocks Ben with his message unread: it stays unread, and nothing of his lands or counts.
    expect((await call('blockPerson', ann, { body: { userId: ben } })).status).toBe(200);
    expect((await send(ben, id, 'Are you there?')).status).toBe(403);
    await expectUnread(ann, 1);
    expect((await markRead(ann, id, reply.body.id)).body).toEqual({ unread: false });
    await expectUnread(ann, 0);
    expect((await send(ben, id, 'Hello?')).status).toBe(403);
    await expectUnread(ann, 0);
    expect((await call('unblockPerson', ann, { params: { userId: ben } })).status).toBe(200);
    const after = await send(ben, id, 'Back again');
    await expectUnread(ann, 1);

    // Deleting a message changes what it says, not whether it was read: the count stays.
    expect(
      (await call('deleteMessage', ben, { params: { conversationId: id, messageId: after.body.id } })).status,
    ).toBe(200);
    await expectUnread(ann, 1);
    expect((await markRead(ann, id, after.body.id)).body).toEqual({ unread: false });
    expect(
      (await call('deleteMessage', ann, { params: { conversationId: id, messageId: hello.body.id } })).status,
    ).toBe(200);
    await expectUnread(ann, 0);
    await expectUnread(ben, 0);
    // Reading again, or reading what is not there, takes no count below 0.
    expect((await markRead(ann, id, after.body.id)).body).toEqual({ unread: false });
    expect((await markRead(ben, id, reply.body.id)).body).toEqual({ unread: false });
    await expectUnread(ann, 0);
    await expectUnread(ben, 0);
  }, 120_000);

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
    } finally {
      meter.stop();
    }
  });

  it('reads the unread count in one GetItem at 10 and at 1,000 unread conversations, counting data stored without one once', async () => {
    const club = await addClub();
    const meter = meterRequests(db());
    try {
      for (const size of [10, 1_000]) {
        // A person with `size` unread conversations loaded in bulk, as the demo seed loads them.
        const viewer = await addMember(club.id, { userId: await addPerson('Vi Viewer') });
        const start = Date.now() - size * 60_000;
        const items = Array.from({ length: size }, (_, i) => {
          const other = ulid();
          const at = new Date(start + i * 60_000).toISOString();
          const message: StoredMessage = {
            id: ulid(start + i * 60_000),
            senderId: other,
            text: `Hello ${i}`,
            deleted: false,
            createdAt: at,
          };
          const conversation = {
            id: conversationIdOf(viewer, other),
            userIds: [viewer, other] as const,
            clubId: club.id,
            createdAt: at,
          };
          return conversationItems(conversation, [message], new Map());
        }).flat();
        await batchPutAll(items);

        // The first read counts them (a GetItem, the query's pages, the count stored) ...
        meter.reset();
        expect(await unread(viewer)).toBe(size);
        expect(meter.commands[0]).toMatch(/Get/);
        expect(meter.commands.at(-1)).toMatch(/Update/);
        // ... and every read after is one GetItem, the same at 10 as at 1,000.
        for (let i = 0; i < 3; i++) {
          meter.reset();
          expect(await unread(viewer)).toBe(size);
          expect(meter.commands).toEqual(['GetItemCommand']);
        }
      }
    } finally {
      meter.stop();
    }
  }, 120_000);
});
