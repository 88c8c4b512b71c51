/**
 * `npm run bench:directory`: does the directory stay flat as the platform grows? Starts its own
 * in-memory DynamoDB Local (BENCH_DYNAMODB_PORT, else a free port), fills one table with 100
 * active clubs and another with 10,000, then calls the real handlers in-process (the same
 * Lambda code API Gateway invokes) and reports, per request, the median and p95 latency and the
 * items DynamoDB read (query entries scanned + items fetched by key), counted by a middleware
 * on the one document client.
 *
 * Requests: the first directory page, a search, a category filter, a tab + size filter, the
 * recently added filter, and the dashboard's memberships of a user in 8 clubs. BENCH_N
 * (default 300) measured calls each, after BENCH_WARMUP (default 60).
 *
 * Clubs are written with the items the repositories write for an active club (club item, owner
 * membership, directory entries from directory-index.ts, its word-index postings), by BatchWrite
 * so 10,000 clubs load in seconds; each club gets a member count (so size buckets are populated)
 * without writing every other member's membership, which no measured request reads. The dashboard user's memberships
 * go through the repository (addMembership) like any join.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { CATEGORIES, type Club } from '@clubs/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ulid } from 'ulid';
import { type GroupHandler, httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts({ runs: 300, warmup: 60 });
const SIZES = [100, 10_000] as const;

const WORDS = (
  'yoga running chess painting pottery cooking baking hiking cycling swimming climbing ' +
  'photography writing poetry reading books film jazz guitar piano singing dance theatre ' +
  'startup founders marketing design coding data finance investing career leadership ' +
  'meditation breathwork mindfulness nutrition strength mobility wellness sleep recovery ' +
  'gardening plants travel coffee wine tea fashion minimalism parenting pets dogs cats ' +
  'knitting sewing woodwork maker crafts zines prints markets language spanish french ' +
  'history science astronomy robots games boardgames puzzles trivia football tennis golf ' +
  'sailing rowing surfing skiing triathlon marathon trail urban street city village weekly ' +
  'monthly morning evening beginners advanced community circle society guild lab studio ' +
  'collective club salon workshop retreat challenge journal sketch watercolor ceramics vegan'
)
  .split(/\s+/)
  .filter(Boolean);

function makeClub(rand: () => number, now: number): Club {
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)] as string;
  const title = (w: string) => `${w[0]?.toUpperCase()}${w.slice(1)}`;
  const name = `${title(pick())} ${title(pick())} ${title(['Club', 'Circle', 'Guild', 'Society'][Math.floor(rand() * 4)] as string)}`;
  const description = `${Array.from({ length: 12 + Math.floor(rand() * 10) }, pick).join(' ')}.`;
  const bucket = rand();
  const memberCount =
    bucket < 0.6
      ? 1 + Math.floor(rand() * 9)
      : bucket < 0.9
        ? 10 + Math.floor(rand() * 40)
        : 50 + Math.floor(rand() * 400);
  const createdMs = now - Math.floor(rand() * 720 * bench.DAY);
  return bench.benchClub(
    {
      name,
      description,
      price: rand() < 0.4 ? Math.round(rand() * 50) + 5 : 0,
      trialPeriod: 7,
      category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)] ?? null,
      memberCount,
    },
    createdMs,
  );
}

interface Row {
  request: string;
  size: number;
  cost: bench.CallCost;
}

bench.runBench(RUNS, 'in-process handler, DynamoDB Local', async (store) => {
  const { clubWithMembers } = await import('./bench-items.ts');
  const { addMembership } = await import('@clubs/functions/data/repositories/membership-writes');
  const { directoryDocument, indexItemsOf } = await import('@clubs/functions/data/directory-index');
  const { DIRECTORY_SCOPE, postingItems } = await import('@clubs/functions/data/word-index');
  const clubs = (await import('@clubs/functions/routes/clubs')).handler as unknown as GroupHandler;
  const memberships = (await import('@clubs/functions/routes/memberships'))
    .handler as unknown as GroupHandler;

  const rows: Row[] = [];
  for (const size of SIZES) {
    await store.useTable(`bench_${size}`);
    const now = Date.now();
    const rand = bench.seededRandom(42);
    const made: Club[] = Array.from({ length: size }, () => makeClub(rand, now));
    // Exactly the items of an active club as the repositories write them.
    const items: Record<string, unknown>[] = made.flatMap((club) => [
      ...clubWithMembers(club, []),
      ...indexItemsOf(club).map((item) => ({ ...item })),
      ...postingItems(DIRECTORY_SCOPE, directoryDocument(club)),
    ]);
    await store.load(`${size} clubs`, items);
    const user = ulid();
    for (const [i, club] of made.slice(0, 8).entries()) {
      await addMembership({
        clubId: club.id,
        userId: user,
        role: 'club_member',
        status: i < 5 ? 'active' : 'pending',
        createdAt: new Date().toISOString(),
      });
    }

    const requests: [string, GroupHandler, APIGatewayProxyEventV2][] = [
      ['directory, first page', clubs, httpEvent('listClubs')],
      ['search "yoga"', clubs, httpEvent('listClubs', { query: { q: 'yoga' } })],
      ['category tab "wellness"', clubs, httpEvent('listClubs', { query: { tab: 'wellness' } })],
      ['tab "free" + size "small"', clubs, httpEvent('listClubs', { query: { tab: 'free', size: 'small' } })],
      ['recently added', clubs, httpEvent('listClubs', { query: { recent: 'true' } })],
      ['dashboard memberships', memberships, httpEvent('listMyMemberships', { claims: memberClaims(user) })],
    ];
    for (const [label, handler, ev] of requests) {
      const cost = await bench.measureCalls(store.meter, RUNS, async () => {
        const body = await bench.okBody<{ items: unknown[] }>(label, handler, ev);
        return body.items.length;
      });
      rows.push({ request: label, size, cost });
    }
  }
  const labels = [...new Set(rows.map((r) => r.request))];
  // One row a request, its two sizes side by side.
  return {
    header: [
      'request',
      'median ms (100)',
      'median ms (10,000)',
      'p95 ms (100)',
      'p95 ms (10,000)',
      'items read (100)',
      'items read (10,000)',
      'DynamoDB calls (100 / 10,000)',
      'results',
    ],
    rows: labels.map((label) => {
      const [a, b] = SIZES.map(
        (size) => (rows.find((r) => r.request === label && r.size === size) as Row).cost,
      );
      if (!a || !b) throw new Error(`no measurement of ${label}`);
      return [
        label,
        a.median.toFixed(1),
        b.median.toFixed(1),
        a.p95.toFixed(1),
        b.p95.toFixed(1),
        a.items,
        b.items,
        `${a.requests} / ${b.requests}`,
        `${a.answer} / ${b.answer}`,
      ];
    }),
  };
});
