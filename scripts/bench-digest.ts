/**
 * `npm run bench:digest`: what one daily digest run costs for a club of BENCH_SUBSCRIBERS
 * (default 1,000) digest subscribers. Starts its own in-memory DynamoDB Local, the local event
 * bus (the manifest's rules deliver to the real handlers in this process, the queues' batches
 * included) and the SES emulator; loads a club with its owner, its members with profiles and
 * BENCH_POSTS (default 30) posts of the last day with varied likes; half the members choose the
 * daily digest for the club and half for their account (each through the product's own write).
 * Then the digest's schedule event goes on the bus, and the bench waits until everything it
 * caused is delivered: the time, the DynamoDB requests by command, the batches and the e-mails;
 * then the same run again (a retried schedule): what it costs and that it mails nothing.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { DIGEST_LIMITS, RECURRING_SCHEDULES, scheduledEvent } from '@clubs/shared';
import { ulid } from 'ulid';
import { startMailAndBus } from './bench-notification-club.ts';
import * as bench from './bench-support.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 30);

bench.runBench(
  { runs: 1, warmup: 0 },
  'one schedule run through the local bus, in-process handlers',
  async (store) => {
    const { ses, bus, stop } = await startMailAndBus();
    try {
      const items = await import('./bench-items.ts');
      const { postItem } = await import('@clubs/functions/data/repositories/posts');
      const { setPreference } = await import('@clubs/functions/data/repositories/notification-preferences');
      const { putBusEvents } = await import('@clubs/functions/bus/put-events');

      await store.useTable('bench_digest');
      const memberIds = Array.from({ length: SUBSCRIBERS }, () => ulid());
      const club = bench.benchClub({
        description: 'A club for measuring digests.',
        memberCount: SUBSCRIBERS + 1,
      });
      const now = Date.now();
      const likes = bench.likeCounts(POSTS, POSTS * 4, 40);
      const posts = Array.from({ length: POSTS }, (_, i) =>
        postItem(
          items.textPost(
            club,
            i,
            { id: memberIds[i % SUBSCRIBERS] as string, index: i % SUBSCRIBERS },
            likes[i] ?? 0,
            now - (i + 1) * 60_000,
          ),
        ),
      );
      await store.load(
        `a club of ${SUBSCRIBERS} members with profiles and ${POSTS} posts of the last day`,
        [...items.clubWithMailableMembers(club, memberIds), ...posts],
        16,
      );
      for (const [i, id] of memberIds.entries()) {
        await setPreference(id, i % 2 === 0 ? club.id : null, 'daily', new Date());
      }

      const schedule = RECURRING_SCHEDULES.find((s) => s.target.detail.cadence === 'daily');
      if (!schedule) throw new Error('no daily schedule');
      const event = scheduledEvent(schedule, new Date());
      const run = async () => {
        const mailedBefore = await mailed();
        store.meter.reset();
        const started = performance.now();
        await putBusEvents([{ ...event, detail: JSON.stringify(event.detail) }]);
        await bus.idle();
        const seconds = (performance.now() - started) / 1000;
        const byCommand = new Map<string, number>();
        for (const command of store.meter.commands) byCommand.set(command, (byCommand.get(command) ?? 0) + 1);
        return {
          seconds,
          requests: store.meter.requests,
          byCommand: [...byCommand].map(([name, n]) => `${name} ${n}`).join(', '),
          emails: (await mailed()) - mailedBefore,
        };
      };
      const mailed = async () =>
        ((await (await fetch(`${ses.url}/store`)).json()) as { emails: unknown[] }).emails.length;

      const first = await run();
      const again = await run();
      const batches = Math.ceil(SUBSCRIBERS / 2 / DIGEST_LIMITS.batchSize) * 2;
      console.log(
        [
          `\nOne daily digest run, ${SUBSCRIBERS.toLocaleString('en')} subscribers (half by the club's choice, half by their account's), ${POSTS} new posts:`,
          `  everything delivered in ${first.seconds.toFixed(1)} s; about ${batches} batches of at most ${DIGEST_LIMITS.batchSize}`,
          `  DynamoDB requests: ${first.requests} (${first.byCommand})`,
          `  e-mails in the SES emulator: ${first.emails}`,
          `The same run again: ${again.seconds.toFixed(1)} s, ${again.requests} DynamoDB requests (${again.byCommand}), ${again.emails} e-mails`,
        ].join('\n'),
      );
      return {
        header: ['run', 'seconds', 'DynamoDB requests', 'e-mails'],
        rows: [
          ['first', first.seconds.toFixed(1), first.requests, first.emails],
          ['repeated', again.seconds.toFixed(1), again.requests, again.emails],
        ],
      };
    } finally {
      await stop();
    }
  },
);
