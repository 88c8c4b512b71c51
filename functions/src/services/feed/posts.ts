/**
 * The club feed: posts sorted pinned first then newest first, paged by
 * cursor; writing, editing and deleting posts; pinning. The access check has already decided
 * who may call each route and read the club and the caller's membership (and, on author routes,
 * the post); these functions only do the work.
 */
import {
  ANNOUNCEMENT_LIMITS,
  type ApiCreatePostInput,
  type Club,
  type CreatePostInput,
  type Deleted,
  type PinResult,
  type Post,
  type PostPage,
  TEXT_POST_MESSAGE,
  type UpdatePostInput,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { changeOutbox } from '../../bus/change-events.ts';
import type { Caller } from '../../caller.ts';
import { type RateWindow, rateWindowCount, secondsLeftIn, windowOf } from '../../data/rate-windows.ts';
import { heldCasePut, postAsModerated, reopenDecidedCase } from '../../data/repositories/moderation-cases.ts';
import {
  deletePostChildren,
  getPost,
  getPostsAndLikes,
  createPost as insertPost,
  listPosts,
  pinPost as pinStoredPost,
  deletePost as removePost,
  type StoredPost,
  unpinPost as unpinStoredPost,
  updatePostWith as updateStoredPost,
} from '../../data/repositories/posts.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { countActive } from '../analytics/activity.ts';
import { ANNOUNCEMENTS_NOT_ACTIVE_MESSAGE, requireClubInService } from '../club-in-service.ts';
import { authorLevels, levelsFrom } from '../levels.ts';
import { checkPostMedia, removePostMedia } from './post-media.ts';
import { authorFields, seesItem, toPostView, type Viewer } from './viewer.ts';

export const postNotFound = () => notFound('Post not found');

const announcementRate = (clubId: string): RateWindow => ({
  scope: 'announcement',
  subject: clubId,
  limit: ANNOUNCEMENT_LIMITS.perClub,
  windowSeconds: ANNOUNCEMENT_LIMITS.windowHours * 3600,
});

/** 429: the club's announcement of this window is sent; when the next one is allowed. */
function announcementLimited(rate: RateWindow, now: Date): AppError {
  const window = windowOf(now, rate.windowSeconds);
  const allowedAt = new Date(window.endEpochSeconds * 1000).toISOString();
  return new AppError(
    'too_many_requests',
    `This club has e-mailed its announcement for now. The next can be sent after ${allowedAt}.`,
    { allowedAt },
    secondsLeftIn(window, now),
  );
}

/**
 * One page of the feed in three requests with the access check: the newest-first query (whose
 * first page also names the pinned post), then one batch for the pinned post and the caller's
 * likes. The pinned post leads the first page, counted in its size, and is left out where it
 * would otherwise appear.
 */
export async function listFeed(
  clubId: string,
  viewer: Viewer,
  page: { limit: number; cursor?: string },
): Promise<PostPage> {
  const read = await listPosts(clubId, page);
  const posts = read.items;
  const pinnedId = read.pinnedPostId;
  const authors = [
    ...new Set([
      ...posts.map((post) => post.authorId),
      ...(read.pinnedAuthorId ? [read.pinnedAuthorId] : []),
    ]),
  ];
  const extras = await getPostsAndLikes(
    clubId,
    pinnedId ? [pinnedId] : [],
    [...(pinnedId ? [pinnedId] : []), ...posts.map((post) => post.id)],
    viewer.userId,
    authors,
  );
  const pinned = pinnedId ? extras.posts.get(pinnedId) : undefined;
  const ordered = (pinned ? [pinned, ...posts] : posts).filter((post) => seesItem(post, viewer));
  const levels = levelsFrom(extras.allTimePoints);
  const now = new Date();
  return {
    items: await Promise.all(
      ordered.map((post) =>
        toPostView(post, viewer, extras.liked.has(post.id), now, levels.get(post.authorId)),
      ),
    ),
    nextCursor: read.nextCursor,
  };
}

/** One post with the caller's like: one request. */
export async function getPostView(clubId: string, postId: string, viewer: Viewer): Promise<Post> {
  const { posts, liked } = await getPostsAndLikes(clubId, [postId], [postId], viewer.userId);
  const post = posts.get(postId);
  if (!post || !seesItem(post, viewer)) throw postNotFound();
  const levels = await authorLevels(clubId, [post.authorId]);
  return toPostView(post, viewer, liked.has(postId), new Date(), levels.get(post.authorId));
}

/** The club a post is written in, as the access check read it. */
export interface PostClub extends Pick<Club, 'status' | 'suspendedAt'> {
  readonly id: string;
  readonly ownerId: string;
  readonly memberCount: number;
  readonly holdFirstPosts?: boolean;
}

/**
 * Whether a post waits for a moderator's approval: in a club holding first posts, a member's
 * (not the owner's or a moderator's) until one of theirs has been approved.
 */
export const isHeld = (club: PostClub, viewer: Viewer, membership: { postsApproved?: boolean } | null) =>
  club.holdFirstPosts === true && viewer.role === 'club_member' && membership?.postsApproved !== true;

/**
 * Writes a post. The owner's post may also be an announcement (`announce`): e-mailed to every
 * member whose preferences allow it, at most ANNOUNCEMENT_LIMITS.perClub per window per club
 * (counted in the post's own transaction, so a refused one writes nothing: 429 with when the
 * next is allowed); the answer says how many members it goes to.
 */
export async function createPost(
  club: PostClub,
  auth: Caller,
  viewer: Viewer,
  input: CreatePostInput,
  now = new Date(),
  membership: { postsApproved?: boolean } | null = null,
  marks: { viaApi?: true } = {},
): Promise<Post> {
  const clubId = club.id;
  const held = isHeld(club, viewer, membership);
  if (input.announce && club.ownerId !== auth.userId) {
    throw forbidden('Only the owner can e-mail a post to all members');
  }
  // An unpaid or suspended club's owner still reaches the club, but mails nobody in its name.
  if (input.announce) requireClubInService(club, ANNOUNCEMENTS_NOT_ACTIVE_MESSAGE);
  if (input.type !== 'text') await checkPostMedia(clubId, auth.userId, input.type, input.media);
  const profile = await getProfile(auth.userId);
  const rate = announcementRate(clubId);
  const newPost = {
    id: ulid(now.getTime()),
    clubId,
    ...authorFields(auth, profile),
    title: input.title,
    content: input.content,
    type: input.type,
    media: input.media,
    isPinned: false,
    createdAt: now.toISOString(),
    ...(held ? { hidden: 'held' as const } : {}),
    ...marks,
  };
  const result = await insertPost(newPost, [
    ...(input.announce ? [rateWindowCount(rate, now)] : []),
    // A held post opens its case in the Reports queue in the same transaction; members hear of
    // it when it is approved, others now.
    ...(held
      ? [heldCasePut(newPost, now)]
      : changeOutbox(
          {
            type: 'post.created',
            clubId,
            actorId: auth.userId,
            postId: newPost.id,
            title: newPost.title,
            content: newPost.content,
            announcement: input.announce,
          },
          now,
        )),
  ]);
  if (!result.created && result.reason === 'limited') throw announcementLimited(rate, now);
  if (!result.created) throw notFound('Club not found');
  const [levels] = await Promise.all([
    authorLevels(clubId, [auth.userId]),
    countActive(clubId, auth.userId, now),
  ]);
  const view = await toPostView(result.post, viewer, false, now, levels.get(auth.userId));
  return input.announce ? { ...view, announcement: { recipients: Math.max(0, club.memberCount - 1) } } : view;
}

/**
 * A text post written with the club's API key. A key acts as the club, and the club speaks
 * through its owner: the post is the owner's (their name and avatar, theirs to edit or delete),
 * marked `viaApi` so readers see it came from the club's API, never held for approval and never
 * e-mailed as an announcement.
 */
export function createPostAsClub(club: Club, input: ApiCreatePostInput, now = new Date()): Promise<Post> {
  const owner: Caller = {
    userId: club.ownerId,
    email: '',
    name: club.name,
    groups: [],
    isSuperAdmin: false,
  };
  const post: CreatePostInput = { ...input, type: 'text', media: [], announce: false };
  return createPost(club, owner, { userId: club.ownerId, role: 'club_owner' }, post, now, null, {
    viaApi: true,
  });
}

/** The author edits the text; a text post keeps a non-blank title and content. */
export async function editPost(post: StoredPost, viewer: Viewer, input: UpdatePostInput): Promise<Post> {
  if (post.type === 'text' && (!input.title || !input.content)) {
    throw badRequest(TEXT_POST_MESSAGE, [{ path: 'body.content', message: 'is required' }]);
  }
  const now = new Date();
  const changes = { title: input.title, content: input.content, updatedAt: now.toISOString() };
  const stored = await updateStoredPost(
    post.clubId,
    post.id,
    changes,
    changeOutbox({ type: 'post.edited', clubId: post.clubId, actorId: viewer.userId, postId: post.id }, now),
  );
  if (!stored) throw postNotFound();
  // The post as the access check read it, with the edit: a transaction answers no new item.
  const updated: StoredPost = { ...post, ...changes };
  const [{ liked, allTimePoints }] = await Promise.all([
    getPostsAndLikes(post.clubId, [], [post.id], viewer.userId, [post.authorId]),
    // A post held or reported and then approved or kept goes back to the moderators when edited:
    // the decision was about the text it had then.
    reopenDecidedCase(postAsModerated(updated), new Date()),
  ]);
  return toPostView(
    updated,
    viewer,
    liked.has(post.id),
    new Date(),
    levelsFrom(allTimePoints).get(post.authorId),
  );
}

/** Deletes the post (and the pin on it), then its likes (with the points they earned), comments and files. */
export async function deletePost(post: StoredPost, actorId: string): Promise<Deleted> {
  const deleted = await removePost(
    post.clubId,
    post.id,
    changeOutbox({ type: 'post.deleted', clubId: post.clubId, actorId, postId: post.id }),
  );
  if (!deleted) throw postNotFound();
  await Promise.all([deletePostChildren(post.clubId, post.id), removePostMedia(post.clubId, post.media)]);
  return { id: post.id, deleted: true };
}

export async function pinPost(clubId: string, postId: string): Promise<PinResult> {
  // The pin names the post's author, so the feed reads their level with its first page.
  const post = await getPost(clubId, postId);
  if (!post) throw postNotFound();
  const outcome = await pinStoredPost(clubId, postId, post.authorId);
  if (!outcome.done) throw postNotFound();
  return { postId, isPinned: true, unpinnedPostId: outcome.unpinnedPostId };
}

export async function unpinPost(clubId: string, postId: string): Promise<PinResult> {
  if (await unpinStoredPost(clubId, postId)) return { postId, isPinned: false, unpinnedPostId: postId };
  if (!(await getPost(clubId, postId))) throw postNotFound();
  return { postId, isPinned: false, unpinnedPostId: null };
}
