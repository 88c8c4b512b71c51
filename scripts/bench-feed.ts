/**
 * `npm run bench:feed`: does the club home stay flat as a club grows? Starts its own in-memory
 * DynamoDB Local (BENCH_DYNAMODB_PORT, else a free port), fills one table with a club of 100
 * posts (1,000 likes) and another with a club of 10,000 posts (100,000 likes), then calls the
 * real feed handler in-process (the access check and the services, as Lambda runs them) and
 * reports, for the first feed page of 20 and for the sidebar summary, the median and p95
 * latency, the DynamoDB requests and the items read per call (a middleware on the one document
 * client counts them). BENCH_N (default 200) measured calls each, after BENCH_WARMUP (30).
 *
 * Items are the ones the repositories write (clubItem, membershipItem, postItem, likeItem,
 * eventItem), loaded with BatchWriteItem so the large club loads in about a minute; like counts
 * on the posts equal the like items written. The pin goes through the repository (pinPost), and
 * the reader has liked a few posts of the first page.
 */
import '../infra/local/quiet-sdk.ts';
import type { Club, ClubSidebar, PostPage, RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { ensureTable } from '../infra/local/dynamodb.ts';
import { meterRequests } from '../infra/local/request-meter.ts';
import { httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const SIZES = [
  { posts: 100, likes: 1_000, members: 100 },
  { posts: 10_000, likes: 100_000, members: 1_000 },
] as const;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function main() {
  const dynamodb = await bench.startBenchDynamoDb();
  // Imported after the environment is set: the handlers read it.
  const { db } = await import('../functions/src/data/client.ts');
  const { clubItem } = await import('../functions/src/data/repositories/clubs.ts');
  const { membershipItem } = await import('../functions/src/data/repositories/memberships.ts');
  const { postItem, pinPost } = await import('../functions/src/data/repositories/posts.ts');
  const { likeItem } = await import('../functions/src/data/repositories/likes.ts');
  const { eventItem } = await import('../functions/src/data/repositories/events.ts');
  const { handler } = await import('../functions/src/handlers/feed.ts');
  const meter = meterRequests(db());

  const rows: (string | number)[][] = [];
  try {
    for (const size of SIZES) {
      const table = `bench_feed_${size.posts}`;
      await ensureTable(dynamodb.endpoint, table);
      process.env.TABLE_NAME = table;
      const started = performance.now();
      const now = Date.now();
      const ownerId = ulid();
      const memberIds = Array.from({ length: size.members }, () => ulid());
      const reader = memberIds[0] as string;
      const club: Club = {
        id: ulid(now - 400 * DAY),
        ownerId,
        name: 'Bench Club',
        description: 'A club for measuring the feed.',
        logoUrl: null,
        coverImageUrl: null,
        createdAt: new Date(now - 400 * DAY).toISOString(),
        price: 0,
        currency: 'USD',
        trialPeriod: 7,
        category: null,
        status: 'active',
        memberCount: size.members + 1,
      };
      const createdAt = club.createdAt;
      const counts = bench.likeCounts(size.posts, size.likes, size.members);
      const posts = counts.map((likeCount, i) => {
        const at = now - (size.posts - i) * MINUTE;
        return {
          id: ulid(at),
          clubId: club.id,
          authorId: memberIds[i % size.members] as string,
          authorName: `Member ${i % size.members}`,
          authorAvatar: null,
          title: `Post ${i}`,
          content: `The text of post ${i}.`,
          type: 'text' as const,
          media: [],
          isPinned: false,
          likeCount,
          commentCount: 0,
          createdAt: new Date(at).toISOString(),
        };
      });
      const items: Record<string, unknown>[] = [
        { ...clubItem(club), indexVersion: 0 },
        membershipItem({ clubId: club.id, userId: ownerId, role: 'club_owner', status: 'active', createdAt }),
        ...memberIds.map((userId, i) => ({
          ...membershipItem({ clubId: club.id, userId, role: 'club_member', status: 'active', createdAt }),
          memberCard: { name: `Member ${i}`, avatarUrl: null },
        })),
        ...posts.map((post) => postItem(post)),
        // Each post is liked by its first likeCount members, so the reader (member 0) has liked them.
        ...posts.flatMap((post) =>
          memberIds
            .slice(0, post.likeCount)
            .map((userId) => likeItem({ postId: post.id, userId, createdAt: post.createdAt })),
        ),
        ...[1, 2, 3, 4, 5].map((days) => {
          const start = new Date(now + days * DAY);
          return eventItem({
            id: ulid(),
            clubId: club.id,
            title: `Event in ${days} days`,
            description: '',
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 60 * MINUTE).toISOString(),
            location: 'Online',
            attendeeCount: 0,
            createdBy: ownerId,
            thumbnail: null,
          });
        }),
      ];
      await bench.batchWriteAll(db(), table, items, 16);
      // An older post pinned, through the repository's transaction.
      await pinPost(club.id, (posts[Math.floor(size.posts / 2)] as { id: string }).id);
      console.log(
        `${size.posts} posts, ${size.likes} likes: ${items.length} items written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      const requests: [string, RouteId][] = [
        ['feed, first page of 20', 'listPosts'],
        ['sidebar summary', 'getClubSidebar'],
      ];
      for (const [label, route] of requests) {
        const event = httpEvent(route, { params: { clubId: club.id }, claims: memberClaims(reader) });
        const cost = await bench.measureCalls(meter, RUNS, async () => {
          const body = await bench.okBody<PostPage & ClubSidebar>(label, handler, event);
          return route === 'listPosts'
            ? body.items.length
            : body.members.length + body.trendingPosts.length + body.upcomingEvents.length;
        });
        rows.push([label, size.posts, ...bench.costCells(cost), cost.answer]);
      }
    }
  } finally {
    meter.stop();
    await dynamodb.stop();
  }

  console.log(
    `\n${RUNS.runs} measured calls per request after ${RUNS.warmup} warm-up calls (in-process feed handler: access check + service, DynamoDB Local)\n`,
  );
  bench.printTable(['request', 'posts', ...bench.COST_HEADER, 'results'], rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
