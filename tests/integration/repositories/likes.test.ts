import type { Like } from '@clubs/functions/data/repositories/likes';
import { addLike, getLike, likedPostIds, removeLike } from '@clubs/functions/data/repositories/likes';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newClub, newPost } from './helpers.ts';

const like = (postId: string, userId = ulid()): Like => ({
  postId,
  userId,
  createdAt: new Date().toISOString(),
});

describe('likes repository (counted in the same transaction)', () => {
  it('counts a like once, even when the same person likes five times at once', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const user = ulid();
    const results = await Promise.all(Array.from({ length: 5 }, () => addLike(club.id, like(post.id, user))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => !r.created && r.reason === 'exists')).toHaveLength(4);
    expect((await getPost(club.id, post.id))?.likeCount).toBe(1);
    expect(await getLike(post.id, user)).toMatchObject({ postId: post.id, userId: user });
  });

  it('keeps likeCount exact under 20 concurrent likes by different people', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => addLike(club.id, like(post.id))));
    // Twenty different people: every like is stored and counted, none lost to a race.
    expect(results.filter((r) => r.created)).toHaveLength(20);
    expect((await getPost(club.id, post.id))?.likeCount).toBe(20);
  });

  it('unlikes once and never counts below zero', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const user = ulid();
    await addLike(club.id, like(post.id, user));
    expect(await removeLike(club.id, post.id, user)).toBe(true);
    expect(await removeLike(club.id, post.id, user)).toBe(false);
    expect((await getPost(club.id, post.id))?.likeCount).toBe(0);
    expect(await getLike(post.id, user)).toBeNull();
  });

  it('refuses a like of a missing post without writing it', async () => {
    const club = await newClub();
    const ghost = ulid();
    const user = ulid();
    expect(await addLike(club.id, like(ghost, user))).toEqual({ created: false, reason: 'no_post' });
    expect(await getLike(ghost, user)).toBeNull();
  });

  it('tells which posts a person liked, in batches', async () => {
    const club = await newClub();
    const user = ulid();
    const posts = await Promise.all(Array.from({ length: 4 }, () => newPost(club.id)));
    await addLike(club.id, like(posts[0]?.id ?? '', user));
    await addLike(club.id, like(posts[2]?.id ?? '', user));
    const many = [...posts.map((p) => p.id), ...Array.from({ length: 150 }, () => ulid())];
    expect(await likedPostIds(many, user)).toEqual(new Set([posts[0]?.id, posts[2]?.id]));
    expect(await likedPostIds([], user)).toEqual(new Set());
  });
});
