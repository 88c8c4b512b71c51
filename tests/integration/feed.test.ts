/**
 * The club feed through its handler on DynamoDB Local: posts sorted pinned first then newest,
 * likes and comments counted exactly under concurrency, one pinned post per club, the sidebar,
 * member profiles, and who may do what (active members; pending members, strangers and members
 * of another club refused, changing nothing).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { createEvent } from '@clubs/functions/data/repositories/calendar-events';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { getLike } from '@clubs/functions/data/repositories/likes';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { handler } from '@clubs/functions/routes/feed';
import type {
  ClubRole,
  ClubSidebar,
  Comment,
  CommentPage,
  LikeResult,
  MemberProfile,
  PinResult,
  Post,
  PostPage,
  RouteId,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string | null, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(
    handler,
    httpEvent(id, { ...options, ...(userId ? { claims: memberClaims(userId) } : {}) }),
  );

async function newClubWith(status: 'active' | 'unpaid' = 'active') {
  const ownerId = ulid();
  const { club } = await createClubWithOwner(clubFixture({ ownerId, status }));
  return { club, ownerId };
}

const member = (clubId: string, status: 'active' | 'pending' = 'active', role: ClubRole = 'club_member') =>
  addMember(clubId, { status, role });

const textPost = (title: string, content = `${title} content`) => ({ title, content });

async function post(clubId: string, userId: string, title: string) {
  const res = await call<Post>('createPost', userId, { params: { clubId }, body: textPost(title) });
  expect(res.status).toBe(201);
  return res.body;
}

const feed = (clubId: string, userId: string, query: Record<string, string> = {}) =>
  call<PostPage>('listPosts', userId, { params: { clubId }, query });

describe('posting and reading the feed', () => {
  it('lists pinned first, then newest first, paged by cursor, with author, counts and the caller’s like', async () => {
    const { club, ownerId } = await newClubWith();
    const alice = await member(club.id);
    const posts = [];
    for (const title of ['one', 'two', 'three', 'four', 'five'])
      posts.push(await post(club.id, alice, title));
    const [one, two] = posts;
    if (!one || !two) throw new Error('posts missing');
    expect(
      (await call<PinResult>('pinPost', ownerId, { params: { clubId: club.id, postId: one.id } })).body,
    ).toEqual({ postId: one.id, isPinned: true, unpinnedPostId: null });
    await call('likePost', ownerId, { params: { clubId: club.id, postId: two.id } });
    await call('addComment', alice, {
      params: { clubId: club.id, postId: two.id },
      body: { content: 'Nice' },
    });

    const first = await feed(club.id, ownerId, { limit: '3' });
    expect(first.status).toBe(200);
    // The pinned post counts in the first page's size: it leads, then the two newest.
    expect(first.body.items.map((p) => p.title)).toEqual(['one', 'five', 'four']);
    expect(first.body.items[0]).toMatchObject({ isPinned: true, actions: { canPin: true, canDelete: true } });
    const rest = [];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const page = await feed(club.id, ownerId, { limit: '3', cursor });
      rest.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    expect(rest.map((p) => p.title)).toEqual(['three', 'two']);
    expect(rest[1]).toMatchObject({
      author: { id: alice, name: 'Test Person', avatarUrl: null },
      likeCount: 1,
      commentCount: 1,
      likedByMe: true,
      actions: { canEdit: false, canDelete: true, canPin: true },
    });
    const asAlice = await call<Post>('getPost', alice, { params: { clubId: club.id, postId: two.id } });
    expect(asAlice.body).toMatchObject({
      likedByMe: false,
      likeCount: 1,
      actions: { canEdit: true, canPin: false },
    });
  });

  it('fills every page with the page size, the pinned post counted once on top, none skipped', async () => {
    const { club, ownerId } = await newClubWith();
    const titles = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const posts = [];
    for (const title of titles) posts.push(await post(club.id, ownerId, title));
    const pages = async (limit: number) => {
      const read: string[][] = [];
      let cursor: string | null | undefined;
      do {
        const page = await feed(club.id, ownerId, { limit: String(limit), ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        read.push(page.body.items.map((p) => p.title));
        cursor = page.body.nextCursor;
      } while (cursor);
      return read;
    };
    const newestFirst = [...titles].reverse();
    for (const pinned of ['p7', 'p5', 'p1']) {
      const target = posts.find((p) => p.title === pinned);
      if (!target) throw new Error('post missing');
      await call('pinPost', ownerId, { params: { clubId: club.id, postId: target.id } });
      for (const limit of [1, 2, 3, 20]) {
        const read = await pages(limit);
        expect(read.flat()).toEqual([pinned, ...newestFirst.filter((title) => title !== pinned)]);
        expect(read.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      }
    }
  });

  it('pins one post per club: pinning another unpins the first, persisted', async () => {
    const { club, ownerId } = await newClubWith();
    const a = await post(club.id, ownerId, 'a');
    const b = await post(club.id, ownerId, 'b');
    await call('pinPost', ownerId, { params: { clubId: club.id, postId: a.id } });
    const pinB = await call<PinResult>('pinPost', ownerId, { params: { clubId: club.id, postId: b.id } });
    expect(pinB.body).toEqual({ postId: b.id, isPinned: true, unpinnedPostId: a.id });
    const items = (await feed(club.id, ownerId)).body.items;
    expect(items.map((p) => [p.title, p.isPinned])).toEqual([
      ['b', true],
      ['a', false],
    ]);
    const unpin = await call<PinResult>('unpinPost', ownerId, { params: { clubId: club.id, postId: b.id } });
    expect(unpin.body).toMatchObject({ isPinned: false });
    expect((await feed(club.id, ownerId)).body.items.every((p) => !p.isPinned)).toBe(true);
  });

  it('lets the author edit, and the author or a manager delete, with likes and comments', async () => {
    const { club, ownerId } = await newClubWith();
    const alice = await member(club.id);
    const bob = await member(club.id);
    const moderator = await member(club.id, 'active', 'club_moderator');
    const mine = await post(club.id, alice, 'mine');
    const params = { clubId: club.id, postId: mine.id };
    const edited = await call<Post>('updatePost', alice, { params, body: textPost('edited', 'new text') });
    expect(edited.body).toMatchObject({ title: 'edited', content: 'new text' });
    expect(edited.body.updatedAt).not.toBeNull();
    expect((await call('updatePost', bob, { params, body: textPost('hijack') })).status).toBe(403);
    expect((await call('updatePost', ownerId, { params, body: textPost('owner') })).status).toBe(403);
    expect((await call('deletePost', bob, { params })).status).toBe(403);
    const comment = await call<Comment>('addComment', bob, { params, body: { content: '  hello  ' } });
    expect(comment.body).toMatchObject({ content: 'hello', canDelete: true, author: { id: bob } });
    const commentParams = { ...params, commentId: comment.body.id };
    expect((await call('deleteComment', alice, { params: commentParams })).status).toBe(403);
    expect((await call('deleteComment', moderator, { params: commentParams })).status).toBe(200);
    expect((await getPost(club.id, mine.id))?.commentCount).toBe(0);
    await call('likePost', bob, { params });
    expect((await call('deletePost', moderator, { params })).body).toEqual({ id: mine.id, deleted: true });
    expect(await getPost(club.id, mine.id)).toBeNull();
    expect(await getLike(mine.id, bob)).toBeNull();
    expect((await call('likePost', bob, { params })).status).toBe(404);
  });

  it('lists comments oldest first with their authors, paged', async () => {
    const { club, ownerId } = await newClubWith();
    const p = await post(club.id, ownerId, 'talk');
    const params = { clubId: club.id, postId: p.id };
    for (const content of ['first', 'second', 'third'])
      await call('addComment', ownerId, { params, body: { content } });
    const page = await call<CommentPage>('listComments', ownerId, { params, query: { limit: '2' } });
    expect(page.body.items.map((c) => c.content)).toEqual(['first', 'second']);
    const next = await call<CommentPage>('listComments', ownerId, {
      params,
      query: { limit: '2', cursor: page.body.nextCursor ?? '' },
    });
    expect(next.body.items.map((c) => c.content)).toEqual(['third']);
    expect((await getPost(club.id, p.id))?.commentCount).toBe(3);
  });
});

describe('likes under concurrency', () => {
  it('50 members liking one post at once give exactly 50', async () => {
    const { club, ownerId } = await newClubWith();
    const members = [];
    for (let i = 0; i < 50; i++) members.push(await member(club.id));
    const p = await post(club.id, ownerId, 'popular');
    const params = { clubId: club.id, postId: p.id };
    const answers = await Promise.all(members.map((m) => call<LikeResult>('likePost', m, { params })));
    expect(answers.every((a) => a.status === 200 && a.body.liked && a.body.changed)).toBe(true);
    expect((await getPost(club.id, p.id))?.likeCount).toBe(50);
    const again = await call<LikeResult>('likePost', members[0] as string, { params });
    expect(again.body).toEqual({ postId: p.id, liked: true, changed: false, likeCount: 50 });
  });

  it('one member liking and unliking 20 times at once ends consistent', async () => {
    const { club, ownerId } = await newClubWith();
    const alice = await member(club.id);
    const p = await post(club.id, ownerId, 'flip');
    const params = { clubId: club.id, postId: p.id };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<LikeResult>(i % 2 ? 'unlikePost' : 'likePost', alice, { params }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const liked = (await getLike(p.id, alice)) !== null;
    expect((await getPost(club.id, p.id))?.likeCount).toBe(liked ? 1 : 0);
    const view = await call<Post>('getPost', alice, { params });
    expect(view.body).toMatchObject({ likedByMe: liked, likeCount: liked ? 1 : 0 });
  });
});

describe('who may use the feed', () => {
  let clubId: string;
  let ownerId: string;
  let target: Post;
  let commentId: string;
  let outsiders: Record<string, string>;

  beforeAll(async () => {
    const setup = await newClubWith();
    clubId = setup.club.id;
    ownerId = setup.ownerId;
    target = await post(clubId, ownerId, 'members only');
    commentId = (
      await call<Comment>('addComment', ownerId, {
        params: { clubId, postId: target.id },
        body: { content: 'hi' },
      })
    ).body.id;
    const other = await newClubWith();
    outsiders = {
      stranger: ulid(),
      pending: await member(clubId, 'pending'),
      'member of another club': await member(other.club.id),
    };
  });

  const routes = (): [RouteId, EventOptions][] => {
    const postParams = { clubId, postId: target.id };
    return [
      ['listPosts', { params: { clubId } }],
      ['getPost', { params: postParams }],
      ['createPost', { params: { clubId }, body: textPost('intruder') }],
      ['updatePost', { params: postParams, body: textPost('defaced') }],
      ['deletePost', { params: postParams }],
      ['likePost', { params: postParams }],
      ['unlikePost', { params: postParams }],
      ['pinPost', { params: postParams }],
      ['unpinPost', { params: postParams }],
      ['listComments', { params: postParams }],
      ['addComment', { params: postParams, body: { content: 'spam' } }],
      ['deleteComment', { params: { ...postParams, commentId } }],
      [
        'createPostMediaUpload',
        { params: { clubId }, body: { postType: 'image', contentType: 'image/png', size: 10 } },
      ],
      ['getClubSidebar', { params: { clubId } }],
    ];
  };

  async function snapshot() {
    const page = await feed(clubId, ownerId, { limit: '100' });
    const comments = await call<CommentPage>('listComments', ownerId, {
      params: { clubId, postId: target.id },
    });
    return {
      posts: page.body.items.map(({ media: _media, ...rest }) => rest),
      comments: comments.body.items,
    };
  }

  it('refuses every feed route to a stranger, a pending member and a member of another club, changing nothing', async () => {
    const before = await snapshot();
    for (const [who, userId] of Object.entries(outsiders)) {
      for (const [id, options] of routes()) {
        const res = await call(id, userId, options);
        // Owner-only routes (pin, unpin) do not reveal themselves: 404; the rest answer 403.
        const expected = id === 'pinPost' || id === 'unpinPost' ? 404 : 403;
        expect(res.status, `${id} as ${who}`).toBe(expected);
        expect(res.body.error.code, `${id} as ${who}`).toBeTruthy();
        expect(JSON.stringify(res.body)).not.toContain('members only');
      }
    }
    for (const [id, options] of routes()) {
      expect((await call(id, null, options)).status, `${id} signed out`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses everyone but the owner in a club that is not active (its members are told why)', async () => {
    const { club, ownerId: owner } = await newClubWith('unpaid');
    const m = await member(club.id);
    expect((await feed(club.id, m)).body.error?.code).toBe('club_not_active');
    expect((await feed(club.id, ulid())).status).toBe(404);
    expect((await feed(club.id, owner)).status).toBe(200);
  });

  it('lets a super admin read but not write', async () => {
    const admin = { claims: memberClaims(ulid(), { 'cognito:groups': '[super_admin]' }) };
    expect((await invoke(handler, httpEvent('listPosts', { params: { clubId }, ...admin }))).status).toBe(
      200,
    );
    const write = httpEvent('createPost', { params: { clubId }, body: textPost('admin'), ...admin });
    expect((await invoke(handler, write)).status).toBe(403);
  });
});

describe('bad input changes nothing', () => {
  let clubId: string;
  let ownerId: string;
  let target: Post;

  beforeAll(async () => {
    const setup = await newClubWith();
    clubId = setup.club.id;
    ownerId = setup.ownerId;
    target = await post(clubId, ownerId, 'kept');
  });

  const count = async () => (await feed(clubId, ownerId, { limit: '100' })).body.items.length;

  it.each([
    ['a blank title', { title: '  ', content: 'text' }],
    ['blank content', { title: 'Title', content: '' }],
    ['an over-long title', { title: 'x'.repeat(201), content: 'text' }],
    ['over-long content', { title: 'Title', content: 'x'.repeat(10_001) }],
    ['an image post without files', { type: 'image', media: [] }],
    [
      'a media key outside the caller’s upload',
      { type: 'image', media: ['club-media/x/posts/y/01arz3ndektsv4rrffq69g5fav.png'] },
    ],
    ['an unknown field', { title: 'Title', content: 'text', isPinned: true }],
  ])('refuses %s with a 400', async (_, body) => {
    const before = await count();
    const res = await call('createPost', ownerId, { params: { clubId }, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBeTruthy();
    expect(await count()).toBe(before);
  });

  it('refuses blank and over-long comments and edits', async () => {
    const params = { clubId, postId: target.id };
    const blank = await call('addComment', ownerId, { params, body: { content: '   ' } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('A comment must not be blank');
    expect((await call('addComment', ownerId, { params, body: { content: 'x'.repeat(2001) } })).status).toBe(
      400,
    );
    expect((await call('updatePost', ownerId, { params, body: textPost('') })).status).toBe(400);
    const stored = await getPost(clubId, target.id);
    expect(stored).toMatchObject({ title: 'kept', commentCount: 0 });
  });

  it('answers unknown posts and another club’s post ids with 404', async () => {
    const other = await newClubWith();
    const foreign = await post(other.club.id, other.ownerId, 'elsewhere');
    for (const postId of [ulid(), foreign.id]) {
      const params = { clubId, postId };
      for (const id of ['getPost', 'likePost', 'unlikePost', 'listComments', 'deletePost'] as const) {
        expect((await call(id, ownerId, { params })).status, id).toBe(404);
      }
      expect((await call('addComment', ownerId, { params, body: { content: 'x' } })).status).toBe(404);
      expect((await call('pinPost', ownerId, { params })).status).toBe(404);
    }
    expect(await getPost(other.club.id, foreign.id)).toMatchObject({
      likeCount: 0,
      commentCount: 0,
      isPinned: false,
    });
  });

  it('refuses a file of the wrong type or 11 MB before signing, with the spec’s messages', async () => {
    const upload = (body: unknown) => call('createPostMediaUpload', ownerId, { params: { clubId }, body });
    const cases: [unknown, string][] = [
      [
        { postType: 'image', contentType: 'application/pdf', size: 100 },
        'Only image or video files are allowed',
      ],
      [
        { postType: 'image', contentType: 'image/png', size: 11 * 1024 * 1024 },
        'File size must be under 10MB',
      ],
      [{ postType: 'video', contentType: 'image/png', size: 100 }, 'Selected file is not a video'],
    ];
    for (const [body, message] of cases) {
      const res = await upload(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });

  it('refuses a bad cursor', async () => {
    expect((await feed(clubId, ownerId, { cursor: 'not-a-cursor' })).status).toBe(400);
  });
});

describe('the sidebar and member profiles', () => {
  it('gives 3 upcoming events, 3 trending posts by likes, 5 members and the about text', async () => {
    const { club, ownerId } = await newClubWith();
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await member(club.id));
    const posts = [];
    for (const title of ['p0', 'p1', 'p2', 'p3']) posts.push(await post(club.id, ownerId, title));
    for (const [index, p] of posts.entries()) {
      for (const m of members.slice(0, index))
        await call('likePost', m, { params: { clubId: club.id, postId: p.id } });
    }
    const day = 24 * 3600 * 1000;
    for (const offset of [-1, 3, 1, 2, 4]) {
      const start = new Date(Date.now() + offset * day);
      await createEvent({
        id: ulid(),
        clubId: club.id,
        title: `in ${offset}`,
        description: '',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3600_000).toISOString(),
        location: 'Online',
        createdBy: ownerId,
        thumbnail: null,
      });
    }
    const res = await call<ClubSidebar>('getClubSidebar', members[0] as string, {
      params: { clubId: club.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.about).toBe(club.description);
    expect(res.body.upcomingEvents.map((e) => e.title)).toEqual(['in 1', 'in 2', 'in 3']);
    expect(res.body.trendingPosts.map((p) => [p.title, p.likeCount])).toEqual([
      ['p3', 3],
      ['p2', 2],
      ['p1', 1],
    ]);
    expect(res.body.trendingPosts[0]?.authorName).toBe(
      (await getPost(club.id, posts[3]?.id ?? ''))?.authorName,
    );
    expect(res.body.members).toHaveLength(5);
    expect(res.body.memberCount).toBe((await getClub(club.id))?.memberCount);
    // The likes index holds only what the list shows; a hidden post still leaves it.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.post(club.id, posts[3]?.id ?? ''),
        UpdateExpression: 'SET #hidden = :hidden',
        ExpressionAttributeNames: { '#hidden': 'hidden' },
        ExpressionAttributeValues: { ':hidden': 'moderator' },
      }),
    );
    const later = await call<ClubSidebar>('getClubSidebar', members[0] as string, {
      params: { clubId: club.id },
    });
    expect(later.body.trendingPosts.map((p) => p.title)).toEqual(['p2', 'p1']);
  });

  it('shows a member to people sharing an active club, with shared clubs and recent posts; 404 otherwise', async () => {
    const { club, ownerId } = await newClubWith();
    const alice = await member(club.id);
    await post(club.id, alice, 'from alice');
    const elsewhere = await newClubWith();
    await addMember(elsewhere.club.id, { userId: alice });
    await post(elsewhere.club.id, alice, 'not shared');
    await addPerson('Alice Example', { id: alice, bio: 'Runs', location: 'Lisbon' });
    const seen = await call<MemberProfile>('getMemberProfile', ownerId, { params: { userId: alice } });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ name: 'Alice Example', bio: 'Runs', location: 'Lisbon' });
    expect(seen.body.sharedClubs.map((c) => c.id)).toEqual([club.id]);
    expect(seen.body.recentPosts.map((p) => p.title)).toEqual(['from alice']);
    const pending = await member(club.id, 'pending');
    for (const viewer of [ulid(), pending]) {
      const res = await call('getMemberProfile', viewer, { params: { userId: alice } });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('from alice');
    }
  });
});
