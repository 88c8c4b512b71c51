import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  setPostPinned,
  updatePost,
} from '@clubs/functions/data/repositories/posts';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newClub, newPost, postFixture } from './helpers.ts';

describe('posts repository', () => {
  it('creates a post with zero counters and reads it back with its own type', async () => {
    const club = await newClub();
    const fixture = postFixture(club.id, { type: 'image', media: ['/media/a.png'], title: '', content: '' });
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

  it('updates fields and pinning of an existing post only', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    expect(
      await updatePost(club.id, post.id, { title: 'Edited', type: 'video', media: ['/media/v.mp4'] }),
    ).toMatchObject({
      title: 'Edited',
      type: 'video',
      media: ['/media/v.mp4'],
    });
    expect((await setPostPinned(club.id, post.id, true))?.isPinned).toBe(true);
    expect(await updatePost(club.id, ulid(), { title: 'x' })).toBeNull();
  });

  it('deletes once', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    expect(await deletePost(club.id, post.id)).toBe(true);
    expect(await deletePost(club.id, post.id)).toBe(false);
    expect(await getPost(club.id, post.id)).toBeNull();
  });
});
