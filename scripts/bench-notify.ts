/**
 * `npm run bench:notify`: what one announcement to a club of 10,000 members costs, and what the
 * bell costs to read. Starts its own in-memory DynamoDB Local, the local event bus (the manifest's
 * rules deliver to the real handlers in this process, the queue's batches included) and the SES
 * emulator; loads a club with its owner and BENCH_MEMBERS (default 10,000) active members with
 * profiles; then the owner posts through the real feed handler with "also e-mail all members",
 * and the bench waits until the bus has delivered everything. It reports the total time from the
 * request to the last batch written, the DynamoDB requests by command, the batches (each a queue
 * message of NOTIFICATION_BATCH_SIZE recipients), the notifications and e-mails that resulted; and,
 * for a member's bell, the median and p95 latency and DynamoDB requests of the first page and of
 * the unread count (BENCH_N calls each after BENCH_WARMUP).
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { startSesLocal } from '@clubs/infra/local/ses.ts';
import { NOTIFICATION_BATCH_SIZE, type NotificationPage, type Post, type UnreadCount } from '@clubs/shared';
import { ulid } from 'ulid';
import { startBus } from '../tests/support/bus.ts';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts({ runs: 100, warmup: 20 });
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);

bench.runBench(RUNS, 'in-process handlers, the local bus and SES emulator, DynamoDB Local', async (store) => {
  const ses = await startSesLocal({ port: 0, host: '127.0.0.1' });
  const bus = await startBus();
  Object.assign(process.env, {
    SES_ENDPOINT: ses.url,
    EMAIL_FROM: 'no-reply@clubs.bench',
    SITE_URL: 'https://clubs.bench',
    LINK_SIGNING_SECRET: 'bench-link-signing-secret',
  });
  try {
    const items = await import('./bench-items.ts');
    const { keys } = await import('@clubs/functions/data/keys');
    const { getNotificationState } = await import('@clubs/functions/data/repositories/notifications');
    const { handler: feed } = await import('@clubs/functions/handlers/feed');
    const { handler: notifications } = await import('@clubs/functions/handlers/notifications');

    await store.useTable('bench_notify');
    const memberIds = Array.from({ length: MEMBERS }, () => ulid());
    const club = bench.benchClub({
      description: 'A club for measuring notifications.',
      memberCount: MEMBERS + 1,
    });
    const profile = (id: string, i: number) => ({
      ...keys.profile(id),
      type: 'profile',
      id,
      email: `member-${i}@clubs.bench`,
      fullName: `Member ${i}`,
      bio: '',
      location: '',
      avatarUrl: null,
      createdAt: club.createdAt,
    });
    await store.load(
      `a club of ${MEMBERS} members with profiles`,
      [
        ...items.clubWithMembers(club, memberIds),
        profile(club.ownerId, -1),
        ...memberIds.map((id, i) => profile(id, i)),
      ],
      16,
    );

    store.meter.reset();
    const started = performance.now();
    const res = await invoke<Post>(
      feed,
      httpEvent('createPost', {
        params: { clubId: club.id },
        body: { title: 'Sunday in the park', content: 'The studio moves outside.', announce: true },
        claims: memberClaims(club.ownerId),
      }),
    );
    if (res.status !== 201) throw new Error(`createPost: ${res.status} ${JSON.stringify(res.body)}`);
    const answered = performance.now() - started;
    await bus.idle();
    const total = performance.now() - started;
    const byCommand = new Map<string, number>();
    for (const command of store.meter.commands) byCommand.set(command, (byCommand.get(command) ?? 0) + 1);
    const requests = store.meter.requests;

    // Every member has the notification, counted once.
    let notified = 0;
    for (const id of memberIds) notified += (await getNotificationState(id)).unread;
    const mailed = ((await (await fetch(`${ses.url}/store`)).json()) as { emails: unknown[] }).emails.length;

    const reader = memberIds[0] as string;
    const page = httpEvent('listNotifications', { query: { limit: '20' }, claims: memberClaims(reader) });
    const count = httpEvent('getUnreadNotificationCount', { claims: memberClaims(reader) });
    const pageCost = await bench.measureCalls(store.meter, RUNS, async () => {
      return (await bench.okBody<NotificationPage>('bell page', notifications, page)).items.length;
    });
    const countCost = await bench.measureCalls(store.meter, RUNS, async () => {
      return (await bench.okBody<UnreadCount>('unread count', notifications, count)).unreadCount;
    });

    console.log(
      [
        `\nOne announcement to ${MEMBERS.toLocaleString('en')} members:`,
        `  the owner's request answered in ${answered.toFixed(0)} ms (${res.body.announcement?.recipients} recipients announced)`,
        `  everything delivered in ${(total / 1000).toFixed(1)} s`,
        `  batches: ${Math.ceil(MEMBERS / NOTIFICATION_BATCH_SIZE)} of ${NOTIFICATION_BATCH_SIZE} recipients`,
        `  DynamoDB requests: ${requests} (${[...byCommand].map(([name, n]) => `${name} ${n}`).join(', ')})`,
        `  notifications counted unread: ${notified}; e-mails in the SES emulator: ${mailed}`,
      ].join('\n'),
    );
    return {
      header: ['bell request', ...bench.COST_HEADER, 'results'],
      rows: [
        ['first page of 20, with the unread count', ...bench.costCells(pageCost), pageCost.answer],
        ['unread count', ...bench.costCells(countCost), countCost.answer],
      ],
    };
  } finally {
    await bus.stop();
    await ses.stop();
  }
});
