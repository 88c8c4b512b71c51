/**
 * `npm run bench:chat`: does chat stay flat, and how fast does a message reach the other person?
 *
 * 1. Send → the other person's socket, on the whole local stack (its own, on eight ports from
 *    BENCH_PORT, default 23100, with the demo data): the demo owner and member, who share a club,
 *    open their conversation, each holds a live socket as the SPA does, and BENCH_MESSAGES (50)
 *    messages go back and forth one at a time; each one's time from the send's request to the
 *    other's `chat.message` is reported (p50, p95). Sends are spaced so that neither person goes
 *    over the per-minute limit (CHAT_LIMITS.messagesPerMinute).
 * 2. The DynamoDB requests of opening the inbox (its first page of 20), a conversation (its newest
 *    30 messages) and the unread count, with 10 and with 10,000 conversations and messages: the
 *    real chat handler in-process against a DynamoDB Local of the benchmark's own (BENCH_N, default
 *    50, measured calls each after BENCH_WARMUP, 10), the conversations built by the repository's
 *    conversationItems (as the demo seed loads them). Loaded that way they have no unread count
 *    yet: its first read counts them once (its own row), every read after is the one GetItem.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { StoredMessage } from '@clubs/functions/data/repositories/chat';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ConversationMessages,
  type ConversationPage,
  type LiveServerMessage,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';
import { demoIdToken, openLiveSocket, startLocalStack } from './local-stack.ts';

const BASE = Number(process.env.BENCH_PORT ?? 23100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);
const RUNS = bench.runCounts({ runs: 50, warmup: 10 });
const SIZES = [10, 10_000] as const;
const CLUB = 'Morning Yoga Collective';
/** Two people take turns, each under the per-minute limit with room to spare. */
const SEND_SPACING_MS = Math.ceil(60_000 / (2 * (CHAT_LIMITS.messagesPerMinute - 2)));

async function sendToOtherBrowser(): Promise<string> {
  console.log(`Starting the local stack on ports ${BASE}…${BASE + 7}…`);
  const stack = await startLocalStack(BASE, 'clubs-bench-chat-');
  try {
    const api = async <T>(token: string, method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${stack.appUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}`);
      return (await answer.json()) as T;
    };
    const clubs = await (
      await fetch(`${stack.appUrl}/api/clubs?q=${encodeURIComponent(CLUB)}&limit=50`)
    ).json();
    const clubId = (clubs as { items: { id: string; name: string }[] }).items.find(
      (c) => c.name === CLUB,
    )?.id;
    if (!clubId) throw new Error(`${CLUB} not found`);
    const [owner, member] = await Promise.all([
      demoIdToken(stack.appUrl, 'owner@clubs.local'),
      demoIdToken(stack.appUrl, 'member@clubs.local'),
    ]);
    const memberId = (await api<{ id: string }>(member, 'GET', '/api/me')).id;
    const { id } = await api<{ id: string }>(owner, 'POST', '/api/me/conversations', {
      userId: memberId,
      clubId,
    });

    const arrived = new Map<string, number>();
    const heard = (message: LiveServerMessage) => {
      if (message.type === 'chat.message')
        arrived.set(`${message.messageId}>${message.senderId}`, performance.now());
    };
    const ownerId = (await api<{ id: string }>(owner, 'GET', '/api/me')).id;
    // Each socket records the messages of the other person's: the time they reached the other browser.
    const sockets = await Promise.all([
      openLiveSocket(
        stack.appUrl,
        owner,
        (m) => m.type === 'chat.message' && m.senderId === memberId && heard(m),
      ),
      openLiveSocket(
        stack.appUrl,
        member,
        (m) => m.type === 'chat.message' && m.senderId === ownerId && heard(m),
      ),
    ]);
    const latencies: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const [from, fromId] = i % 2 === 0 ? [owner, ownerId] : [member, memberId];
      const started = performance.now();
      const sent = await api<ChatMessage>(from, 'POST', `/api/me/conversations/${id}/messages`, {
        text: `Bench message ${i}`,
      });
      const key = `${sent.id}>${fromId}`;
      while (!arrived.has(key)) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push((arrived.get(key) ?? started) - started);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, SEND_SPACING_MS - (performance.now() - started))),
      );
    }
    for (const socket of sockets) socket.close();
    latencies.sort((a, b) => a - b);
    return (
      `send → the other person's socket, ${MESSAGES} messages: p50 ${bench.percentile(latencies, 0.5).toFixed(0)} ms, ` +
      `p95 ${bench.percentile(latencies, 0.95).toFixed(0)} ms, max ${bench.percentile(latencies, 1).toFixed(0)} ms`
    );
  } finally {
    await stack.stop();
  }
}

