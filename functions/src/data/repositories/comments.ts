import { hiddenReasonSchema, idSchema, isoDateTime } from '@clubs/shared';
import { keys, prefixes, withoutKeys } from '@clubs/shared/table-keys';
import * as z from 'zod';
import { withActivity } from '../club-stats.ts';
import { deleteCounted, putCounted, type TransactItem } from '../counted-write.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { queryPage } from '../query.ts';
import { storedAuthorShape } from './stored-author.ts';

/** A comment as stored. */
export const storedCommentSchema = z.object({
  id: idSchema,
  postId: idSchema,
  ...storedAuthorShape,
  content: z.string(),
  createdAt: isoDateTime,
  /** Why the comment is hidden from everyone but its author. */
  hidden: hiddenReasonSchema.optional(),
});
export type StoredComment = z.infer<typeof storedCommentSchema>;

export const toComment = (item: Record<string, unknown>): StoredComment =>
  storedCommentSchema.parse(withoutKeys(item));

/** Comments live in their post's partition; ids are ULIDs, so the sort key orders them by time. */
export function commentItem(comment: StoredComment) {
  return { ...keys.comment(comment.postId, comment.id), type: 'comment', ...comment };
}

export async function getComment(
  postId: string,
  commentId: string,
  options?: ReadOptions,
): Promise<StoredComment | null> {
  return getEntity(keys.comment(postId, commentId), toComment, options);
}

export type AddCommentResult =
  | { created: true; comment: StoredComment }
  | { created: false; reason: 'exists' | 'no_post' };

/** Adds a comment and counts it on the post (clubId locates the post) in one transaction. */
export async function addComment(
  clubId: string,
  comment: StoredComment,
  /** Written in the comment's transaction (its outbox item). */
  also: readonly TransactItem[] = [],
): Promise<AddCommentResult> {
  // The club's analytics count the comment on its day, with the post's engagement and the
  // commenter's first activity of the day (club-stats.ts), in the comment's own transaction.
  const outcome = await withActivity(
    clubId,
    comment.authorId,
    new Date(comment.createdAt),
    { comments: 1 },
    { postId: comment.postId, step: 1 },
    (stats) =>
      putCounted(
        commentItem(comment),
        // A hidden post takes no comments: its count refuses one as it refuses a missing post.
        { key: keys.post(clubId, comment.postId), attribute: 'commentCount', shownOnly: true },
        [...stats, ...also],
      ),
  );
  if (outcome === 'created') return { created: true, comment };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_post' };
}

/** Removes a comment and counts it down; false when there was no such comment (or post). */
export async function deleteComment(
  clubId: string,
  postId: string,
  commentId: string,
  /** Written in the deletion's transaction (its outbox item). */
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  return deleteCounted(
    keys.comment(postId, commentId),
    { key: keys.post(clubId, postId), attribute: 'commentCount' },
    { also },
  );
}

/** A post's comments, oldest first, paged by cursor. */
export function listComments(postId: string, page: { limit: number; cursor?: string }) {
  const partition = keys.comment(postId, '').pk;
  return queryPage({ partition, sortKey: { beginsWith: prefixes.comment } }, page, toComment);
}
