/**
 * `npm run bench:admin`: does the super-admin 'All Clubs' table stay flat as the platform grows?
 * Starts its own DynamoDB Local, fills one table with 100 clubs and another with 10,000 (mixed
 * statuses, each with its owner's name and e-mail on its admin entry and its admin term items,
 * exactly as createClubWithOwner writes them), then calls the real super-admin handler in-process
 * and reports per request the median and p95 latency, DynamoDB requests and items read.
 * BENCH_N (default 200) measured calls each, after BENCH_WARMUP (default 30).
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { ClubStatus } from '@clubs/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ulid } from 'ulid';
import { type GroupHandler, httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const SIZES = [100, 10_000] as const;
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

bench.runBench(RUNS, 'in-process handler, DynamoDB Local', async (store) => {
  const { clubItem } = await import('@clubs/functions/data/repositories/clubs');
  const { adminEntryItems } = await import('@clubs/functions/data/admin-index');
  const admin = (await import('@clubs/functions/routes/super-admin')).handler as unknown as GroupHandler;
  const rows: (string | number)[][] = [];
  for (const size of SIZES) {
    await store.useTable(`bench_admin_${size}`);
    const rand = bench.seededRandom(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
    const now = Date.now();
    const items: Record<string, unknown>[] = [];
    let sampleEmail = '';
    for (let i = 0; i < size; i++) {
      const createdMs = now - Math.floor(rand() * 720 * bench.DAY);
      const owner = `${pick(FIRST)} ${pick(LAST)}`;
      const email = `${owner.replace(' ', '.')}${i}@example.com`;
      if (i === Math.floor(size / 2)) sampleEmail = email;
      const club = bench.benchClub(
        {
          name: `${pick(TOPICS)} ${pick(TOPICS)} club`,
          description: 'A club.',
          trialPeriod: 7,
          status: pick(STATUSES),
        },
        createdMs,
      );
      const admin = adminEntryItems(club, { name: owner, email });
      items.push({ ...clubItem(club), indexVersion: 0 }, admin.entry, ...admin.terms);
    }
    await store.load(`${size} clubs`, items);
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
      const cost = await bench.measureCalls(store.meter, RUNS, async () => {
        const body = await bench.okBody<{ items: unknown[] }>(label, admin, ev);
        return body.items.length;
      });
      rows.push([label, size, ...bench.costCells(cost), cost.answer]);
    }
  }
  return { header: ['request', 'clubs', ...bench.COST_HEADER, 'rows'], rows };
});
