/**
 * `npm run bench:notify`: what one announcement to a club of 10,000 members costs, and what the
 * bell costs to read. Starts its own in-memory DynamoDB Local, the local event bus (the manifest's
 * rules deliver to the real handlers in this process, the queue's batches included) and the SES
 * emulator; loads a club with its owner and BENCH_MEMBERS (default 10,000) active members with
 * profiles; then the owner posts through the real feed handler with "also e-mail all members",
 * and the bench waits until the bus has delivered everything. It reports the time from the
 * request to the last member's bell written and to the last e-mail sent, the DynamoDB requests by
 * command, the batches (each a queue message of NOTIFICATION_BATCH_SIZE recipients), the
 * notifications and e-mails that resulted; and, for a member's bell, the median and p95 latency
 * and DynamoDB requests of the first page and of the unread count (BENCH_N calls each after
 * BENCH_WARMUP).
 *
 * The e-mails go at SES's pace (send-pace.ts): BENCH_EMAIL_RATE is the account's send rate
 * (EMAIL_SEND_RATE; the product's EMAIL_SENDING.sendRate, 14 a second, unless given), of which
 * this process, one consumer, sends its share, so at the default 10,000 e-mails take at least
 * 10,000 / 7 s (24 min) here. A high rate (`BENCH_EMAIL_RATE=2000`: a slot a millisecond) leaves
 * the pace out and measures the rest of the path, as the figures before the pacing did.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import {
  EMAIL_SENDING,
  NOTIFICATION_BATCH_SIZE,
  type NotificationPage,
  type Post,
  type UnreadCount,
} from '@clubs/shared';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import { notificationClub } from './bench-notification-club.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts({ runs: 100, warmup: 20 });
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const EMAIL_RATE = Number(process.env.BENCH_EMAIL_RATE ?? EMAIL_SENDING.sendRate);
// Read when the first e-mail takes its slot, after this.
process.env.EMAIL_SEND_RATE = String(EMAIL_RATE);

bench.runBench(RUNS, 'in-process handlers, the local bus and SES emulator, DynamoDB Local', async (store) => {
  const { ses, club, memberIds, bus, stop } = await notificationClub(
    store,
    'bench_notify',
    MEMBERS,
    'A club for measuring notifications.',
  );
  try {
    const { getNotificationState } = await import('@clubs/functions/data/repositories/notifications');
    const { consumerSendRate } = await import('@clubs/functions/email/send-pace');
    const { handler: feed } = await import('@clubs/functions/routes/feed');
    const { handler: notifications } = await import('@clubs/functions/routes/notifications');

    // When the last bell is written: the announcement's notifications, counted as their
    // transactions succeed (the e-mails are queued after them).
    let bells = 0;
    let bellsAt = 0;
    store.db.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if ((context as { commandName?: string }).commandName === 'TransactWriteItemsCommand') {
          const actions = (args.input as { TransactItems?: { Put?: { Item?: Record<string, unknown> } }[] })
            .TransactItems;
          for (const action of actions ?? []) {
            if (action.Put?.Item?.kind === 'announcement' && action.Put.Item.recipientId) bells += 1;
          }
          if (bells >= MEMBERS && !bellsAt) bellsAt = performance.now();
        }
        return result;
      },
      { step: 'initialize', name: 'bellCounter' },
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
        `  every bell written in ${bellsAt ? `${((bellsAt - started) / 1000).toFixed(1)} s` : `- (${bells} written)`}`,
        `  everything delivered in ${(total / 1000).toFixed(1)} s (the e-mails at ${EMAIL_RATE}/s, this consumer's share ${consumerSendRate(EMAIL_RATE)}/s: at least ${(MEMBERS / Math.min(consumerSendRate(EMAIL_RATE), 1000)).toFixed(0)} s)`,
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
