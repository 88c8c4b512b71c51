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
import { NOTIFICATION_BATCH_SIZE, type NotificationPage, type Post, type UnreadCount } from '@clubs/shared';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import { notificationClub } from './bench-notification-club.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts({ runs: 100, warmup: 20 });
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);

bench.runBench(RUNS, 'in-process handlers, the local bus and SES emulator, DynamoDB Local', async (store) => {
  const { ses, club, memberIds, bus, stop } = await notificationClub(
    store,
    'bench_notify',
    MEMBERS,
    'A club for measuring notifications.',
  );
  try {
    const { getNotificationState } = await import('@clubs/functions/data/repositories/notifications');
    const { handler: feed } = await import('@clubs/functions/routes/feed');
    const { handler: notifications } = await import('@clubs/functions/routes/notifications');

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
    await stop();
  }
});
