/**
 * The demo data of `npm start`, seeded as the local stack seeds it (cognito-local, s3rver and
 * this file's table), read back through the product's repositories: every post's like and comment
 * counts equal its rows, each club's pin names its one post marked pinned, post files are stored
 * where uploads go with a type posts allow, and the demo member's feed of Morning Yoga Collective
 * leads with the pinned post and carries a picture and a video. And the seed's table is what the
 * event path makes: the seed puts no change event (it rebuilds each club's search index once), and
 * every change its writes would announce, given to the search index's consumer, writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { countItems, queryAll } from '@clubs/functions/data/query';
import { getPosts, listPosts } from '@clubs/functions/data/repositories/posts';
import { inspectMedia } from '@clubs/functions/media/uploads';
import { handler as chatHandler } from '@clubs/functions/routes/chat';
import { handler as coursesHandler } from '@clubs/functions/routes/courses';
import { handler } from '@clubs/functions/routes/feed';
import { leaderboardPage } from '@clubs/functions/services/leaderboard';
import { indexChange } from '@clubs/functions/services/search/index-change';
import { type CognitoLocal, startCognitoLocal } from '@clubs/infra/local/cognito.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@clubs/infra/local/config.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { DEMO_CLUBS } from '@clubs/infra/local/seed/data.ts';
import {
  type AnyChangeEvent,
  CLUB_IMAGE_UPLOAD,
  type Club,
  type ConversationMessages,
  type ConversationPage,
  type CourseCardPage,
  type CourseDetail,
  POST_MEDIA_UPLOAD,
  type PostPage,
  postMediaPrefixOf,
  QUIET_CHANGE_TYPES,
} from '@clubs/shared';
import { keys, prefixes } from '@clubs/shared/table-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../support/demo-seed.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { type MediaStore, startMediaStore } from '../support/media-store.ts';

const BUCKET = 'clubs-media-seed-test';
let dir: string;
let store: MediaStore;
let cognito: CognitoLocal;
const clubs: Club[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clubs-seed-'));
  [store, cognito] = await Promise.all([
    startMediaStore(BUCKET),
    freePort().then((port) => startCognitoLocal({ port, dataDir: dir })),
  ]);
  await seedDemo(
    { cognito, store, bucket: BUCKET, localDir: dir },
    {
      onClubSeeded: async (club) => {
        clubs.push(club);
      },
    },
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([store?.stop(), cognito?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const clubNamed = (name: string) => {
  const club = clubs.find((c) => c.name === name);
  if (!club) throw new Error(`${name} was not seeded`);
  return club;
};

/** Every post of a club: the newest-first listing leaves the pinned post out, read by key. */
async function postsOf(clubId: string) {
  const { items, pinnedPostId, nextCursor } = await listPosts(clubId, { limit: 100 });
  expect(nextCursor).toBeNull();
  const pinned = pinnedPostId ? await getPosts(clubId, [pinnedPostId]) : [];
  return { posts: [...pinned, ...items], pinnedPostId };
}

const rowsOf = (postId: string, prefix: string) =>
  countItems({ partition: keys.comment(postId, '').pk, sortKey: { beginsWith: prefix } });

