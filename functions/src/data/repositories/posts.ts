import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { hiddenReasonSchema, idSchema, isoDateTime, postTypeSchema, TABLE } from '@clubs/shared';
import { indexKeys, keys, prefixes, withoutKeys } from '@clubs/shared/table-keys';
import * as z from 'zod';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { statsActions } from '../club-stats.ts';
import type { TransactItem } from '../counted-write.ts';
import { createUnder } from '../create-under.ts';
import { encodeCursor } from '../cursor.ts';
import { deleteChildItems } from '../delete-children.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getEntity, getItem, type ReadOptions } from '../get-item.ts';
import { queryPage } from '../query.ts';
import { updateExistingItem, updateExistingItemWith } from '../update-item.ts';
import { deleteLikesOfDeletedPost } from './likes.ts';
import { ALL_TIME, pointsIn } from './points.ts';
import { storedAuthorShape } from './stored-author.ts';

/**
 * A post as stored: `media` holds the keys of its members-only files (services sign URLs for
 * them per reader). Post ids are ULIDs, so the sort key orders a club's posts by time.
 */
export const storedPostSchema = z.object({
  id: idSchema,
  clubId: idSchema,
  ...storedAuthorShape,
  title: z.string(),
  content: z.string(),
  type: postTypeSchema,
  media: z.array(z.string()),
  isPinned: z.boolean(),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  createdAt: isoDateTime,
  updatedAt: isoDateTime.optional(),
  /** Why the post is hidden from everyone but its author (reports, a moderator, held for approval). */
  hidden: hiddenReasonSchema.optional(),
  /** Written with the club's API key, in its owner's name. */
  viaApi: z.literal(true).optional(),
});
export type StoredPost = z.infer<typeof storedPostSchema>;
export type NewPost = Omit<StoredPost, 'likeCount' | 'commentCount'>;

/**
 * The item attribute `type` names the entity (and withoutKeys drops it), so the post's own type
 * (text, image, video) is stored as `postType`.
 */
const POST_TYPE_ATTRIBUTE = 'postType';

export function toPost(item: Record<string, unknown>): StoredPost {
  const { [POST_TYPE_ATTRIBUTE]: postType, ...rest } = withoutKeys(item);
  return storedPostSchema.parse({ ...rest, type: postType });
}

export function postItem(post: StoredPost) {
  const { type: postType, ...rest } = post;
  return {
    ...keys.post(post.clubId, post.id),
    type: 'post',
    ...indexKeys.authorPost(post.authorId, post.createdAt, post.id),
    ...indexKeys.trendingPartition(post.clubId),
    ...rest,
    [POST_TYPE_ATTRIBUTE]: postType,
  };
}

/** A post by key; `consistent` reads it after a write of the same request (e.g. its new count). */
export async function getPost(
  clubId: string,
  postId: string,
  options?: ReadOptions,
): Promise<StoredPost | null> {
  return getEntity(keys.post(clubId, postId), toPost, options);
}

export type CreatePostResult =
  | { created: true; post: StoredPost }
  | { created: false; reason: 'exists' | 'no_club' | 'limited' };

/**
 * Creates a post with zero likes and comments, only in a club that exists; `also` holds actions
 * written in the same transaction (an announcement's rate window), 'limited' when one is refused.
 */
export async function createPost(
  post: NewPost,
  also: readonly TransactItem[] = [],
): Promise<CreatePostResult> {
  const stored: StoredPost = { ...post, likeCount: 0, commentCount: 0 };
  const result = await createUnder(keys.club(post.clubId), [postItem(stored)], {
    // The club's analytics count the post on its day (club-stats.ts).
    alongside: [
      ...statsActions(post.clubId, new Date(post.createdAt), { posts: 1 }, { by: post.authorId }),
      ...also,
    ],
  });
  if (result.created) return { created: true, post: stored };
  if (result.reason === 'alongside_refused') return { created: false, reason: 'limited' };
  return { created: false, reason: result.reason === 'no_parent' ? 'no_club' : 'exists' };
}

const PIN_ITEM_TYPE = 'pin';

type FeedEntry = {
  key: Record<string, string>;
  pin?: { postId: string; authorId: string | null };
  post?: StoredPost;
};

/**
 * One page of a club's posts, newest first, paged by cursor, holding `limit` posts in all: the
 * pinned post counts once, on the first page (its service puts it on top), and is left out
 * where it falls by date. The pin item sorts after every post, so the first page's query reads
 * it first in the same request. One query of `limit + 1` items is always enough to fill the
 * page past the pin item or the pinned post; the cursor is the key of the last post consumed,
 * so what was read beyond it is read again by the next page and no post is skipped.
 */
