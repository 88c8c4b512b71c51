/**
 * `npm run bench:admin`: does the super-admin 'All Clubs' table stay flat as the platform grows?
 * Starts its own DynamoDB Local, fills one table with 100 clubs and another with 10,000 (mixed
 * statuses, each with its owner's name and e-mail on its admin entry and its admin term items,
 * exactly as createClubWithOwner writes them), then calls the real super-admin handler in-process
 * and reports per request the median and p95 latency, DynamoDB requests and items read.
 * BENCH_N (default 200) measured calls each, after BENCH_WARMUP (default 30).
 */
import '../infra/local/quiet-sdk.ts';
import type { Club, ClubStatus } from '@clubs/shared';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { ensureTable } from '../infra/local/dynamodb.ts';
import { meterRequests } from '../infra/local/request-meter.ts';
import { httpEvent, lambdaContext, memberClaims } from '../tests/support/http-event.ts';
import { batchWriteAll, percentile, startBenchDynamoDb } from './bench-support.ts';

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const SIZES = [100, 10_000] as const;
const DAY = 24 * 60 * 60 * 1000;
const FIRST = ['ada', 'bram', 'cleo', 'dara', 'emil', 'fay', 'gus', 'hana', 'ivo', 'jun', 'kai', 'lena'];
const LAST = ['stone', 'rivers', 'marsh', 'field', 'brook', 'vale', 'hart', 'lund', 'moss', 'reed'];
const TOPICS = [
  'yoga',
  'chess',
  'running',
  'pottery',
  'jazz',
  'coding',
  'baking',
  'hiking',
  'poetry',
  'tennis',
];
const STATUSES: ClubStatus[] = ['active', 'active', 'active', 'active', 'unpaid', 'pending', 'inactive'];

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<{ statusCode?: number; body?: string }>;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function main() {
  const dynamodb = await startBenchDynamoDb();
  const { db } = await import('../functions/src/data/client.ts');
  const { clubItem } = await import('../functions/src/data/repositories/clubs.ts');
  const { adminEntryItems } = await import('../functions/src/data/admin-index.ts');
  const admin = (await import('../functions/src/handlers/super-admin.ts')).handler as unknown as Handler;
  const meter = meterRequests(db());
  const rows: {
    request: string;
    size: number;
    median: number;
    p95: number;
    items: number;
    calls: number;
    results: number;
  }[] = [];
  try {
    for (const size of SIZES) {
      const table = `bench_admin_${size}`;
      await ensureTable(dynamodb.endpoint, table);
      process.env.TABLE_NAME = table;
      const rand = random(7);
      const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
      const now = Date.now();
      const items: Record<string, unknown>[] = [];
      let sampleEmail = '';
      for (let i = 0; i < size; i++) {
        const createdMs = now - Math.floor(rand() * 720 * DAY);
        const owner = `${pick(FIRST)} ${pick(LAST)}`;
        const email = `${owner.replace(' ', '.')}${i}@example.com`;
        if (i === Math.floor(size / 2)) sampleEmail = email;
        const club: Club = {
          id: ulid(createdMs),
          ownerId: ulid(),
          name: `${pick(TOPICS)} ${pick(TOPICS)} club`,
          description: 'A club.',
          logoUrl: null,
          coverImageUrl: null,
          createdAt: new Date(createdMs).toISOString(),
          price: 0,
          currency: 'USD',
          trialPeriod: 7,
          category: null,
          status: pick(STATUSES),
          memberCount: 1,
        };
        const admin = adminEntryItems(club, { name: owner, email });
        items.push({ ...clubItem(club), indexVersion: 0 }, admin.entry, ...admin.terms);
      }
      await batchWriteAll(db(), table, items);
      const claims = memberClaims(ulid(), { 'cognito:groups': 'super_admin' });
      const requests: [string, APIGatewayProxyEventV2][] = [
        ['first page (All)', httpEvent('listAdminClubs', { claims })],
        ['search by owner e-mail', httpEvent('listAdminClubs', { claims, query: { q: sampleEmail } })],
        ['status filter "pending"', httpEvent('listAdminClubs', { claims, query: { status: 'pending' } })],
        [
          'search "yoga" + "unpaid"',
          httpEvent('listAdminClubs', { claims, query: { q: 'yoga', status: 'unpaid' } }),
        ],
      ];
      for (const [label, ev] of requests) {
        for (let i = 0; i < WARMUP; i++) await admin(ev, lambdaContext);
        const samples: number[] = [];
        meter.reset();
        let results = 0;
        for (let i = 0; i < N; i++) {
          const t = performance.now();
          const res = await admin(ev, lambdaContext);
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
  console.log(
    `\n${N} measured calls per request after ${WARMUP} warm-up calls (in-process handler, DynamoDB Local)\n`,
  );
  console.log('| request | clubs | median ms | p95 ms | DynamoDB requests | items read | rows |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.request} | ${r.size.toLocaleString('en')} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.calls} | ${r.items} | ${r.results} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
