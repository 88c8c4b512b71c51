/**
 * Every reader of an index that projects less than whole items parses only attributes the index
 * holds, as shared/src/table.ts declares them (the declaration CDK, the local stack and the test
 * harness create the indexes from), and an item as the repositories write it still reads back
 * from what the index keeps of it.
 */

import { leaderboardEntrySchema, pointsItem } from '@clubs/functions/data/repositories/points';
import { postItem, type StoredPost, trendingPostSchema } from '@clubs/functions/data/repositories/posts';
import { type IndexDefinition, projectedAttributes, TABLE, TABLE_INDEXES } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';

interface IndexReader {
  readonly reader: string;
  readonly index: IndexDefinition;
  /** What the reader parses of each item it queries. */
  readonly schema: z.ZodObject;
}

/** The readers of the indexes that do not project ALL: each query on them in functions/src and scripts. */
const READERS: readonly IndexReader[] = [
  {
    reader: 'trendingPosts (the club home sidebar)',
    index: TABLE.indexes.byLikes,
    schema: trendingPostSchema,
  },
  {
    reader: 'topPoints (the leaderboard; countAbove only counts)',
    index: TABLE.indexes.byPoints,
    schema: leaderboardEntrySchema,
  },
];

/** An item as an index holds it: only its projected attributes. */
function asProjected(index: IndexDefinition, item: Record<string, unknown>): Record<string, unknown> {
  const projected = projectedAttributes(index);
  if (projected === 'all') return item;
  return Object.fromEntries(Object.entries(item).filter(([name]) => projected.has(name)));
}

const post: StoredPost = {
  id: ulid(),
  clubId: ulid(),
  authorId: ulid(),
  authorName: 'Ann Author',
  authorAvatar: '/media/avatars/ann.webp',
  title: 'A long post',
  content: 'word '.repeat(400),
  type: 'text',
  media: ['club-media/a.webp'],
  isPinned: false,
  likeCount: 7,
  commentCount: 3,
  createdAt: '2026-11-26T10:00:00.000Z',
  hidden: 'moderator',
};

describe('index projections', () => {
  it.each(READERS)('$reader reads only attributes its index projects', ({ index, schema }) => {
    const projected = projectedAttributes(index);
    expect(projected).not.toBe('all');
    const missing = Object.keys(schema.shape).filter((name) => projected !== 'all' && !projected.has(name));
    expect(missing).toEqual([]);
  });

  it('names a reader for every index that projects less than whole items', () => {
    const narrowed = TABLE_INDEXES.filter((index) => index.projection.type !== 'ALL').map((i) => i.name);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.filter((name) => !READERS.some((r) => r.index.name === name))).toEqual([]);
  });

  it('reads a trending post from what the likes index keeps of a post, without its content', () => {
    const kept = asProjected(TABLE.indexes.byLikes, postItem(post));
    expect(kept).not.toHaveProperty('content');
    expect(kept).not.toHaveProperty('commentCount');
    const { pk: _pk, sk: _sk, ...attributes } = kept;
    expect(trendingPostSchema.parse(attributes)).toEqual({
      id: post.id,
      title: post.title,
      authorName: post.authorName,
      likeCount: 7,
      hidden: 'moderator',
    });
  });

  it('reads a leaderboard row from what the points index keeps of a points item', () => {
    const userId = ulid();
    const item = pointsItem(post.clubId, userId, 'D7#2026-11-26', 4, 1_800_000_000);
    expect(item).toMatchObject(keys.points(post.clubId, userId, 'D7#2026-11-26'));
    const kept = asProjected(TABLE.indexes.byPoints, item);
    expect(kept).not.toHaveProperty('expiresAt');
    expect(leaderboardEntrySchema.parse(kept)).toEqual({ userId, points: 4 });
  });
});
