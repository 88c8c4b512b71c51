/**
 * `npm run bench:live`: how fast live updates travel, on the whole local stack (its own, on eight
 * ports from BENCH_PORT, default 23000, with the demo data): the owner writes BENCH_POSTS (50)
 * posts through the API one after another while a second reader's socket follows the club, and
 * each post's time from the write's request to the reader's `post.created` is reported (p50,
 * p95); then BENCH_SOCKETS (1,000) sockets follow the club and one post is fanned out to all of
 * them: the time from the write until the last socket has it, and the messages per second.
 */
import type { LiveServerMessage } from '@clubs/shared';
import type WebSocket from 'ws';
import { demoIdToken as idToken, openLiveSocket, startLocalStack } from './local-stack.ts';

const BASE = Number(process.env.BENCH_PORT ?? 23000);
const POSTS = Number(process.env.BENCH_POSTS ?? 50);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const CLUB = 'Morning Yoga Collective';

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/** A socket following the club, through the app's origin (the Vite proxy), as the SPA opens it. */
async function follow(
  appUrl: string,
  token: string,
  clubId: string,
  onMessage: (m: LiveServerMessage) => void,
) {
  let subscribed: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  const socket = await openLiveSocket(appUrl, token, (message) => {
    if (message.type === 'subscribed') subscribed();
    onMessage(message);
  });
  socket.send(JSON.stringify({ action: 'subscribe', clubId }));
  await answered;
  return socket;
}

async function main() {
  // The fan-out is measured with one demo member's sockets: its own stack lets a person hold them all.
  process.env.LIVE_CONNECTIONS_PER_PERSON = String(SOCKETS + 10);
  console.log(`Starting the local stack on ports ${BASE}…${BASE + 7}…`);
  const stack = await startLocalStack(BASE, 'clubs-bench-live-');
  try {
    const clubs = (await (
      await fetch(`${stack.appUrl}/api/clubs?q=${encodeURIComponent(CLUB)}&limit=50`)
    ).json()) as {
      items: { id: string; name: string }[];
    };
    const clubId = clubs.items.find((club) => club.name === CLUB)?.id;
    if (!clubId) throw new Error(`${CLUB} not found`);
    const [owner, member] = await Promise.all([
      idToken(stack.appUrl, 'owner@clubs.local'),
      idToken(stack.appUrl, 'member@clubs.local'),
    ]);
    const writePost = async (title: string) => {
      const answer = await fetch(`${stack.appUrl}/api/clubs/${clubId}/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'text', title, content: 'Measured.', media: [] }),
      });
      if (answer.status !== 201) throw new Error(`post answered ${answer.status}`);
      return ((await answer.json()) as { id: string }).id;
    };

    // 1. Write to display in a second reader, one post at a time.
    const arrived = new Map<string, number>();
    const reader = await follow(stack.appUrl, member, clubId, (message) => {
      if (message.type === 'post.created') arrived.set(message.postId, performance.now());
    });
    const latencies: number[] = [];
    for (let i = 0; i < POSTS; i++) {
      const started = performance.now();
      const postId = await writePost(`Live bench ${i}`);
      while (!arrived.has(postId)) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push((arrived.get(postId) ?? started) - started);
    }
    reader.close();
    latencies.sort((a, b) => a - b);
    console.log(
      `\nwrite → second reader's socket, ${POSTS} posts: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
        `p95 ${percentile(latencies, 0.95).toFixed(0)} ms, max ${percentile(latencies, 1).toFixed(0)} ms`,
    );

    // 2. One change fanned out to many sockets.
    const opened = performance.now();
    const received = new Map<string, number>();
    const sockets: WebSocket[] = [];
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) =>
          follow(stack.appUrl, member, clubId, (message) => {
            if (message.type === 'post.created') received.set(String(i + j), performance.now());
          }),
        ),
      );
      sockets.push(...batch);
    }
    console.log(
      `${SOCKETS} sockets following the club (opened in ${((performance.now() - opened) / 1000).toFixed(1)} s)`,
    );
    const started = performance.now();
    await writePost('Fan-out bench');
    while (received.size < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 5));
    const last = Math.max(...received.values()) - started;
    const first = Math.min(...received.values()) - started;
    console.log(
      `one post to ${SOCKETS} sockets: first after ${first.toFixed(0)} ms, all after ${last.toFixed(0)} ms ` +
        `(${Math.round((SOCKETS / last) * 1000)} messages/s from the write)`,
    );
    for (const socket of sockets) socket.close();
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