const latencyLine = await sendToOtherBrowser().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
console.log(`\n${latencyLine}\n`);

bench.runBench(RUNS, 'in-process chat handler as one of the two people, DynamoDB Local', async (store) => {
  const rows: (string | number)[][] = [];
  const { clubItem } = await import('@clubs/functions/data/repositories/clubs');
  const { profileItem } = await import('@clubs/functions/data/repositories/profiles');
  const { conversationItems } = await import('@clubs/functions/data/repositories/chat');
  const { conversationIdOf } = await import('@clubs/functions/services/chat');
  const { handler } = await import('@clubs/functions/routes/chat');

  for (const size of SIZES) {
    await store.useTable(`bench_chat_${size}`);
    const club = bench.benchClub();
    const viewer = ulid();
    const start = Date.now() - size * bench.MINUTE;
    const at = (i: number) => new Date(start + i * bench.MINUTE).toISOString();
    const person = (id: string, i: number) =>
      profileItem({
        id,
        email: `p${i}@bench.test`,
        fullName: `Person ${i}`,
        bio: '',
        location: '',
        avatarUrl: null,
        createdAt: at(0),
      });
    const message = (senderId: string, i: number): StoredMessage => ({
      id: ulid(start + i * bench.MINUTE),
      senderId,
      text: `Message ${i} of the benchmark.`,
      deleted: false,
      createdAt: at(i),
    });
    const conversationWith = (other: string, i: number) => ({
      id: conversationIdOf(viewer, other),
      userIds: [viewer, other] as const,
      clubId: club.id,
      createdAt: at(i),
    });
    // `size` conversations of the viewer's, each ending in a message of the other's, every other one read.
    const others = Array.from({ length: size }, () => ulid());
    const inbox = others.flatMap((other, i) => {
      const last = message(other, i);
      const readUpTo = new Map(i % 2 ? [] : [[viewer, last.id]]);
      return conversationItems(conversationWith(other, i), [last], readUpTo);
    });
    // And one more of `size` messages, as the repository stores a conversation.
    const talker = ulid();
    const talk = conversationWith(talker, 0);
    const talkMessages = Array.from({ length: size }, (_, i) => message(i % 2 ? viewer : talker, i));
    await store.load(
      `${size} conversations and one of ${size} messages`,
      [
        { ...clubItem(club), indexVersion: 0 },
        person(viewer, 0),
        person(talker, -1),
        ...others.map((id, i) => person(id, i + 1)),
        ...inbox,
        ...conversationItems(talk, talkMessages, new Map()),
      ],
      16,
    );

    const claims = memberClaims(viewer);
    const unreadCount = async () =>
      (
        await bench.okBody<{ conversations: number }>(
          'count',
          handler,
          httpEvent('getChatUnreadCount', { claims }),
        )
      ).conversations;
    const firstCount = await bench.measureCalls(store.meter, { runs: 1, warmup: 0 }, unreadCount);
    rows.push([
      'the unread count, first read (counts entries loaded without one)',
      size,
      ...bench.costCells(firstCount),
      firstCount.answer,
    ]);
    const requests: [string, () => Promise<number>][] = [
      [
        'open the inbox (first 20)',
        async () =>
          (
            await bench.okBody<ConversationPage>(
              'inbox',
              handler,
              httpEvent('listConversations', { query: { limit: '20' }, claims }),
            )
          ).items.length,
      ],
      [
        'open a conversation (newest 30)',
        async () =>
          (
            await bench.okBody<ConversationMessages>(
              'conversation',
              handler,
              httpEvent('listConversationMessages', {
                params: { conversationId: talk.id },
                query: { limit: '30' },
                claims,
              }),
            )
          ).items.length,
      ],
      ['the unread count', unreadCount],
    ];
    for (const [label, call] of requests) {
      const cost = await bench.measureCalls(store.meter, RUNS, call);
      rows.push([label, size, ...bench.costCells(cost), cost.answer]);
    }
  }
  return { header: ['request', 'conversations / messages', ...bench.COST_HEADER, 'answer'], rows };
});
