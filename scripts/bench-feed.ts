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
import '@clubs/infra/local/quiet-sdk.ts';
import type { ClubSidebar, PostPage, RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const SIZES = [
  { posts: 100, likes: 1_000, members: 100 },
  { posts: 10_000, likes: 100_000, members: 1_000 },
] as const;

bench.runBench(RUNS, 'in-process feed handler: access check + service, DynamoDB Local', async (store) => {
  const items = await import('./bench-items.ts');
  const { postItem, pinPost } = await import('@clubs/functions/data/repositories/posts');
  const { likeItem } = await import('@clubs/functions/data/repositories/likes');
  const { handler } = await import('@clubs/functions/routes/feed');

  const rows: (string | number)[][] = [];
  for (const size of SIZES) {
    await store.useTable(`bench_feed_${size.posts}`);
    const now = Date.now();
    const memberIds = Array.from({ length: size.members }, () => ulid());
    const reader = memberIds[0] as string;
    const club = bench.benchClub(
      { description: 'A club for measuring the feed.', trialPeriod: 7, memberCount: size.members + 1 },
      now - 400 * bench.DAY,
    );
    const counts = bench.likeCounts(size.posts, size.likes, size.members);
    const posts = counts.map((likeCount, i) => {
      const author = { id: memberIds[i % size.members] as string, index: i % size.members };
      return items.textPost(club, i, author, likeCount, now - (size.posts - i) * bench.MINUTE);
    });
    await store.load(
      `${size.posts} posts, ${size.likes} likes`,
      [
        ...items.clubWithMembers(club, memberIds),
        ...posts.map((post) => postItem(post)),
        // Each post is liked by its first likeCount members, so the reader (member 0) has liked them.
        ...posts.flatMap((post) =>
          memberIds
            .slice(0, post.likeCount)
            .map((userId) => likeItem({ postId: post.id, userId, createdAt: post.createdAt })),
        ),
        ...items.upcomingEvents(club, now),
      ],
      16,
    );
    // An older post pinned, through the repository's transaction.
    await pinPost(club.id, (posts[Math.floor(size.posts / 2)] as { id: string }).id);

    const requests: [string, RouteId][] = [
      ['feed, first page of 20', 'listPosts'],
      ['sidebar summary', 'getClubSidebar'],
    ];
    for (const [label, route] of requests) {
      const event = httpEvent(route, { params: { clubId: club.id }, claims: memberClaims(reader) });
      const cost = await bench.measureCalls(store.meter, RUNS, async () => {
        const body = await bench.okBody<PostPage & ClubSidebar>(label, handler, event);
        return route === 'listPosts'
          ? body.items.length
          : body.members.length + body.trendingPosts.length + body.upcomingEvents.length;
      });
      rows.push([label, size.posts, ...bench.costCells(cost), cost.answer]);
    }
  }
  return { header: ['request', 'posts', ...bench.COST_HEADER, 'results'], rows };
});