export async function listPosts(
  clubId: string,
  page: { limit: number; cursor?: string },
): Promise<{
  items: StoredPost[];
  pinnedPostId: string | null;
  /** The pinned post's author as the pin item names it (null for a pin written before it did). */
  pinnedAuthorId: string | null;
  nextCursor: string | null;
}> {
  const partition = keys.club(clubId).pk;
  const read = await queryPage(
    { partition, sortKey: { beginsWith: prefixes.post }, order: 'descending' },
    { limit: page.limit + 1, cursor: page.cursor },
    (item): FeedEntry => {
      const key = { pk: String(item.pk), sk: String(item.sk) };
      if (item.type !== PIN_ITEM_TYPE) return { key, post: toPost(item) };
      const authorId = typeof item.authorId === 'string' ? item.authorId : null;
      return { key, pin: { postId: String(item.postId), authorId } };
    },
  );
  const pin = read.items.find((entry) => entry.pin)?.pin ?? null;
  const pinnedPostId = pin?.postId ?? null;
  const room = page.limit - (pinnedPostId ? 1 : 0);
  const items: StoredPost[] = [];
  let consumed = 0;
  for (const { post } of read.items) {
    const shown = post && !post.isPinned && post.id !== pinnedPostId;
    if (shown && items.length === room) break;
    consumed++;
    if (shown) items.push(post);
  }
  const last = read.items[consumed - 1];
  const more = consumed < read.items.length || read.nextCursor !== null;
  return {
    items,
    pinnedPostId,
    pinnedAuthorId: pin?.authorId ?? null,
    nextCursor: more && last ? encodeCursor(last.key) : null,
  };
}

/** Posts of one club by id, missing ones left out: one request per 100. */
export async function getPosts(clubId: string, postIds: readonly string[]): Promise<StoredPost[]> {
  const found = await batchGet(postIds.map((id) => keys.post(clubId, id)));
  return [...new Set(postIds)].flatMap((id) => {
    const item = found.get(keyId(keys.post(clubId, id)));
    return item ? [toPost(item)] : [];
  });
}

/**
 * In one request (per 100 keys): the posts of `postIds`, which of `likeCandidates` the user has
 * liked, and the all-time points of `authorIds` in the club (their level). The feed uses it for
 * the pinned post, the page's like marks and its authors' levels together.
 */
export async function getPostsAndLikes(
  clubId: string,
  postIds: readonly string[],
  likeCandidates: readonly string[],
  userId: string,
  authorIds: readonly string[] = [],
): Promise<{ posts: Map<string, StoredPost>; liked: Set<string>; allTimePoints: Map<string, number> }> {
  const found = await batchGet([
    ...postIds.map((id) => keys.post(clubId, id)),
    ...likeCandidates.map((id) => keys.like(id, userId)),
    ...authorIds.map((id) => keys.points(clubId, id, ALL_TIME)),
  ]);
  const allTimePoints = new Map(
    authorIds.map((id) => [id, pointsIn(found.get(keyId(keys.points(clubId, id, ALL_TIME))))]),
  );
  const posts = new Map<string, StoredPost>();
  for (const id of postIds) {
    const item = found.get(keyId(keys.post(clubId, id)));
    if (item) posts.set(id, toPost(item));
  }
  const liked = new Set(likeCandidates.filter((id) => found.has(keyId(keys.like(id, userId)))));
  return { posts, liked, allTimePoints };
}

/** The id of the club's pinned post, or null. */
export async function getPinnedPostId(clubId: string): Promise<string | null> {
  const item = await getItem(keys.pinnedPost(clubId), { consistent: true });
  return typeof item?.postId === 'string' ? item.postId : null;
}

/**
 * A post as the trending list reads it from the likes index, which holds only these attributes
 * of a post (shared/src/table.ts), so a like does not copy the whole post into it.
 */
export const trendingPostSchema = storedPostSchema.pick({
  id: true,
  title: true,
  authorName: true,
  likeCount: true,
  hidden: true,
});
export type TrendingPost = z.infer<typeof trendingPostSchema>;

/** A club's most liked posts, most first: one query on the likes index, `limit` items read. */
export async function trendingPosts(clubId: string, limit: number): Promise<TrendingPost[]> {
  const page = await queryPage(
    {
      index: TABLE.indexes.byLikes,
      partition: indexKeys.trendingPartition(clubId).gsi4pk,
      order: 'descending',
    },
    { limit },
    (item) => trendingPostSchema.parse(withoutKeys(item)),
  );
  return page.items;
}

/** An author's newest posts across clubs: one query on the author index, `limit` items read. */
export async function recentPostsByAuthor(authorId: string, limit: number): Promise<StoredPost[]> {
  const page = await queryPage(
    { index: TABLE.indexes.byOwner, partition: indexKeys.authorPostPartition(authorId), order: 'descending' },
    { limit },
    toPost,
  );
  return page.items;
}

