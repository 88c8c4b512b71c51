/**
 * Chat's controls against DynamoDB Local: a person's settings (nobody may start a conversation
 * with them), blocking (the blocked person's sends and starts refused without saying why, the
 * unread count exact), a club owner switching chat off, a removed member, and a conversation
 * reported to the super admins with a copy of its messages as they were.
 */
import { db } from '@clubs/functions/data/client';
import { handler } from '@clubs/functions/routes/chat';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as superAdmin } from '@clubs/functions/routes/super-admin';
import { blockPerson } from '@clubs/functions/services/chat-controls';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import {
  type BlockedPage,
  CHAT_LIMITS,
  CHAT_REPORT_MESSAGES,
  type ChatMessage,
  type ChatReport,
  type ChatReportPage,
  type ChatSettings,
  type ConversationMessages,
  type RouteId,
  STARTABLE_LIMITS,
  type StartableConversations,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };
type GroupHandler = Parameters<typeof invoke>[0];

const callOn =
  (group: GroupHandler, extra: Record<string, string> = {}) =>
  <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
    invoke<T & ErrorBody>(group, httpEvent(id, { ...options, claims: memberClaims(userId, extra) }));

const call = callOn(handler);
const admin = ulid();
const asAdmin = callOn(superAdmin, { 'cognito:groups': 'super_admin' });

/** A club with its owner and two active members, Ann and Ben. */
async function twoMembers() {
  const ownerId = ulid();
  const club = await addClub({ ownerId });
  const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
  const ben = await addMember(club.id, { userId: await addPerson('Ben Brown') });
  return { clubId: club.id, ownerId, ann, ben };
}

const start = (from: string, to: string, clubId: string) =>
  call<{ id: string; created: boolean }>('startConversation', from, { body: { userId: to, clubId } });

