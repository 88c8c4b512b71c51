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
 * membership, directory entries from directory-index.ts), by BatchWrite so 10,000 clubs load in
 * seconds; each club gets a member count (so size buckets are populated) without writing every
 * other member's membership, which no measured request reads. The dashboard user's memberships
 * go through the repository (addMembership) like any join.
 */
import '../infra/local/quiet-sdk.ts';
import { CATEGORIES, type Club } from '@clubs/shared';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { ensureTable } from '../infra/local/dynamodb.ts';
import { meterRequests } from '../infra/local/request-meter.ts';
import { httpEvent, lambdaContext, memberClaims } from '../tests/support/http-event.ts';
import { batchWriteAll, percentile, startBenchDynamoDb } from './bench-support.ts';

const N = Number(process.env.BENCH_N ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 60);
const SIZES = [100, 10_000] as const;
const DAY = 24 * 60 * 60 * 1000;

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

/** A small deterministic generator, so both tables get the same kind of clubs every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

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
  const createdMs = now - Math.floor(rand() * 720 * DAY);
  return {
    id: ulid(createdMs),
    ownerId: ulid(),
    name,
    description,
    logoUrl: null,
    coverImageUrl: null,
    createdAt: new Date(createdMs).toISOString(),
    price: rand() < 0.4 ? Math.round(rand() * 50) + 5 : 0,
    currency: 'USD',
    trialPeriod: 7,
    category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)] ?? null,
    status: 'active',
    memberCount,
  };
}

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<{ statusCode?: number; body?: string }>;

interface Row {
  request: string;
  size: number;
  median: number;
  p95: number;
  items: number;
  calls: number;
  results: number;
}

async function main() {
  const dynamodb = await startBenchDynamoDb();
  // Imported after the environment is set: the handlers read it.
  const { db } = await import('../functions/src/data/client.ts');
  const { clubItem } = await import('../functions/src/data/repositories/clubs.ts');
  const { addMembership, membershipItem } = await import('../functions/src/data/repositories/memberships.ts');
  const { indexItemsOf } = await import('../functions/src/data/directory-index.ts');
  const clubs = (await import('../functions/src/handlers/clubs.ts')).handler as unknown as Handler;
  const memberships = (await import('../functions/src/handlers/memberships.ts'))
    .handler as unknown as Handler;

  const meter = meterRequests(db());

  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      const table = `bench_${size}`;
      await ensureTable(dynamodb.endpoint, table);
      process.env.TABLE_NAME = table;
      const now = Date.now();
      const rand = random(42);
      const started = performance.now();
      const made: Club[] = Array.from({ length: size }, () => makeClub(rand, now));
      // Exactly the items of an active club as the repositories write them.
      const items: Record<string, unknown>[] = made.flatMap((club) => [
        { ...clubItem(club), indexVersion: 0 },
        membershipItem({
          clubId: club.id,
          userId: club.ownerId,
          role: 'club_owner',
          status: 'active',
          createdAt: club.createdAt,
        }),
        ...indexItemsOf(club).map((item) => ({ ...item })),
      ]);
      await batchWriteAll(db(), table, items);
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
      console.log(
        `${size} clubs: ${items.length} items written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      const requests: [string, Handler, APIGatewayProxyEventV2][] = [
        ['directory, first page', clubs, httpEvent('listClubs')],
        ['search "yoga"', clubs, httpEvent('listClubs', { query: { q: 'yoga' } })],
        ['category tab "wellness"', clubs, httpEvent('listClubs', { query: { tab: 'wellness' } })],
        [
          'tab "free" + size "small"',
          clubs,
          httpEvent('listClubs', { query: { tab: 'free', size: 'small' } }),
        ],
        ['recently added', clubs, httpEvent('listClubs', { query: { recent: 'true' } })],
        [
          'dashboard memberships',
          memberships,
          httpEvent('listMyMemberships', { claims: memberClaims(user) }),
        ],
      ];
      for (const [label, handler, ev] of requests) {
        for (let i = 0; i < WARMUP; i += 1) await handler(ev, lambdaContext);
        const samples: number[] = [];
        meter.reset();
        let results = 0;
        for (let i = 0; i < N; i += 1) {
          const t = performance.now();
          const res = await handler(ev, lambdaContext);
          samples.push(performance.now() - t);
          if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
          results = (JSON.parse(res.body ?? '{}') as { items: unknown[] }).items.length;
        }
        samples.sort((a, b) => a - b);
        rows.push({
          request: label,
          size,
          median: percentile(samples, 0.5),
          p95: percentile(samples, 0.95),
          items: meter.itemsRead / N,
          calls: meter.requests / N,
          results,
        });
      }
    }
  } finally {
    await dynamodb.stop();
  }

  const labels = [...new Set(rows.map((r) => r.request))];
  const fmt = (v: number) => v.toFixed(1);
  console.log(
    `\n${N} measured calls per request after ${WARMUP} warm-up calls (in-process handler, DynamoDB Local)\n`,
  );
  console.log(
    '| request | median ms (100) | median ms (10,000) | p95 ms (100) | p95 ms (10,000) | items read (100) | items read (10,000) | DynamoDB calls (100 / 10,000) | results |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const label of labels) {
    const a = rows.find((r) => r.request === label && r.size === 100) as Row;
    const b = rows.find((r) => r.request === label && r.size === 10_000) as Row;
    console.log(
      `| ${label} | ${fmt(a.median)} | ${fmt(b.median)} | ${fmt(a.p95)} | ${fmt(b.p95)} | ${a.items} | ${b.items} | ${a.calls} / ${b.calls} | ${a.results} / ${b.results} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