export type PostChanges = Partial<Pick<StoredPost, 'title' | 'content' | 'updatedAt'>>;

/** Changes the editable fields of an existing post; null when there is no such post. */
export function updatePost(clubId: string, postId: string, changes: PostChanges): Promise<StoredPost | null> {
  return updateExistingItem(keys.post(clubId, postId), changes, toPost);
}

/** updatePost with `also` in its transaction (the edit's outbox item): false when there was no post. */
export function updatePostWith(
  clubId: string,
  postId: string,
  changes: PostChanges,
  also: readonly TransactItem[],
): Promise<boolean> {
  return updateExistingItemWith(keys.post(clubId, postId), changes, also);
}

const setPinned = (clubId: string, postId: string, isPinned: boolean): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.post(clubId, postId),
    UpdateExpression: 'SET #isPinned = :isPinned',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#isPinned': 'isPinned' },
    ExpressionAttributeValues: { ':isPinned': isPinned },
  },
});

/** The pin item as it was read: absent, or pointing at `postId`. */
const pinUnchanged = (previous: string | null) =>
  previous === null
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: '#postId = :previous',
        ExpressionAttributeNames: { '#postId': 'postId' },
        ExpressionAttributeValues: { ':previous': previous },
      };

const PIN_ATTEMPTS = 5;

export type PinOutcome = { done: true; unpinnedPostId: string | null } | { done: false; reason: 'no_post' };

/**
 * Pins a post, unpinning the one pinned before, in one transaction conditioned on the pin as
 * read; a concurrent pin makes it read again and retry, so exactly one post ends up pinned.
 */
export async function pinPost(clubId: string, postId: string, authorId?: string): Promise<PinOutcome> {
  for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
    const previous = await getPinnedPostId(clubId);
    if (previous === postId) return { done: true, unpinnedPostId: null };
    const actions: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          // The author rides along so the feed's first page reads their level with its likes.
          Item: {
            ...keys.pinnedPost(clubId),
            type: PIN_ITEM_TYPE,
            postId,
            ...(authorId ? { authorId } : {}),
          },
          ...pinUnchanged(previous),
        },
      },
      setPinned(clubId, postId, true),
    ];
    if (previous) actions.push(setPinned(clubId, previous, false));
    try {
      await db().send(new TransactWriteCommand({ TransactItems: actions }));
      return { done: true, unpinnedPostId: previous };
    } catch (error) {
      const failed = transactionConditionFailures(error);
      if (!failed) throw error;
      if (failed.includes(1)) return { done: false, reason: 'no_post' };
      // The pin changed meanwhile (or its old post went away): read it again.
    }
  }
  throw new Error(`the pin of club ${clubId} changed too often`);
}

/** Unpins the post if it is the pinned one; false when it was not pinned. */
export async function unpinPost(clubId: string, postId: string): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: keys.pinnedPost(clubId), ...pinUnchanged(postId) } },
          setPinned(clubId, postId, false),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}

/**
 * Deletes the post item (and the pin, when it is the pinned post) in one transaction with `also`
 * (the deletion's outbox item); false
 * when there was no such post. Its comments and likes live in the post's own partition and are
 * no longer reachable through the club; removing them is the caller's.
 */
export async function deletePost(
  clubId: string,
  postId: string,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
    const pinned = (await getPinnedPostId(clubId)) === postId;
    const actions: TransactItem[] = [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.post(clubId, postId),
          // Conditioned on the pin as read, so a post pinned meanwhile never leaves a dangling pin.
          ConditionExpression: 'attribute_exists(pk) AND #isPinned = :pinned',
          ExpressionAttributeNames: { '#isPinned': 'isPinned' },
          ExpressionAttributeValues: { ':pinned': pinned },
        },
      },
    ];
    if (pinned) {
      actions.push({
        Delete: { TableName: tableName(), Key: keys.pinnedPost(clubId), ...pinUnchanged(postId) },
      });
    }
    actions.push(...also);
    try {
      await db().send(new TransactWriteCommand({ TransactItems: actions }));
      return true;
    } catch (error) {
      if (!transactionConditionFailures(error)) throw error;
      if (!(await getPost(clubId, postId))) return false;
    }
  }
  throw new Error(`post ${postId} changed too often to delete`);
}

/** How much of a deleted post's comments one call removes (pages of 100). */
const COMMENT_PAGES = 50;

/**
 * Removes a deleted post's likes (taking back the points they earned: deleteLikesOfDeletedPost)
 * and its comments, up to COMMENT_PAGES pages of them; what remains of a huge post is unreachable
 * (no club lists it, its counter item is gone).
 */
export async function deletePostChildren(clubId: string, postId: string): Promise<void> {
  await deleteLikesOfDeletedPost(clubId, postId);
  await deleteChildItems(keys.comment(postId, '').pk, prefixes.comment, COMMENT_PAGES);
}
