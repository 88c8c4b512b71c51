/**
 * `npm run bench:analytics`: what opening the Analytics page costs for a big club. Starts its own
 * in-memory DynamoDB Local (BENCH_DYNAMODB_PORT, else a free port), fills a table with a club of
 * 10,000 members and a year of history as the writes leave it (a roll-up item per day with the
 * day's counters and its ~40 engaged posts, one per month, the running figures, 6 course items,
 * and the 3,000 posts the days name), then calls the real club-admin handler in-process (the
 * access check and the service, as Lambda runs them) as the owner for each period, as a
 * moderator, and for the CSV, then the super-admin handler's platform figures for each period
 * over a year of the platform's day and month items on all 8 shards, and reports the median and
 * p95 latency, the DynamoDB requests and the items read per call. BENCH_N (default 200) measured calls each, after BENCH_WARMUP (30).
 *
 * Then the chart library's weight: in the built SPA (web/dist; built first when missing) the
 * gzipped size of every chunk holding uPlot, and whether any of them is loaded by the entry.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { STATS_COUNTERS } from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, lambdaContext, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const MEMBERS = 10_000;
const DAYS = 366;
const POSTS = 3_000;
const POSTS_PER_DAY = 40;

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

bench.runBench(
  RUNS,
  'in-process club-admin handler: access check + service, DynamoDB Local',
  async (store) => {
    const benchItems = await import('./bench-items.ts');
    const { postItem } = await import('@clubs/functions/data/repositories/posts');
    const { membershipItem } = await import('@clubs/functions/data/repositories/memberships');
    const { adminKeys, statsKeys } = await import('@clubs/shared/table-keys');
    const admin = (await import('@clubs/functions/routes/club-admin')).handler;
    const superAdmin = (await import('@clubs/functions/routes/super-admin')).handler;

    await store.useTable('bench_analytics');
    const now = Date.now();
    const random = bench.seededRandom(36);
    const memberIds = Array.from({ length: MEMBERS }, () => ulid());
    const club = bench.benchClub(
      { description: 'A club for measuring analytics.', memberCount: MEMBERS + 1 },
      now - 400 * bench.DAY,
    );
    const items = benchItems.clubWithMembers(club, memberIds);
    const moderatorId = memberIds[1] as string;
    items.push(
      membershipItem({
        clubId: club.id,
        userId: moderatorId,
        role: 'club_moderator',
        status: 'active',
        createdAt: club.createdAt,
      }),
    );
    const posts = Array.from({ length: POSTS }, (_, i) =>
      benchItems.textPost(
        club,
        i,
        { id: memberIds[i % MEMBERS] as string, index: i % MEMBERS },
        5 + (i % 50),
        now - (i / POSTS) * DAYS * bench.DAY,
      ),
    );
    items.push(...posts.map((post) => postItem(post)));
    const months = new Map<string, Record<string, number>>();
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = utcDay(now - back * bench.DAY);
      const counters = Object.fromEntries(STATS_COUNTERS.map((name) => [name, Math.floor(random() * 40)]));
      counters.joins = 30 + Math.floor(random() * 10);
      counters.leaves = Math.floor(random() * 5);
      counters.activeMembers = 800 + Math.floor(random() * 400);
      counters.mrrChange = Math.floor(random() * 2_000) - 500;
      counters.revenue = 20_000 + Math.floor(random() * 10_000);
      const engaged = Object.fromEntries(
        Array.from({ length: POSTS_PER_DAY }, () => [
          `post_${(posts[Math.floor(random() * POSTS)] as { id: string }).id}`,
          1 + Math.floor(random() * 30),
        ]),
      );
      items.push({
        ...statsKeys.day(club.id, day),
        type: 'club_stats',
        bucket: day,
        ...counters,
        ...engaged,
      });
      const month = months.get(day.slice(0, 7)) ?? {};
      for (const [name, value] of Object.entries(counters)) month[name] = (month[name] ?? 0) + value;
      months.set(day.slice(0, 7), month);
    }
    for (const [month, counters] of months) {
      items.push({ ...statsKeys.month(club.id, month), type: 'club_stats', bucket: month, ...counters });
    }
    items.push(...platformYear(adminKeys, random, now));
    items.push({
      ...statsKeys.running(club.id),
      type: 'club_running_stats',
      mrr: 1_250_000,
      activeSubscriptions: 1_000,
      currency: 'eur',
    });
    for (let c = 0; c < 6; c++) {
      const courseId = ulid();
      items.push({
        ...statsKeys.course(club.id, courseId),
        courseId,
        title: `Course ${c}`,
        started: 900,
        halfway: 500,
        finished: 200,
      });
    }
    await store.load(`${MEMBERS} members, ${DAYS} days of roll-ups, ${POSTS} posts`, items, 16);

    const rows: (string | number)[][] = [];
    const calls: [string, 'getClubAnalytics' | 'exportClubAnalytics', string, string][] = [
      ['analytics, 7 days (owner)', 'getClubAnalytics', club.ownerId, '7d'],
      ['analytics, 30 days (owner)', 'getClubAnalytics', club.ownerId, '30d'],
      ['analytics, 90 days (owner)', 'getClubAnalytics', club.ownerId, '90d'],
      ['analytics, 12 months (owner)', 'getClubAnalytics', club.ownerId, '12m'],
      ['analytics, 30 days (moderator)', 'getClubAnalytics', moderatorId, '30d'],
      ['CSV, 12 months (owner)', 'exportClubAnalytics', club.ownerId, '12m'],
    ];
    for (const [label, route, caller, period] of calls) {
      const event = httpEvent(route, {
        params: { clubId: club.id },
        query: { period },
        claims: memberClaims(caller),
      });
      const cost = await bench.measureCalls(store.meter, RUNS, async () => {
        if (route === 'exportClubAnalytics') {
          const result = await admin(event, lambdaContext);
          if (result.statusCode !== 200) throw new Error(`${label}: ${result.statusCode}`);
          return `${String(result.body).split('\r\n').length - 2} rows`;
        }
        const body = await bench.okBody<{ series: unknown[]; topPosts: unknown[] }>(label, admin, event);
        return `${body.series.length} points, ${body.topPosts.length} top posts`;
      });
      rows.push([label, ...bench.costCells(cost), cost.answer]);
    }
    const superAdminId = ulid();
    for (const period of ['7d', '30d', '90d', '12m']) {
      const label = `platform figures, ${period} (super admin)`;
      const event = httpEvent('getPlatformFigures', {
        query: { period },
        claims: memberClaims(superAdminId, { 'cognito:groups': 'super_admin' }),
      });
      const cost = await bench.measureCalls(store.meter, RUNS, async () => {
        const body = await bench.okBody<{ series: unknown[] }>(label, superAdmin, event);
        return `${body.series.length} points`;
      });
      rows.push([label, ...bench.costCells(cost), cost.answer]);
    }
    chartWeight();
    return { header: ['request', ...bench.COST_HEADER, 'answer'], rows };
  },
);

/**
 * A year of the platform figures' day and month items on all 8 shards (every shard changes
 * every day, as on a busy platform), and the shards' figures now.
 */