async function started(from: string, to: string, clubId: string): Promise<string> {
  const res = await start(from, to, clubId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const send = (userId: string, conversationId: string, text: string) =>
  call<ChatMessage>('sendMessage', userId, { params: { conversationId }, body: { text } });

const unread = async (userId: string) =>
  (await call<{ conversations: number }>('getChatUnreadCount', userId)).body.conversations;

const saveSettings = (userId: string, settings: ChatSettings) =>
  call<ChatSettings>('updateChatSettings', userId, { body: settings });

describe('chat settings', () => {
  it('start with members and e-mail on; with nobody, no one starts a conversation, the old one goes on', async () => {
    const { clubId, ann, ben } = await twoMembers();
    expect((await call<ChatSettings>('getChatSettings', ben)).body).toEqual({
      whoCanStart: 'members',
      emailUnread: true,
    });
    const id = await started(ann, ben, clubId);
    const saved = await saveSettings(ben, { whoCanStart: 'nobody', emailUnread: false });
    expect(saved.body).toEqual({ whoCanStart: 'nobody', emailUnread: false });
    expect((await call<ChatSettings>('getChatSettings', ben)).body).toEqual(saved.body);

    // Opening it again through the start is refused as for a stranger; the conversation itself stays.
    const again = await start(ann, ben, clubId);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
    const carol = await addMember(clubId, { userId: await addPerson('Carol Cole') });
    expect((await start(carol, ben, clubId)).status).toBe(404);
    expect((await send(ann, id, 'Still here?')).status).toBe(201);
    expect((await send(ben, id, 'Yes')).status).toBe(201);
    // Ben himself still starts conversations with members who accept them.
    expect((await start(ben, carol, clubId)).status).toBe(201);

    expect((await saveSettings(ben, { whoCanStart: 'members', emailUnread: true })).status).toBe(200);
    expect((await start(carol, ben, clubId)).status).toBe(200);
  });

  it('refuses settings that are not whole or not known', async () => {
    const { ann } = await twoMembers();
    for (const body of [{ whoCanStart: 'everyone', emailUnread: true }, { whoCanStart: 'members' }, {}]) {
      expect((await call('updateChatSettings', ann, { body })).status).toBe(400);
    }
    expect((await call<ChatSettings>('getChatSettings', ann)).body.whoCanStart).toBe('members');
  });
});

describe('blocking', () => {
  it("refuses the blocked person's messages and starts without saying why, keeps unread exact, and unblocks", async () => {
    const { clubId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    const hello = await send(ann, id, 'Hello');
    expect(await unread(ben)).toBe(1);

    const blocked = await call<{ userId: string; blocked: boolean }>('blockPerson', ben, {
      body: { userId: ann },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ userId: ann, blocked: true });
    // Blocking twice is the same block.
    expect((await call('blockPerson', ben, { body: { userId: ann } })).status).toBe(200);

    const refused = await send(ann, id, 'Why no answer?');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).not.toMatch(/block/i);
    const restart = await start(ann, ben, clubId);
    expect(restart.status).toBe(404);
    expect(await unread(ben)).toBe(1);
    const seen = await call<ConversationMessages>('listConversationMessages', ben, {
      params: { conversationId: id },
    });
    expect(seen.body.items.map((m) => m.id)).toEqual([hello.body.id]);

    // Ben's list, with Ann's name. Ben cannot write to her either (the same answer), and his view says he blocked her.
    const list = await call<BlockedPage>('listBlockedPeople', ben);
    expect(list.body.items).toEqual([
      expect.objectContaining({ userId: ann, name: 'Ann Able', avatarUrl: null }),
    ]);
    expect((await call<BlockedPage>('listBlockedPeople', ann)).body.items).toEqual([]);
    const byBlocker = await send(ben, id, 'Goodbye');
    expect(byBlocker.status).toBe(403);
    expect(byBlocker.body.error).toEqual(refused.body.error);
    expect((await start(ben, ann, clubId)).status).toBe(404);
    expect(seen.body.conversation.blockedByYou).toBe(true);
    const hers = await call<ConversationMessages>('listConversationMessages', ann, {
      params: { conversationId: id },
    });
    expect(hers.body.conversation.blockedByYou).toBe(false);

    const unblocked = await call<{ blocked: boolean }>('unblockPerson', ben, { params: { userId: ann } });
    expect(unblocked.body).toEqual({ userId: ann, blocked: false });
    expect((await call<BlockedPage>('listBlockedPeople', ben)).body.items).toEqual([]);
    expect((await send(ann, id, 'Back again')).status).toBe(201);
    expect((await send(ben, id, 'Welcome back')).status).toBe(201);
    expect((await start(ann, ben, clubId)).status).toBe(200);
  });

  it('blocks only someone the caller has a conversation with, never oneself', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const carol = await addMember(clubId, { userId: await addPerson('Carol Cole') });
    await started(ann, ben, clubId);
    expect((await call('blockPerson', ann, { body: { userId: carol } })).status).toBe(404);
    expect((await call('blockPerson', ann, { body: { userId: ulid() } })).status).toBe(404);
    expect((await call('blockPerson', ann, { body: { userId: ann } })).status).toBe(400);
    expect((await call<BlockedPage>('listBlockedPeople', ann)).body.items).toEqual([]);
    // Carol may still start a conversation with Ann: she was never blocked.
    expect((await start(carol, ann, clubId)).status).toBe(201);
  });

  it('lists the people blocked newest first, by cursor, whatever their ids', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const carol = await addMember(clubId, { userId: await addPerson('Carol Cole') });
    const dan = await addMember(clubId, { userId: await addPerson('Dan Dale') });
    for (const other of [ben, carol, dan]) await started(other, ann, clubId);
    // Blocked in an order unlike their ids' (ids are ULIDs: Ben < Carol < Dan).
    await blockPerson(ann, carol, new Date('2026-01-01T10:00:00Z'));
    await blockPerson(ann, dan, new Date('2026-01-02T10:00:00Z'));
    await blockPerson(ann, ben, new Date('2026-01-03T10:00:00Z'));
    const first = await call<BlockedPage>('listBlockedPeople', ann, { query: { limit: '2' } });
    expect(first.body.items.map((item) => item.userId)).toEqual([ben, dan]);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await call<BlockedPage>('listBlockedPeople', ann, {
      query: { limit: '2', cursor: first.body.nextCursor as string },
    });
    expect(second.body.items.map((item) => item.userId)).toEqual([carol]);
    expect(second.body.nextCursor).toBeNull();
    // Unblocking takes the person out of the list.
    await call('unblockPerson', ann, { params: { userId: dan } });
    const after = await call<BlockedPage>('listBlockedPeople', ann);
    expect(after.body.items.map((item) => item.userId)).toEqual([ben, carol]);
  });
});

/** `callerId` turns the club's "members can message each other" on or off (the owner may). */
const switchChat = (callerId: string, clubId: string, on: boolean) =>
  invoke(
    clubAdmin,
    httpEvent('saveClubChatSettings', {
      claims: memberClaims(callerId),
      params: { clubId },
      body: { membersCanMessage: on },
    }),
  );

