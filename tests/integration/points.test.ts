import { addLike, getLike, removeLike } from '@clubs/functions/data/repositories/likes';
import { periodKey, pointsOf, topPoints, utcDay } from '@clubs/functions/data/repositories/points';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { deletePost } from '@clubs/functions/services/feed/posts';
import { levelOf } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newClub, newPost } from './repositories/helpers.ts';

const DAY = 86_400_000;

async function pointsIn(clubId: string, userId: string, today: string) {
  const out: Record<string, number> = {};
  for (const period of ['all', 'last7', 'last30'] as const) {
    out[period] = (await pointsOf(clubId, periodKey(period, today), [userId])).get(userId) ?? 0;
  }
  return out;
}

/** A post in a new club, and a way to like it as someone on a given day (now unless told). */
async function authorsPost() {
  const club = await newClub();
  const author = ulid();
  const post = await newPost(club.id, { authorId: author });
  const like = (userId: string, createdAt = new Date().toISOString()) =>
    addLike(club.id, { postId: post.id, userId, createdAt }, author);
  return { club, author, post, like };
}

describe('points from likes', () => {
  it('gives the author a point per like by someone else, in the same write, and takes it back', async () => {
    const { club, author, post, like } = await authorsPost();
    const today = utcDay(new Date());
    const fan = ulid();
    await like(fan);
    await like(author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 1, last7: 1, last30: 1 });
    expect(await removeLike(club.id, post.id, author)).toBe(true);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 1, last7: 1, last30: 1 });
    expect(await removeLike(club.id, post.id, fan)).toBe(true);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 0, last7: 0, last30: 0 });
  });

  it('counts a like in the windows its day falls in: 10 days ago is in the last 30 days, not the last 7', async () => {
    const { club, author, post, like } = await authorsPost();
    const fan = ulid();
    await like(fan, new Date(Date.now() - 10 * DAY).toISOString());
    await like(ulid());
    const today = utcDay(new Date());
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 2, last7: 1, last30: 2 });
    // Taking back the old like leaves the windows that have ended alone and fixes the current ones.
    expect(await removeLike(club.id, post.id, fan)).toBe(true);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 1, last7: 1, last30: 1 });
  });

  it('rolls by UTC day: "last 7 days" on day T holds days T-6 to T, and a like older than every window only all time', async () => {
    const { club, author, post, like } = await authorsPost();
    const today = utcDay(new Date());
    const dayAt = (daysAgo: number) =>
      new Date(Date.parse(today) - daysAgo * DAY + 12 * 3_600_000).toISOString();
    for (const daysAgo of [6, 7, 29, 30, 40]) await like(`fan-${daysAgo}`, dayAt(daysAgo));
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 5, last7: 1, last30: 3 });
    // Tomorrow's windows were summed in advance: the like of 6 days ago leaves the 7-day tab then.
    const tomorrow = utcDay(new Date(Date.parse(today) + DAY));
    expect(await pointsIn(club.id, author, tomorrow)).toEqual({ all: 5, last7: 0, last30: 2 });
    // Taking back the like of 40 days ago changes all time only; the open windows stay exact.
    expect(await removeLike(club.id, post.id, 'fan-40')).toBe(true);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 4, last7: 1, last30: 3 });
  });

  it('reads the top of a period most points first from the points index', async () => {
    const club = await newClub();
    const [a, b] = [ulid(), ulid()];
    const [postA, postB] = [await newPost(club.id, { authorId: a }), await newPost(club.id, { authorId: b })];
    const now = new Date().toISOString();
    for (let i = 0; i < 3; i++)
      await addLike(club.id, { postId: postB.id, userId: ulid(), createdAt: now }, b);
    await addLike(club.id, { postId: postA.id, userId: ulid(), createdAt: now }, a);
    const top = await topPoints(club.id, periodKey('all', utcDay(new Date())), { limit: 10 });
    expect(top.items).toEqual([
      { userId: b, points: 3 },
      { userId: a, points: 1 },
    ]);
    expect(levelOf(top.items[0]?.points ?? 0)).toBe(1);
  });

  it('takes back the points a deleted post earned, its likes with them, and leaves other posts’ points', async () => {
    const club = await newClub();
    const author = ulid();
    const [doomed, kept] = [
      await newPost(club.id, { authorId: author }),
      await newPost(club.id, { authorId: author }),
    ];
    const now = new Date().toISOString();
    const tenDaysAgo = new Date(Date.now() - 10 * DAY).toISOString();
    // 70 likes of one day: more than one transaction takes back.
    const fans = Array.from({ length: 70 }, () => ulid());
    for (const fan of fans)
      await addLike(club.id, { postId: doomed.id, userId: fan, createdAt: now }, author);
    await addLike(club.id, { postId: doomed.id, userId: ulid(), createdAt: tenDaysAgo }, author);
    await addLike(club.id, { postId: doomed.id, userId: author, createdAt: now }, author);
    await addLike(club.id, { postId: kept.id, userId: ulid(), createdAt: now }, author);
    await addLike(club.id, { postId: kept.id, userId: ulid(), createdAt: tenDaysAgo }, author);
    const today = utcDay(new Date());
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 73, last7: 71, last30: 73 });
    await deletePost(doomed, author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 2, last7: 1, last30: 2 });
    expect(await getLike(doomed.id, fans[0] ?? '')).toBeNull();
    expect(await getLike(doomed.id, author)).toBeNull();
  });
});

