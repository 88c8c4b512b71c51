import type { StoredComment } from '@clubs/functions/data/repositories/comments';
import {
  addComment,
  deleteComment,
  getComment,
  listComments,
} from '@clubs/functions/data/repositories/comments';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newClub, newPost } from './helpers.ts';

const comment = (postId: string, overrides: Partial<StoredComment> = {}): StoredComment => ({
  id: ulid(),
  postId,
  authorId: ulid(),
  authorName: 'Max Member',
  authorAvatar: null,
  content: 'Nice!',
  createdAt: new Date().toISOString(),
  ...overrides,
});

describe('comments repository (counted in the same transaction)', () => {
  it('adds comments and counts them exactly under concurrency', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => addComment(club.id, comment(post.id))),
    );
    const created = results.filter((r) => r.created).length;
    expect(created).toBeGreaterThan(0);
    expect((await getPost(club.id, post.id))?.commentCount).toBe(created);
  });

  it('refuses a duplicate comment id and a missing post', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const first = comment(post.id);
    expect((await addComment(club.id, first)).created).toBe(true);
    expect(await addComment(club.id, { ...first, content: 'again' })).toEqual({
      created: false,
      reason: 'exists',
    });
    expect((await getPost(club.id, post.id))?.commentCount).toBe(1);
    const orphan = comment(ulid());
    expect(await addComment(club.id, orphan)).toEqual({ created: false, reason: 'no_post' });
    expect(await getComment(orphan.postId, orphan.id)).toBeNull();
  });

  it('lists oldest first with a cursor', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const base = Date.now() - 5000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const c = comment(post.id, { id: ulid(base + i * 1000) });
      await addComment(club.id, c);
      ids.push(c.id);
    }
    const first = await listComments(post.id, { limit: 2 });
    expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, 2));
    const rest = await listComments(post.id, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(rest.items.map((c) => c.id)).toEqual(ids.slice(2));
  });

  it('deletes a comment once and counts it down', async () => {
    const club = await newClub();
    const post = await newPost(club.id);
    const c = comment(post.id);
    await addComment(club.id, c);
    expect(await deleteComment(club.id, post.id, c.id)).toBe(true);
    expect(await deleteComment(club.id, post.id, c.id)).toBe(false);
    expect((await getPost(club.id, post.id))?.commentCount).toBe(0);
  });
});
