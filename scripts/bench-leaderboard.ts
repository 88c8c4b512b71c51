/**
 * `npm run bench:leaderboard`: does the leaderboard stay flat as a club grows? Starts its own
 * in-memory DynamoDB Local (BENCH_DYNAMODB_PORT, else a free port), fills one table with a club of
 * 100 members and another with a club of 10,000, each with 200,000 likes spread over the last 60
 * days, then calls the real handlers in-process (the access check and the services, as Lambda
 * runs them) and reports, for the all-time and 7-day leaderboards' first page of 20, a
 * mid-table member's own rank (the count above them is bounded) and the club home's sidebar
 * (its 3 upcoming events), the median and p95 latency, the DynamoDB requests and the items read
 * per call. BENCH_N (default 200) measured calls each, after BENCH_WARMUP (30).
 *
 * Items are the ones the repositories write (clubItem, membershipItem with its card, postItem,
 * likeItem, eventItem, and pointsItem holding what the like transactions sum: each author's
 * all-time points and the 7- and 30-day windows ending today and tomorrow, in case the run
 * crosses midnight UTC), loaded with BatchWriteItem.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const LIKES = 200_000;
const SIZES = [
  { members: 100, posts: 4_000 },
  { members: 10_000, posts: 10_000 },
] as const;
/** Likes are spread over this many days back, so the windows hold a part of them. */
const SPREAD_DAYS = 60;

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

bench.runBench(RUNS, 'in-process handlers: access check + service, DynamoDB Local', async (store) => {
  const benchItems = await import('./bench-items.ts');
  const { postItem } = await import('@clubs/functions/data/repositories/posts');
  const { likeItem } = await import('@clubs/functions/data/repositories/likes');
  const { pointsItem } = await import('@clubs/functions/data/repositories/points');
  const events = (await import('@clubs/functions/routes/calendar-events')).handler;
  const feed = (await import('@clubs/functions/routes/feed')).handler;

  const rows: (string | number)[][] = [];
  for (const size of SIZES) {
    await store.useTable(`bench_leaderboard_${size.members}`);
    const now = Date.now();
    const memberIds = Array.from({ length: size.members }, () => ulid());
    const club = bench.benchClub(
      { description: 'A club for measuring the leaderboard.', trialPeriod: 7, memberCount: size.members + 1 },
      now - 400 * bench.DAY,
    );
    // Each post's likes come from the members after its author (never the author: no self-likes).
    const counts = bench.likeCounts(size.posts, LIKES, size.members - 1);
    const days = [0, 1].map((ahead) => utcDay(now + ahead * bench.DAY));
    const points = new Map<string, { all: number; windows: Map<string, number> }>();
    const items = benchItems.clubWithMembers(club, memberIds);
    counts.forEach((likeCount, p) => {
      const authorIndex = (p * 7919) % size.members;
      const authorId = memberIds[authorIndex] as string;
      const postedAt = now - SPREAD_DAYS * bench.DAY - p * bench.MINUTE;
      const post = benchItems.textPost(club, p, { id: authorId, index: authorIndex }, likeCount, postedAt);
      items.push(postItem(post));
      const mine = points.get(authorId) ?? { all: 0, windows: new Map<string, number>() };
      points.set(authorId, mine);
      for (let l = 0; l < likeCount; l++) {
        const likerId = memberIds[(authorIndex + 1 + l) % size.members] as string;
        const at = now - ((p * 31 + l * 7) % SPREAD_DAYS) * bench.DAY - ((p + l) % 600) * bench.MINUTE;
        items.push(
          likeItem({
            postId: post.id,
            userId: likerId,
            createdAt: new Date(at).toISOString(),
            pointsFor: authorId,
          }),
        );
        mine.all += 1;
        for (const end of days) {
          const age = (Date.parse(end) - Date.parse(utcDay(at))) / bench.DAY;
          for (const span of [7, 30]) {
            if (age >= 0 && age < span) {
              const key = `D${span}#${end}`;
              mine.windows.set(key, (mine.windows.get(key) ?? 0) + 1);
            }
          }
        }
      }
    });
    for (const [userId, mine] of points) {
      items.push(pointsItem(club.id, userId, 'ALL', mine.all));
      for (const [period, value] of mine.windows) {
        items.push(pointsItem(club.id, userId, period, value, Math.floor(now / 1000) + 40 * 86_400));
      }
    }
    items.push(...benchItems.upcomingEvents(club, now));
    await store.load(`${size.members} members, ${LIKES} likes`, items, 16);

    // The reader is the member whose all-time points put them in the middle of the table.
    const byPoints = [...points].sort((a, b) => b[1].all - a[1].all);
    const midTable = byPoints[Math.floor(byPoints.length / 2)]?.[0] as string;
    const reader = memberIds[0] as string;
    const requests: [string, RouteId, typeof events, string, Record<string, string>][] = [
      ['all-time leaderboard, first page of 20', 'getLeaderboard', events, reader, { period: 'all' }],
      ['7-day leaderboard, first page of 20', 'getLeaderboard', events, reader, { period: 'last7' }],
      [
        'own rank (all time), mid-table member',
        'getLeaderboardStanding',
        events,
        midTable,
        { period: 'all' },
      ],
      [
        'own rank (7 days), mid-table member',
        'getLeaderboardStanding',
        events,
        midTable,
        { period: 'last7' },
      ],
      ['sidebar (3 upcoming events)', 'getClubSidebar', feed, reader, {}],
    ];
    for (const [label, route, handler, caller, query] of requests) {
      const event = httpEvent(route, { params: { clubId: club.id }, query, claims: memberClaims(caller) });
      const cost = await bench.measureCalls(store.meter, RUNS, async () => {
        const body = await bench.okBody<Record<string, unknown>>(label, handler, event);
        return describe(body);
      });
      rows.push([label, size.members, ...bench.costCells(cost), cost.answer]);
    }
  }
  return { header: ['request', 'members', ...bench.COST_HEADER, 'answer'], rows };
});

/** What an answer held, for the table: rows and top points, a rank, or the sidebar's events. */
function describe(body: Record<string, unknown>): string {
  if (Array.isArray(body.items)) {
    const top = (body.items[0] as { points?: number } | undefined)?.points ?? 0;
    return `${body.items.length} rows, top ${top} points`;
  }
  if ('me' in body) {
    const me = body.me as { rank: number; points: number } | null;
    return me
      ? `rank ${body.rankBeyond ? `beyond ${body.rankBeyond}` : me.rank}, ${me.points} points`
      : 'no row';
  }
  return `${(body.upcomingEvents as unknown[] | undefined)?.length ?? 0} upcoming events`;
}