describe('the demo data', () => {
  it('gives every post counts equal to its like and comment rows, and each club one pin at most', async () => {
    let checked = 0;
    for (const demo of DEMO_CLUBS.filter((club) => (club.posts ?? []).length > 0)) {
      const club = clubNamed(demo.name);
      const { posts: items, pinnedPostId } = await postsOf(club.id);
      expect(items.map((post) => post.title).sort()).toEqual((demo.posts ?? []).map((p) => p.title).sort());
      for (const post of items) {
        expect({ post: post.title, likes: await rowsOf(post.id, prefixes.like) }).toEqual({
          post: post.title,
          likes: post.likeCount,
        });
        expect(await rowsOf(post.id, prefixes.comment)).toBe(post.commentCount);
        checked++;
      }
      const pinned = items.filter((post) => post.isPinned);
      const wanted = (demo.posts ?? []).filter((p) => p.pinned).map((p) => p.title);
      expect(pinned.map((post) => post.title)).toEqual(wanted);
      expect(pinnedPostId).toBe(pinned[0]?.id ?? null);
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('gives authors a point a day per person liking their posts, members across several levels', async () => {
    const levels = new Set<number>();
    for (const demo of DEMO_CLUBS.filter((club) => (club.posts ?? []).length > 0)) {
      const club = clubNamed(demo.name);
      // One point per author, liker and UTC day of the like (self-likes none).
      const pairDays = new Set<string>();
      for (const post of (await postsOf(club.id)).posts) {
        const likes = await queryAll(
          { partition: keys.comment(post.id, '').pk, sortKey: { beginsWith: prefixes.like } },
          (item) => ({ userId: String(item.userId), day: String(item.createdAt).slice(0, 10) }),
        );
        for (const like of likes) {
          if (like.userId !== post.authorId) pairDays.add(`${post.authorId}#${like.userId}#${like.day}`);
        }
      }
      const earned = pairDays.size;
      const board = await leaderboardPage(club.id, { period: 'all', limit: 100 });
      expect({ club: demo.name, points: board.items.reduce((sum, row) => sum + row.points, 0) }).toEqual({
        club: demo.name,
        points: earned,
      });
      for (const row of board.items) levels.add(row.level);
    }
    expect([...levels]).toEqual(expect.arrayContaining([1, 2, 3]));
  });

  it('stores post files where uploads go, of the types posts allow', async () => {
    let files = 0;
    for (const club of clubs) {
      for (const post of (await postsOf(club.id)).posts) {
        for (const key of post.media) {
          expect(key.startsWith(`${postMediaPrefixOf(club.id, post.authorId)}/`)).toBe(true);
          const stored = await inspectMedia(key);
          expect(stored?.size).toBeGreaterThan(0);
          expect(stored?.size).toBeLessThanOrEqual(POST_MEDIA_UPLOAD.maxBytes);
          expect(POST_MEDIA_UPLOAD.contentTypes).toContain(stored?.contentType);
          expect(stored?.contentType.startsWith(`${post.type}/`)).toBe(true);
          files++;
        }
      }
    }
    expect(files).toBeGreaterThanOrEqual(5);
  });

  it('stores club logos and covers as the raster images an owner may upload, WebP, never SVG', async () => {
    for (const club of clubs) {
      for (const url of [club.logoUrl, club.coverImageUrl]) {
        expect(url).toMatch(/^\/media\/clubs\/.+\.webp$/);
        const stored = await inspectMedia(String(url).slice('/media/'.length));
        expect(stored?.contentType).toBe('image/webp');
        expect(CLUB_IMAGE_UPLOAD.contentTypes).toContain(stored?.contentType);
        expect(stored?.size).toBeGreaterThan(0);
        expect(stored?.size).toBeLessThanOrEqual(CLUB_IMAGE_UPLOAD.maxBytes);
      }
    }
    expect(clubs.length).toBe(DEMO_CLUBS.length);
  });

  it("shows member@clubs.local Morning Yoga Collective's feed: the pinned post first, a picture and a video; and their chats", async () => {
    const client = new CognitoIdentityProviderClient({
      endpoint: cognito.url,
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'member@clubs.local' }),
    );
    client.destroy();
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value as string;
    const yoga = clubNamed('Morning Yoga Collective');
    const res = await invoke<PostPage>(
      handler,
      httpEvent('listPosts', { claims: memberClaims(sub), params: { clubId: yoga.id } }),
    );
    expect(res.status).toBe(200);
    const [first] = res.body.items;
    expect(first?.title).toBe('Welcome to the Collective!');
    expect(first?.isPinned).toBe(true);
    const media = res.body.items.flatMap((post) =>
      post.media.map((m) => ({ type: post.type, kind: m.kind })),
    );
    expect(media).toContainEqual({ type: 'image', kind: 'image' });
    expect(media).toContainEqual({ type: 'video', kind: 'video' });
    const video = res.body.items.find((post) => post.type === 'video')?.media[0];
    // The signed URL serves the stored clip.
    const served = await fetch(video?.url as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/webm');

    // The demo course: sections with pictures and a video, and the member part-way through it.
    const cards = await invoke<CourseCardPage>(
      coursesHandler,
      httpEvent('listCourses', { claims: memberClaims(sub), params: { clubId: yoga.id } }),
    );
    const [course] = cards.body.items;
    expect(course?.progress).toMatchObject({ done: 2, total: 5 });
    const detail = await invoke<CourseDetail>(
      coursesHandler,
      httpEvent('getCourse', {
        claims: memberClaims(sub),
        params: { clubId: yoga.id, courseId: course?.id ?? '' },
      }),
    );
    const [pictured] = detail.body.sections;
    expect(pictured?.featuredImage).toMatch(/^http/);
    expect((await fetch(pictured?.featuredImage as string)).headers.get('content-type')).toBe('image/png');
    expect(detail.body.sections.at(-1)?.htmlContent).toMatch(
      /^<video src="http[^"]+" controls="controls"><\/video>$/,
    );

    // Their chats: three conversations, newest activity first, two of them unread, and the other
    // side of the newest one sees it read.
    const inbox = await invoke<ConversationPage>(
      chatHandler,
      httpEvent('listConversations', { claims: memberClaims(sub) }),
    );
    expect(inbox.body.items.map((c) => [c.lastMessagePreview, c.unread])).toEqual([
      ['Sunday. I can save you a spot near the window.', true],
      ['Welcome back! Which strap did you end up buying?', true],
      ['Perfect, see you there.', false],
    ]);
    const unread = await invoke<{ conversations: number }>(
      chatHandler,
      httpEvent('getChatUnreadCount', { claims: memberClaims(sub) }),
    );
    expect(unread.body.conversations).toBe(2);
    const opened = await invoke<ConversationMessages>(
      chatHandler,
      httpEvent('listConversationMessages', {
        claims: memberClaims(sub),
        params: { conversationId: inbox.body.items[2]?.id ?? '' },
      }),
    );
    expect(opened.body.conversation).toMatchObject({
      clubName: 'Morning Yoga Collective',
      other: { name: 'Olivia Owner' },
    });
    expect(opened.body.conversation.seenUpTo).toBe(opened.body.items[0]?.id);
  });
});

/** Every item of the table, sorted by key (a test may Scan). */
async function everyItem(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const key = (item: Record<string, unknown>) => `${String(item.pk)}\u0000${String(item.sk)}`;
  return items.sort((a, b) => key(a).localeCompare(key(b)));
}

describe("the seed's table against the event path", () => {
  it('is unchanged by the search consumer given every member card, post, comment and event change', async () => {
    const before = await everyItem();
    let changes = 0;
    let writes = 0;
    const at = new Date().toISOString();
    const base = { id: '01JZ0000000000000000000000', at, actorId: 'seed' } as const;
    for (const club of clubs) {
      const members = await queryAll(
        { partition: keys.club(club.id).pk, sortKey: { beginsWith: prefixes.member } },
        (item) => String(item.userId),
      );
      const { posts } = await postsOf(club.id);
      const events = await queryAll(
        { partition: keys.club(club.id).pk, sortKey: { beginsWith: prefixes.event } },
        (item) => String(item.id),
      );
      const refs: AnyChangeEvent[] = [
        ...members.map((memberId) => ({
          ...base,
          type: QUIET_CHANGE_TYPES.memberCardChanged,
          clubId: club.id,
          memberId,
        })),
        ...posts.map((post) => ({
          ...base,
          type: QUIET_CHANGE_TYPES.postEdited,
          clubId: club.id,
          postId: post.id,
        })),
        ...events.map((eventId) => ({
          ...base,
          type: QUIET_CHANGE_TYPES.eventChanged,
          clubId: club.id,
          eventId,
        })),
      ];
      // A comment's change is heard as one that names it (the consumer reads it as stored now).
      for (const post of posts) {
        const commentIds = await queryAll(
          { partition: keys.comment(post.id, '').pk, sortKey: { beginsWith: prefixes.comment } },
          (item) => String(item.id),
        );
        for (const commentId of commentIds) {
          refs.push({
            ...base,
            type: QUIET_CHANGE_TYPES.commentDeleted,
            clubId: club.id,
            postId: post.id,
            commentId,
          });
        }
      }
      for (const change of refs) {
        const report = await indexChange(change);
        changes += 1;
        writes += report.puts + report.deletes;
      }
    }
    expect(changes).toBeGreaterThan(200);
    expect(writes).toBe(0);
    expect(await everyItem()).toEqual(before);
  }, 300_000);
});