const startable = async (userId: string, userIds: string[], clubIds: string[]) => {
  const res = await call<StartableConversations>('listStartableConversations', userId, {
    query: { userIds: userIds.join(','), clubIds: clubIds.join(',') },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
};

describe('whom a page may offer "Message"', () => {
  it('answers by the start\'s own rule: "nobody", a block either way and a club with chat off read alike', async () => {
    const { clubId, ownerId, ann, ben } = await twoMembers();
    const carol = await addMember(clubId, { userId: await addPerson('Carol Cole') });
    const stranger = await addPerson('Sam Stranger');
    expect(await startable(ann, [ben, carol, stranger, ann], [clubId])).toEqual([
      { userId: ben, clubId },
      { userId: carol, clubId },
    ]);

    // Carol accepts nobody: she is left out, as the start would refuse her.
    await saveSettings(carol, { whoCanStart: 'nobody', emailUnread: true });
    expect(await startable(ann, [ben, carol], [clubId])).toEqual([{ userId: ben, clubId }]);
    expect((await start(ann, carol, clubId)).status).toBe(404);

    // A block leaves each out for the other, the blocked person as for "nobody".
    await started(ann, ben, clubId);
    await call('blockPerson', ben, { body: { userId: ann } });
    expect(await startable(ann, [ben], [clubId])).toEqual([]);
    expect(await startable(ben, [ann], [clubId])).toEqual([]);
    await call('unblockPerson', ben, { params: { userId: ann } });
    expect(await startable(ben, [ann], [clubId])).toEqual([{ userId: ann, clubId }]);

    // The owner's switch: not through this club, but through another club both share.
    expect((await switchChat(ownerId, clubId, false)).status).toBe(200);
    expect(await startable(ann, [ben], [clubId])).toEqual([]);
    const other = await addClub();
    await addMember(other.id, { userId: ann });
    await addMember(other.id, { userId: ben });
    expect(await startable(ann, [ben], [clubId, other.id])).toEqual([{ userId: ben, clubId: other.id }]);
  });

  it('the largest question is a fixed number of batch reads and names only people of a club the caller is active in', async () => {
    const { clubId, ann } = await twoMembers();
    const { userIds, clubIds } = STARTABLE_LIMITS;
    // Nine clubs Ann is not in, one with a person active in it: a stranger to her.
    const elsewhere = await Promise.all(Array.from({ length: clubIds - 1 }, () => addClub()));
    const stranger = await addMember((elsewhere[0] as { id: string }).id, {
      userId: await addPerson('Sam Elsewhere'),
    });
    const members: string[] = [];
    for (let i = 0; i < userIds - 1; i++) {
      members.push(await addMember(clubId, { userId: await addPerson(`Member ${i}`) }));
    }
    const meter = meterRequests(db());
    try {
      const items = await startable(ann, [stranger, ...members], [...elsewhere.map((c) => c.id), clubId]);
      expect(items).toEqual(members.map((userId) => ({ userId, clubId })));
      // Each club, its membership of the caller and of every person; each person's settings and both blocks.
      const keys = clubIds * (1 + 1 + userIds) + userIds * 3;
      expect(meter.commands).toEqual(Array(Math.ceil(keys / 100)).fill('BatchGetItemCommand'));
    } finally {
      meter.stop();
    }
  });

  it('refuses a question naming too many people or none', async () => {
    const { clubId, ann } = await twoMembers();
    const many = Array.from({ length: 51 }, () => ulid()).join(',');
    const queries: Record<string, string>[] = [
      { userIds: many, clubIds: clubId },
      { userIds: '', clubIds: clubId },
      { clubIds: clubId },
    ];
    for (const query of queries) {
      expect((await call('listStartableConversations', ann, { query })).status).toBe(400);
    }
  });
});

describe("a club's chat switch and its removed members", () => {
  it('an owner switching chat off stops new conversations through the club, not those already started', async () => {
    const { clubId, ownerId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    const carol = await addMember(clubId, { userId: await addPerson('Carol Cole') });
    const off = await switchChat(ownerId, clubId, false);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ membersCanMessage: false });
    // A member is not the owner: to them the owner's routes of the club do not exist.
    const byMember = await switchChat(ann, clubId, true);
    expect(byMember.status).toBe(404);

    expect((await start(carol, ann, clubId)).status).toBe(404);
    expect((await start(ann, ben, clubId)).status).toBe(404);
    expect((await send(ann, id, 'We can still talk')).status).toBe(201);
    expect((await send(ben, id, 'Yes we can')).status).toBe(201);

    // Another club both share still counts.
    const other = await addClub();
    await addMember(other.id, { userId: carol });
    await addMember(other.id, { userId: ann });
    expect((await start(carol, ann, other.id)).status).toBe(201);

    expect((await switchChat(ownerId, clubId, true)).status).toBe(200);
    const benAndCarol = await start(ben, carol, clubId);
    expect(benAndCarol.status).toBe(201);
  });

  it('a removed member keeps the conversation but starts none through the club, nor is started with', async () => {
    const { clubId, ownerId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    await send(ann, id, 'Before');
    const removed = await invoke(
      members,
      httpEvent('removeClubMember', { claims: memberClaims(ownerId), params: { clubId, userId: ann } }),
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const carol = await addMember(clubId, { userId: await addPerson('Carol Cole') });
    expect((await start(ann, carol, clubId)).status).toBe(404);
    expect((await start(carol, ann, clubId)).status).toBe(404);
    expect((await start(ann, ben, clubId)).status).toBe(404);
    const kept = await call<ConversationMessages>('listConversationMessages', ann, {
      params: { conversationId: id },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.items.map((m) => m.text)).toEqual(['Before']);
  });
});

describe('reporting a conversation', () => {
  it('lands with its reason and a copy of the newest messages, for super admins only, until decided', async () => {
    const { clubId, ann, ben } = await twoMembers();
    const id = await started(ann, ben, clubId);
    // Both write, so neither reaches the per-minute limit.
    for (let i = 0; i < CHAT_REPORT_MESSAGES + 3; i++) await send(i % 2 ? ben : ann, id, `Message ${i}`);
    const last = await send(ann, id, 'You will regret it');
    expect(last.status).toBe(201);

    const reported = await call<{ id: string }>('reportConversation', ben, {
      params: { conversationId: id },
      body: { reason: 'harassment' },
    });
    expect(reported.status).toBe(201);
    // Deleting the message afterwards leaves the report's copy as it was.
    await call('deleteMessage', ann, { params: { conversationId: id, messageId: last.body.id } });

    const open = await asAdmin<ChatReportPage>('listChatReports', admin, { query: { limit: '50' } });
    expect(open.status).toBe(200);
    const report = open.body.items.find((item) => item.id === reported.body.id) as ChatReport;
    expect(report).toMatchObject({
      conversationId: id,
      clubId,
      reporter: { userId: ben, name: 'Ben Brown' },
      reported: { userId: ann, name: 'Ann Able' },
      reason: 'harassment',
      text: '',
      status: 'open',
      decidedAt: null,
    });
    expect(report.messages).toHaveLength(CHAT_REPORT_MESSAGES);
    expect(report.messages[0]).toMatchObject({
      id: last.body.id,
      text: 'You will regret it',
      deleted: false,
    });
    expect(report.messages.at(-1)?.text).toBe(
      `Message ${CHAT_REPORT_MESSAGES + 3 - (CHAT_REPORT_MESSAGES - 1)}`,
    );

    // Nobody but a super admin reads or decides it.
    const asMember = await invoke(superAdmin, httpEvent('listChatReports', { claims: memberClaims(ben) }));
    expect(asMember.status).toBe(403);
    const decideAsMember = await invoke(
      superAdmin,
      httpEvent('decideChatReport', {
        claims: memberClaims(ben),
        params: { reportId: reported.body.id },
        body: { outcome: 'dismissed' },
      }),
    );
    expect(decideAsMember.status).toBe(403);

    const decided = await asAdmin<ChatReport>('decideChatReport', admin, {
      params: { reportId: reported.body.id },
      body: { outcome: 'resolved' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ id: reported.body.id, status: 'resolved' });
    expect(decided.body.decidedAt).not.toBeNull();
    const again = await asAdmin('decideChatReport', admin, {
      params: { reportId: reported.body.id },
      body: { outcome: 'dismissed' },
    });
    expect(again.status).toBe(409);
    const missing = await asAdmin('decideChatReport', admin, {
      params: { reportId: ulid() },
      body: { outcome: 'dismissed' },
    });
    expect(missing.status).toBe(404);
    const stillOpen = await asAdmin<ChatReportPage>('listChatReports', admin, { query: { limit: '50' } });
    expect(stillOpen.body.items.map((item) => item.id)).not.toContain(reported.body.id);
    const resolved = await asAdmin<ChatReportPage>('listChatReports', admin, {
      query: { status: 'resolved', limit: '50' },
    });
    expect(resolved.body.items.map((item) => item.id)).toContain(reported.body.id);
  });

  it("refuses a report of someone else's conversation, a bad reason, and past the daily limit", async () => {
    const { clubId, ann, ben } = await twoMembers();
    const sam = await addPerson('Sam Stranger');
    const id = await started(ann, ben, clubId);
    const report = (userId: string, body: unknown) =>
      call<{ id: string }>('reportConversation', userId, { params: { conversationId: id }, body });
    expect((await report(sam, { reason: 'spam' })).status).toBe(404);
    expect((await report(ben, { reason: 'other' })).status).toBe(400);
    expect((await report(ben, { reason: 'spam', text: 'extra words' })).status).toBe(400);
    const day = await Promise.all(
      Array.from({ length: CHAT_LIMITS.reportsPerDay + 2 }, () =>
        report(ann, { reason: 'other', text: 'Rude' }),
      ),
    );
    const statuses = day.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CHAT_LIMITS.reportsPerDay);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });
});