type StoredPost = Awaited<ReturnType<typeof newPost>>;

describe('points that cannot be farmed', () => {
  /** An author's posts in a new club, and their likes by one fan. */
  async function authorsPosts(count: number) {
    const club = await newClub();
    const author = ulid();
    const posts: StoredPost[] = [];
    for (let i = 0; i < count; i++) posts.push(await newPost(club.id, { authorId: author }));
    const at = (daysAgo = 0) => new Date(Date.now() - daysAgo * DAY).toISOString();
    return { club, author, posts, at };
  }

  it("counts one person's likes of an author once a UTC day, takes the point back with the day's last", async () => {
    const { club, author, posts, at } = await authorsPosts(3);
    const [p1, p2, p3] = posts as [StoredPost, StoredPost, StoredPost];
    const today = utcDay(new Date());
    const fan = ulid();
    for (const post of posts)
      await addLike(club.id, { postId: post.id, userId: fan, createdAt: at() }, author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 1, last7: 1, last30: 1 });
    // Unliking two of them leaves the day's point; liking one again adds nothing.
    await removeLike(club.id, p1.id, fan);
    await removeLike(club.id, p2.id, fan);
    await addLike(club.id, { postId: p1.id, userId: fan, createdAt: at() }, author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 1, last7: 1, last30: 1 });
    await removeLike(club.id, p1.id, fan);
    await removeLike(club.id, p3.id, fan);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 0, last7: 0, last30: 0 });
    // Another day, or another fan, is another point.
    await addLike(club.id, { postId: p1.id, userId: fan, createdAt: at(1) }, author);
    await addLike(club.id, { postId: p2.id, userId: fan, createdAt: at() }, author);
    await addLike(club.id, { postId: p2.id, userId: ulid(), createdAt: at() }, author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 3, last7: 3, last30: 3 });
  });

  it('moves the points by exactly one (or none) under 20 concurrent like and unlike toggles by one person', async () => {
    const { club, author, posts, at } = await authorsPosts(4);
    const today = utcDay(new Date());
    const fan = ulid();
    const toggles = Array.from({ length: 20 }, (_, i) => {
      const postId = (posts[i % posts.length] as StoredPost).id;
      return Math.floor(i / posts.length) % 2 === 0
        ? addLike(club.id, { postId, userId: fan, createdAt: at() }, author)
        : removeLike(club.id, postId, fan);
    });
    await Promise.all(toggles);
    const standing = (await Promise.all(posts.map((post) => getLike(post.id, fan)))).filter(Boolean).length;
    const point = standing > 0 ? 1 : 0;
    expect(await pointsIn(club.id, author, today)).toEqual({ all: point, last7: point, last30: point });
    for (const post of posts) {
      expect((await getPost(club.id, post.id, { consistent: true }))?.likeCount).toBe(
        (await getLike(post.id, fan)) ? 1 : 0,
      );
    }
    // All unliked at once: the point goes, exactly once.
    await Promise.all(posts.map((post) => removeLike(club.id, post.id, fan)));
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 0, last7: 0, last30: 0 });
  });

  it("keeps the day's point while another of the pair's likes stands when a liked post is deleted", async () => {
    const { club, author, posts, at } = await authorsPosts(2);
    const [doomed, kept] = posts as [StoredPost, StoredPost];
    const today = utcDay(new Date());
    const [fan, other] = [ulid(), ulid()];
    await addLike(club.id, { postId: doomed.id, userId: fan, createdAt: at() }, author);
    await addLike(club.id, { postId: kept.id, userId: fan, createdAt: at() }, author);
    await addLike(club.id, { postId: doomed.id, userId: other, createdAt: at() }, author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 2, last7: 2, last30: 2 });
    await deletePost(doomed, author);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 1, last7: 1, last30: 1 });
    await removeLike(club.id, kept.id, fan);
    expect(await pointsIn(club.id, author, today)).toEqual({ all: 0, last7: 0, last30: 0 });
  });
});
