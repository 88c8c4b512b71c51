/**
 * `npm run bench:analytics-likes`: whether a burst of likes on one club fights over its analytics
 * roll-ups. Every like writes the club's day and month items in its own transaction, so likes of
 * different posts by different authors share nothing else: on its own DynamoDB Local (as
 * bench:analytics), for BENCH_BURSTS (50, 100, 200) concurrent likes through the feed's service,
 * each of another post by another author, it reports the transactions DynamoDB cancelled for a
 * TransactionConflict (DynamoDB Local's lock-wait timeouts, its form of the same contention), the likes that failed after all their retries, whether the day's counter
 * is exact, and how long the burst took.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { ulid } from 'ulid';
import * as bench from './bench-support.ts';

const BURSTS = (process.env.BENCH_BURSTS ?? '50,100,200').split(',').map(Number);

bench.runBench(
  { runs: BURSTS.length, warmup: 0 },
  'concurrent likes through likePost, each of its own post by its own author, one club',
  async (store) => {
    const benchItems = await import('./bench-items.ts');
    const { postItem } = await import('@clubs/functions/data/repositories/posts');
    const { likePost } = await import('@clubs/functions/services/feed/reactions');
    const { readStatsFrom, isDayItem, counterOf, utcDayOf } = await import(
      '@clubs/functions/data/club-stats'
    );
    const { cancellationReasons } = await import('@clubs/functions/data/transaction-retry');

    // AWS cancels a transaction that meets another on an item (TransactionConflict); DynamoDB
    // Local instead makes it wait for the item's lock, and fails it when the wait is too long.
    let conflicts = 0;
    let lockTimeouts = 0;
    store.db.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (cancellationReasons(error)?.includes('TransactionConflict')) conflicts += 1;
          if (error instanceof Error && /waiting for a lock/.test(error.message)) lockTimeouts += 1;
          throw error;
        }
      },
      { step: 'initialize', name: 'conflictCounter' },
    );

    const rows: (string | number)[][] = [];
    for (const burst of BURSTS) {
      await store.useTable(`bench_likes_${burst}`);
      const authors = Array.from({ length: burst }, () => ulid());
      const likers = Array.from({ length: burst }, () => ulid());
      const club = bench.benchClub({ memberCount: 2 * burst + 1 });
      const posts = authors.map((id, i) => benchItems.textPost(club, i, { id, index: i }, 0, Date.now()));
      await store.load(`club of ${burst} posts`, [
        ...benchItems.clubWithMembers(club, [...authors, ...likers]),
        ...posts.map((post) => postItem(post)),
      ]);
      conflicts = 0;
      lockTimeouts = 0;
      const started = performance.now();
      const outcomes = await Promise.allSettled(
        likers.map((userId, i) => likePost(club.id, (posts[i] as { id: string }).id, userId)),
      );
      const ms = performance.now() - started;
      const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
      const failed = rejected.length;
      if (rejected[0])
        console.log(
          'first failure:',
          rejected[0].reason,
          (rejected[0].reason as { CancellationReasons?: unknown }).CancellationReasons,
        );
      const today = utcDayOf(new Date());
      const day = (await readStatsFrom(club.id, { day: today })).filter(isDayItem);
      const counted = day.reduce((sum, item) => sum + counterOf(item, 'likes'), 0);
      rows.push([burst, conflicts, lockTimeouts, failed, `${counted} / ${burst - failed}`, Math.round(ms)]);
    }
    return {
      header: [
        'concurrent likes',
        'TransactionConflict cancellations',
        'lock wait timeouts (DynamoDB Local)',
        'likes failed',
        'day likes counted',
        'burst ms',
      ],
      rows,
    };
  },
);
