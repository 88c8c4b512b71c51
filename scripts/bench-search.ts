/**
 * `npm run bench:search`: does a search inside a club stay flat as the club grows? Starts its own
 * in-memory DynamoDB Local, fills one table with a club of 100 posts (500 comments) and another
 * with a club of 10,000 posts (50,000 comments), each post, comment and its word-index postings
 * made by the product's own item functions (postItem, commentItem, and the word index's
 * postingItems from the same documents the request path indexes), loaded with BatchWriteItem.
 * Then it calls the real feed handler's search in-process (the access check, one query of the
 * index, one batch of what matched) and reports, for a one-word and a three-word search, the
 * median and p95 latency, the DynamoDB requests and the items read per call. BENCH_N (default
 * 200) measured calls each, after BENCH_WARMUP (30). In the small club it also measures a post's
 * write through the handler (short and long) and the search index's consumer indexing each of
 * those posts afterwards (at most 50 calls each, after 5).
 *
 * Texts are made-up words of a long tail plus common words each text holds with a fixed chance
 * (a seeded random), so the searched words are as common in the large club as in the small one:
 * "stretch" in about one text in eight, "breathing" and "morning" in one in five.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { SearchResults } from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const SIZES = [
  { posts: 100, comments: 500, members: 100 },
  { posts: 10_000, comments: 50_000, members: 1_000 },
] as const;

/** Words each text holds with a given chance; the rest are made-up words of a long tail. */
const COMMON: readonly [string, number][] = [
  ['stretch', 0.12],
  ['breathing', 0.2],
  ['morning', 0.2],
  ['balance', 0.2],
  ['strength', 0.2],
  ['routine', 0.2],
];
const TAIL = Array.from({ length: 5000 }, (_, i) => `word${i.toString(36)}`);

function text(random: () => number, words: number): string {
  const out = Array.from({ length: words }, () => TAIL[Math.floor(random() * TAIL.length)] as string);
  for (const [word, chance] of COMMON)
    if (random() < chance) out.splice(Math.floor(random() * out.length), 0, word);
  return out.join(' ');
}

const QUERIES = [
  ['one word', 'stretch'],
  ['three words', 'breathing morning stretch'],
] as const;

/** Writes measured per post length: fewer runs, each leaves a post (and its postings) behind. */
const WRITE_RUNS = { runs: Math.min(RUNS.runs, 50), warmup: Math.min(RUNS.warmup, 5) };
const POST_LENGTHS = [
  ['short post', 12],
  ['long post', 400],
] as const;

/**
 * A post's write through the feed handler (the access check, the post, the author's level and
 * activity; the change event is not put, no bus being configured), then the search index's
 * consumer reconciling each post written (its manifest, the post, the postings, the manifest).
 */
async function writeCosts(store: bench.BenchStore, clubId: string, author: string, random: () => number) {
  const { handler } = await import('@clubs/functions/routes/feed');
  const { reconcileDocument } = await import('@clubs/functions/services/search/reconcile');
  const rows: (string | number)[][] = [];
  for (const [label, words] of POST_LENGTHS) {
    const written: string[] = [];
    const write = await bench.measureCalls(store.meter, WRITE_RUNS, async () => {
      const res = await invoke<{ id: string }>(
        handler,
        httpEvent('createPost', {
          params: { clubId },
          body: { title: text(random, 4), content: text(random, words) },
          claims: memberClaims(author),
        }),
      );
      if (res.status !== 201) throw new Error(`createPost: ${res.status} ${JSON.stringify(res.body)}`);
      written.push(res.body.id);
      return 'created';
    });
    rows.push([`write: ${label} (${words} words)`, '', '', ...bench.costCells(write), write.answer]);
    let next = 0;
    const index = await bench.measureCalls(store.meter, WRITE_RUNS, async () => {
      const report = await reconcileDocument(clubId, { kind: 'post', id: written[next++] as string });
      return `${report.puts} postings`;
    });
    rows.push([`index: ${label} (consumer)`, '', '', ...bench.costCells(index), index.answer]);
  }
  return rows;
}

bench.runBench(
  RUNS,
  'in-process feed handler search: access check + index query + batch, DynamoDB Local',
  async (store) => {
    const items = await import('./bench-items.ts');
    const { postItem } = await import('@clubs/functions/data/repositories/posts');
    const { commentItem } = await import('@clubs/functions/data/repositories/comments');
    const { postingItems } = await import('@clubs/functions/data/word-index');
    const { postDocument, commentDocument } = await import('@clubs/functions/services/search/documents');
    const { handler } = await import('@clubs/functions/routes/feed');

    const rows: (string | number)[][] = [];
    for (const size of SIZES) {
      await store.useTable(`bench_search_${size.posts}`);
      const random = bench.seededRandom(size.posts);
      const now = Date.now();
      const memberIds = Array.from({ length: size.members }, () => ulid());
      const reader = memberIds[0] as string;
      const club = bench.benchClub(
        { description: 'A club for measuring search.', memberCount: size.members + 1 },
        now - 400 * bench.DAY,
      );
      const posts = Array.from({ length: size.posts }, (_, i) => {
        const author = { id: memberIds[i % size.members] as string, index: i % size.members };
        const post = items.textPost(club, i, author, 0, now - (size.posts - i) * bench.MINUTE);
        return { ...post, title: text(random, 3), content: text(random, 9), commentCount: 0 };
      });
      const comments = Array.from({ length: size.comments }, (_, i) => {
        const post = posts[i % size.posts] as (typeof posts)[number];
        post.commentCount += 1;
        const author = memberIds[(i * 7) % size.members] as string;
        const at = Date.parse(post.createdAt) + (i + 1) * 1000;
        return {
          id: ulid(at),
          postId: post.id,
          authorId: author,
          authorName: 'Member',
          authorAvatar: null,
          content: text(random, 4),
          createdAt: new Date(at).toISOString(),
        };
      });
      await store.load(
        `${size.posts} posts, ${size.comments} comments with their postings`,
        [
          ...items.clubWithMembers(club, memberIds),
          ...posts.map((post) => postItem(post)),
          ...comments.map((comment) => commentItem(comment)),
          ...posts.flatMap((post) => postingItems(club.id, postDocument(post))),
          ...comments.flatMap((comment) => postingItems(club.id, commentDocument(comment))),
        ],
        16,
      );

      for (const [label, q] of QUERIES) {
        const event = httpEvent('searchClub', {
          params: { clubId: club.id },
          query: { q },
          claims: memberClaims(reader),
        });
        const cost = await bench.measureCalls(store.meter, RUNS, async () => {
          const body = await bench.okBody<SearchResults>(label, handler, event);
          const hits = body.posts.reduce((n, post) => n + (post.matched ? 1 : 0) + post.comments.length, 0);
          return `${hits} hits${body.nextCursor ? ', more' : ''}`;
        });
        rows.push([`${label} ("${q}")`, size.posts, size.comments, ...bench.costCells(cost), cost.answer]);
      }
      if (size === SIZES[0]) rows.push(...(await writeCosts(store, club.id, reader, random)));
    }
    return { header: ['search', 'posts', 'comments', ...bench.COST_HEADER, 'first page'], rows };
  },
);
