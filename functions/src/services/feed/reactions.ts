/**
 * Likes and comments. Each changes its item and the post's counter in
 * one transaction (data/counted-write.ts), so counts stay exact under concurrency; a second like
 * is 'already liked', never an error and never a second count.
 */
import {
  type Comment,
  type CommentPage,
  type CreateCommentInput,
  type Deleted,
  HIDDEN_POST_REFUSAL,
  type LikeResult,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { changeOutbox } from '../../bus/change-events.ts';
import type { Caller } from '../../caller.ts';
import {
  addComment as insertComment,
  listComments as readComments,
  deleteComment as removeComment,
  type StoredComment,
} from '../../data/repositories/comments.ts';
import { addLike, removeLike } from '../../data/repositories/likes.ts';
import { getPost, type StoredPost } from '../../data/repositories/posts.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { conflict, notFound } from '../../errors.ts';
import { authorLevels } from '../levels.ts';
import { postNotFound } from './posts.ts';
import { authorFields, mayDelete, seesItem, type Viewer } from './viewer.ts';

/** The post's count as it stands after the caller's change (a strongly consistent read). */
async function countAfter(clubId: string, postId: string): Promise<number> {
  const post = await getPost(clubId, postId, { consistent: true });
  if (!post) throw postNotFound();
  return post.likeCount;
}

/**
 * A post that takes no likes or comments: a missing one, or a hidden one (reported, hidden by a
 * moderator, held for approval), which only its author sees and is told so (409); to anyone else
 * it is not there.
 */
function refusedPost(post: StoredPost | null, userId: string) {
  if (!post || !seesItem(post, { userId })) return postNotFound();
  return conflict(HIDDEN_POST_REFUSAL);
}

/**
 * The post as a like or comment finds it, refused when it takes none (refusedPost). The write's
 * own condition holds the same rule against a post hidden between this read and the write.
 */
async function openPost(clubId: string, postId: string, userId: string): Promise<StoredPost> {
  const post = await getPost(clubId, postId);
  if (!post || post.hidden) throw refusedPost(post, userId);
  return post;
}

/** The refusal of a write its post's condition refused: the post is read again to say why. */
async function refusedWrite(clubId: string, postId: string, userId: string) {
  return refusedPost(await getPost(clubId, postId, { consistent: true }), userId);
}

/**
 * Likes a post: its author (unless it is the caller) earns a point in the same transaction, so
 * the post is read first for its author.
 */
export async function likePost(clubId: string, postId: string, userId: string): Promise<LikeResult> {
  const post = await openPost(clubId, postId, userId);
  const now = new Date();
  const result = await addLike(
    clubId,
    { postId, userId, createdAt: now.toISOString() },
    post.authorId,
    changeOutbox(
      {
        type: 'post.liked',
        clubId,
        actorId: userId,
        postId,
        postAuthorId: post.authorId,
        postTitle: post.title,
      },
      now,
    ),
  );
  if (!result.created && result.reason === 'no_post') throw await refusedWrite(clubId, postId, userId);
  const likeCount = await countAfter(clubId, postId);
  return { postId, liked: true, changed: result.created, likeCount };
}

export async function unlikePost(clubId: string, postId: string, userId: string): Promise<LikeResult> {
  const now = new Date();
  const removed = await removeLike(
    clubId,
    postId,
    userId,
    now,
    changeOutbox({ type: 'post.unliked', clubId, actorId: userId, postId }, now),
  );
  const likeCount = await countAfter(clubId, postId);
  return { postId, liked: false, changed: removed, likeCount };
}

const toCommentView = (comment: StoredComment, viewer: Viewer, level?: number): Comment => ({
  id: comment.id,
  postId: comment.postId,
  author: {
    id: comment.authorId,
    name: comment.authorName,
    avatarUrl: comment.authorAvatar,
    ...(level === undefined ? {} : { level }),
  },
  content: comment.content,
  createdAt: comment.createdAt,
  canDelete: mayDelete(viewer, comment.authorId),
  ...(comment.hidden ? { hidden: comment.hidden } : {}),
});

/** A post's comments, oldest first; the post must be this club's. */
export async function listComments(
  clubId: string,
  postId: string,
  viewer: Viewer,
  page: { limit: number; cursor?: string },
): Promise<CommentPage> {
  const [post, read] = await Promise.all([getPost(clubId, postId), readComments(postId, page)]);
  if (!post || !seesItem(post, viewer)) throw postNotFound();
  const shown = read.items.filter((comment) => seesItem(comment, viewer));
  // The commenters' levels: one batch for the page, not a read per comment.
  const levels = await authorLevels(
    clubId,
    shown.map((comment) => comment.authorId),
  );
  return {
    items: shown.map((comment) => toCommentView(comment, viewer, levels.get(comment.authorId))),
    nextCursor: read.nextCursor,
  };
}

export async function addComment(
  clubId: string,
  postId: string,
  auth: Caller,
  viewer: Viewer,
  input: CreateCommentInput,
): Promise<Comment> {
  const [profile, post] = await Promise.all([getProfile(auth.userId), openPost(clubId, postId, auth.userId)]);
  const now = new Date();
  const comment: StoredComment = {
    id: ulid(now.getTime()),
    postId,
    ...authorFields(auth, profile),
    content: input.content,
    createdAt: now.toISOString(),
  };
  const result = await insertComment(
    clubId,
    comment,
    changeOutbox(
      {
        type: 'comment.created',
        clubId,
        actorId: auth.userId,
        postId,
        commentId: comment.id,
        postAuthorId: post.authorId,
        postTitle: post.title,
        content: comment.content,
      },
      now,
    ),
  );
  if (!result.created) throw await refusedWrite(clubId, postId, auth.userId);
  const levels = await authorLevels(clubId, [auth.userId]);
  return toCommentView(comment, viewer, levels.get(auth.userId));
}

export async function deleteComment(
  clubId: string,
  comment: StoredComment,
  actorId: string,
): Promise<Deleted> {
  const removed = await removeComment(
    clubId,
    comment.postId,
    comment.id,
    changeOutbox({ type: 'comment.deleted', clubId, actorId, postId: comment.postId, commentId: comment.id }),
  );
  if (!removed) throw notFound('Comment not found');
  return { id: comment.id, deleted: true };
}
