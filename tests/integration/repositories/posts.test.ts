import {
  createPost,
  deletePost,
  getPinnedPostId,
  getPost,
  listPosts,
  pinPost,
  unpinPost,
  updatePost,
} from '@clubs/functions/data/repositories/posts';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newClub, newPost, postFixture } from './helpers.ts';

describe('posts repository', () => {
  it('creates a post with zero counters and reads it back with its own type', async () => {
    const club = await newClub();
    const fixture = postFixture(club.id, {
      type: 'image',
      media: [`club-media/${club.id}/posts/u/01arz3ndektsv4rrffq69g5fav.png`],
      title: '',
      content: '',
    });
    expect(await createPost(fixture)).toEqual({
      created: true,
      post: { ...fixture, likeCount: 0, commentCount: 0 },
    });
    const stored = await getPost(club.id, fixture.id);
    expect(stored).toEqual({ ...fixture, likeCount: 0, commentCount: 0 });
    expect(stored).not.toHaveProperty('likedByMe');
  });

  it('refuses a duplicate id and a missing club, writing nothing', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    expect(await createPost(postFixture(club.id, { id: post.id, title: 'Other' }))).toEqual({
      created: false,
      reason: 'exists',
    });
    expect((await getPost(club.id, post.id))?.title).toBe('Hello');
    const ghost = ulid();
    const orphan = postFixture(ghost);
    expect(await createPost(orphan)).toEqual({ created: false, reason: 'no_club' });
    expect(await getPost(ghost, orphan.id)).toBeNull();
  });

  it('lists newest first, paged by cursor, and refuses a foreign cursor', async () => {
    const club = await newClub();
    const base = Date.now() - 10_000;
    const ids = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await newPost(club.id, { id: ulid(base + i * 1000) })).id);
    }
    const first = await listPosts(club.id, { limit: 3 });
    expect(first.items.map((p) => p.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(first.nextCursor).toBeTruthy();
    const second = await listPosts(club.id, { limit: 3, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    const other = await newClub();
    await expect(listPosts(other.id, { limit: 3, cursor: first.nextCursor ?? undefined })).rejects.toThrow(
      /cursor/,
    );
    // Members and posts share the club partition: only posts are listed.
    expect((await listPosts(other.id, { limit: 10 })).items).toEqual([]);
  });

  it('updates the text of an existing post only', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    expect(await updatePost(club.id, post.id, { title: 'Edited', content: 'New' })).toMatchObject({
      title: 'Edited',
      content: 'New',
      type: 'text',
    });
    expect(await updatePost(club.id, ulid(), { title: 'x' })).toBeNull();
  });

  it('keeps one pinned post per club: pinning unpins the previous one, the feed query names it', async () => {
    const club = await newClub();
    const first = await newPost(club.id);
    const second = await newPost(club.id);
    expect(await pinPost(club.id, first.id)).toEqual({ done: true, unpinnedPostId: null });
    expect(await pinPost(club.id, second.id)).toEqual({ done: true, unpinnedPostId: first.id });
    expect((await getPost(club.id, first.id))?.isPinned).toBe(false);
    expect((await getPost(club.id, second.id))?.isPinned).toBe(true);
    expect(await getPinnedPostId(club.id)).toBe(second.id);
    const page = await listPosts(club.id, { limit: 10 });
    expect(page.pinnedPostId).toBe(second.id);
    // The pinned post is left out of the dated list (the feed puts it on top).
    expect(page.items.map((p) => p.id)).toEqual([first.id]);
    expect(await pinPost(club.id, ulid())).toEqual({ done: false, reason: 'no_post' });
    expect(await getPinnedPostId(club.id)).toBe(second.id);
    expect(await unpinPost(club.id, first.id)).toBe(false);
    expect(await unpinPost(club.id, second.id)).toBe(true);
    expect(await getPinnedPostId(club.id)).toBeNull();
    expect((await getPost(club.id, second.id))?.isPinned).toBe(false);
  });

  it('ends with exactly one pinned post when several are pinned at once', async () => {
    const club = await newClub();
    const posts = await Promise.all(Array.from({ length: 5 }, () => newPost(club.id)));
    await Promise.all(posts.map((post) => pinPost(club.id, post.id)));
    const pinned = (await Promise.all(posts.map((post) => getPost(club.id, post.id)))).filter(
      (p) => p?.isPinned,
    );
    expect(pinned).toHaveLength(1);
    expect(await getPinnedPostId(club.id)).toBe(pinned[0]?.id);
  });

  it('deleting the pinned post removes the pin', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    await pinPost(club.id, post.id);
    expect(await deletePost(club.id, post.id)).toBe(true);
    expect(await getPinnedPostId(club.id)).toBeNull();
  });

  it('deletes once', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    expect(await deletePost(club.id, post.id)).toBe(true);
    expect(await deletePost(club.id, post.id)).toBe(false);
    expect(await getPost(club.id, post.id)).toBeNull();
  });
});