function platformYear(
  adminKeys: typeof import('@clubs/shared/table-keys').adminKeys,
  random: () => number,
  now: number,
): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const months = new Map<string, Record<string, number>>();
  for (let shard = 0; shard < 8; shard++) {
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = utcDay(now - back * bench.DAY);
      const counters = {
        clubs_active: Math.floor(random() * 4),
        clubs_pending: Math.floor(random() * 3) - 1,
        members: 200 + Math.floor(random() * 100),
        subscriptions_club_plan: Math.floor(random() * 3),
        subscriptions_membership: 20 + Math.floor(random() * 20),
        mrr_club_plan_usd: 8_800 * Math.floor(random() * 3),
        mrr_membership_usd: 50_000 + Math.floor(random() * 10_000),
        fees_usd: 5_000 + Math.floor(random() * 5_000),
        fees_eur: 1_000 + Math.floor(random() * 1_000),
      };
      items.push({ ...adminKeys.figuresDay(day, shard), type: 'platform_figures', bucket: day, ...counters });
      const key = `${shard}#${day.slice(0, 7)}`;
      const month = months.get(key) ?? {};
      for (const [name, value] of Object.entries(counters)) month[name] = (month[name] ?? 0) + value;
      months.set(key, month);
    }
    items.push({
      ...adminKeys.figures(shard),
      type: 'platform_figures',
      clubs_active: 500,
      clubs_pending: 20,
      members: 120_000,
      subscriptions_club_plan: 480,
      subscriptions_membership: 15_000,
    });
  }
  for (const [key, counters] of months) {
    const [shard, month] = key.split('#') as [string, string];
    items.push({
      ...adminKeys.figuresMonth(month, Number(shard)),
      type: 'platform_figures',
      bucket: month,
      ...counters,
    });
  }
  return items;
}

/** The gzipped weight of the chunks holding uPlot in the built SPA, and whether the entry loads one. */
function chartWeight(): void {
  const dist = join(import.meta.dirname, '..', 'web', 'dist');
  if (!existsSync(join(dist, 'index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit' });
  const assets = join(dist, 'assets');
  // A string of uPlot's own that survives minification (its legend's class name).
  const marker = 'u-legend';
  const chunks = readdirSync(assets).filter(
    (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(marker),
  );
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  console.log('\nChart library (uPlot) in the built SPA:');
  for (const file of chunks) {
    const code = readFileSync(join(assets, file));
    const inEntry = html.includes(file);
    console.log(
      `  ${file}: ${(gzipSync(code, { level: 9 }).length / 1000).toFixed(1)} KB gzip${inEntry ? ' (loaded by the entry!)' : ', loaded only where a chart shows (Analytics, the super-admin portal)'}`,
    );
  }
  const css = readdirSync(assets).filter(
    (file) => file.endsWith('.css') && readFileSync(join(assets, file), 'utf8').includes('.u-legend'),
  );
  for (const file of css)
    console.log(
      `  ${file}: ${(gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1000).toFixed(1)} KB gzip (styles)`,
    );
}
