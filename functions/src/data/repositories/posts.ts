import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime, postTypeSchema } from '@clubs/shared';
import * as z from 'zod';
import { db, tableName } from '../client.ts';
import { isConditionFailed, transactionConditionFailures } from '../errors.ts';
import { keys, prefixes, withoutKeys } from '../keys.ts';
import { queryPage } from '../query.ts';
import { updateExistingItem } from '../update-item.ts';

/**
 * A post as stored. Author name and avatar are copied from the profile when it is written;
 * `media` holds the keys of its members-only files (services sign URLs for them per reader).
 * Post ids are ULIDs, so the sort key orders a club's posts by time.
 */
export const storedPostSchema = z.object({
  id: idSchema,
  clubId: idSchema,
  authorId: idSchema,
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  type: postTypeSchema,
  media: z.array(z.string()),
  isPinned: z.boolean(),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  createdAt: isoDateTime,
  updatedAt: isoDateTime.optional(),
});
export type StoredPost = z.infer<typeof storedPostSchema>;
export type NewPost = Omit<StoredPost, 'likeCount' | 'commentCount'>;

/**
 * The item attribute `type` names the entity (and withoutKeys drops it), so the post's own type
 * (text, image, video) is stored as `postType`.
 */
const POST_TYPE_ATTRIBUTE = 'postType';

function toPost(item: Record<string, unknown>): StoredPost {
  const { [POST_TYPE_ATTRIBUTE]: postType, ...rest } = withoutKeys(item);
  return storedPostSchema.parse({ ...rest, type: postType });
}

export function postItem(post: StoredPost) {
  const { type: postType, ...rest } = post;
  return { ...keys.post(post.clubId, post.id), type: 'post', ...rest, [POST_TYPE_ATTRIBUTE]: postType };
}

export async function getPost(clubId: string, postId: string): Promise<StoredPost | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.post(clubId, postId) }),
  );
  return Item ? toPost(Item) : null;
}

export type CreatePostResult =
  | { created: true; post: StoredPost }
  | { created: false; reason: 'exists' | 'no_club' };

/** Creates a post with zero likes and comments, only in a club that exists. */
export async function createPost(post: NewPost): Promise<CreatePostResult> {
  const stored: StoredPost = { ...post, likeCount: 0, commentCount: 0 };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: postItem(stored),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.club(post.clubId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }),
    );
    return { created: true, post: stored };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    return { created: false, reason: failed.includes(0) ? 'exists' : 'no_club' };
  }
}

/** A club's posts, newest first, paged by cursor (pinned-first ordering is the service's). */
export function listPosts(clubId: string, page: { limit: number; cursor?: string }) {
  const partition = keys.club(clubId).pk;
  return queryPage({ partition, sortKey: { beginsWith: prefixes.post }, order: 'descending' }, page, toPost);
}

export type PostChanges = Partial<Pick<StoredPost, 'title' | 'content' | 'type' | 'media' | 'isPinned'>>;

/** Changes the editable fields of an existing post; null when there is no such post. */
export async function updatePost(
  clubId: string,
  postId: string,
  changes: PostChanges,
): Promise<StoredPost | null> {
  const item = await updateExistingItem(keys.post(clubId, postId), changes, {
    attributeNames: { type: POST_TYPE_ATTRIBUTE },
  });
  return item ? toPost(item) : null;
}

export const setPostPinned = (clubId: string, postId: string, isPinned: boolean) =>
  updatePost(clubId, postId, { isPinned });

/**
 * Deletes the post item; false when there was none. Its comments and likes live in the post's
 * own partition and are no longer reachable through the club; removing them is the caller's.
 */
export async function deletePost(clubId: string, postId: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.post(clubId, postId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
