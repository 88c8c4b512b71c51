/**
 * The club feed: posts, comments, likes and pins, the members-only post
 * media, the club home's sidebar summary and the member profile page. These are the API's views:
 * what a signed-in member sees, with the caller's own state (liked, may edit) filled in.
 */
import * as z from 'zod';
import { LIMITS, POST_MEDIA_UPLOAD } from '../constants.ts';
import { CLUB_ROLES } from '../permissions.ts';
import { idSchema, isoDateTime, pageOf, trimmed, uploadFileShape } from './common.ts';
import { hiddenReasonSchema } from './moderation.ts';

export const postTypeSchema = z.enum(['text', 'image', 'video']);
export type PostType = z.infer<typeof postTypeSchema>;

/** A media post's kind: image posts take several files, video posts one. */
export const postMediaKindSchema = z.enum(['image', 'video']);
export type PostMediaKind = z.infer<typeof postMediaKindSchema>;

/** Who wrote a post or comment, as shown on its card. */
export const authorSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Their level in the club (1 to 9, from all-time points) where the list reads it. */
  level: z.number().int().min(1).max(9).optional(),
});
export type Author = z.infer<typeof authorSchema>;

/**
 * The key of an uploaded post file: `club-media/{clubId}/posts/{uploaderId}/{ulid}.{ext}`. Club
 * media is members-only, so it is never a public /media/ URL; the API hands out a short-lived
 * signed `url` per item instead.
 */
export const postMediaKeySchema = z
  .string()
  .max(LIMITS.url)
  .regex(
    /^club-media\/[A-Za-z0-9_-]{1,64}\/posts\/[A-Za-z0-9_-]{1,64}\/[a-z0-9]{26}\.(jpg|png|gif|webp|mp4|webm)$/,
    'must be the key of a file uploaded for this post',
  );

/** One file of a post: `url` is signed for the caller and stops working at `expiresAt` (minutes). */
export const postMediaSchema = z.object({
  key: z.string(),
  kind: postMediaKindSchema,
  url: z.string(),
  expiresAt: isoDateTime,
});
export type PostMedia = z.infer<typeof postMediaSchema>;

/** What the caller may do with a post: edit (its author), delete (author, owner, moderator), pin (owner). */
export const postActionsSchema = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPin: z.boolean(),
});

export const postSchema = z.object({
  id: idSchema,
  clubId: idSchema,
  author: authorSchema,
  title: z.string(),
  content: z.string(),
  type: postTypeSchema,
  media: z.array(postMediaSchema),
  isPinned: z.boolean(),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  likedByMe: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime.nullable(),
  actions: postActionsSchema,
  /**
   * Only in the answer to the owner's post that is also an announcement: how many members it
   * goes to (every active member but the owner; each hears of it as their preferences say).
   */
  announcement: z.object({ recipients: z.number().int().min(0) }).optional(),
  /** Set only while the post is hidden (only its author is shown it then): why. */
  hidden: hiddenReasonSchema.optional(),
  /**
   * Set on a post the club's API key wrote (`POST /api/v1/clubs/{clubId}/posts`): it is shown as
   * the club owner's, marked "via API".
   */
  viaApi: z.literal(true).optional(),
});
export type Post = z.infer<typeof postSchema>;

/** A page of the feed: the pinned post first (on the first page only), then newest first. */
export const postPageSchema = pageOf(postSchema);
export type PostPage = z.infer<typeof postPageSchema>;

export const TEXT_POST_MESSAGE = 'A text post needs a title and content';
export const MEDIA_POST_MESSAGE = 'A media post needs at least one uploaded file';
export const VIDEO_POST_MESSAGE = 'A video post has one video';

/** Text posts need a title and content; image and video posts need media. */
export const createPostInputSchema = z
  .strictObject({
    title: trimmed(LIMITS.postTitle).default(''),
    content: trimmed(LIMITS.postContent).default(''),
    type: postTypeSchema.default('text'),
    media: z.array(postMediaKeySchema).max(LIMITS.postMedia).default([]),
    /** The owner's "also e-mail all members" (ANNOUNCEMENT_LIMITS). */
    announce: z.boolean().default(false),
  })
  .superRefine((post, ctx) => {
    if (post.type === 'text' && (!post.title || !post.content)) {
      ctx.addIssue({ code: 'custom', message: TEXT_POST_MESSAGE, path: ['content'] });
    }
    if (post.type === 'text' && post.media.length > 0) {
      ctx.addIssue({ code: 'custom', message: 'A text post has no files', path: ['media'] });
    }
    if (post.type !== 'text' && post.media.length === 0) {
      ctx.addIssue({ code: 'custom', message: MEDIA_POST_MESSAGE, path: ['media'] });
    }
    if (post.type === 'video' && post.media.length > 1) {
      ctx.addIssue({ code: 'custom', message: VIDEO_POST_MESSAGE, path: ['media'] });
    }
    if (new Set(post.media).size !== post.media.length) {
      ctx.addIssue({ code: 'custom', message: 'A file is listed twice', path: ['media'] });
    }
  });
export type CreatePostInput = z.infer<typeof createPostInputSchema>;

/**
 * A post written with the club's API key: a text post with a title and content (a key uploads no
 * files and e-mails nobody).
 */
export const apiCreatePostInputSchema = z.strictObject({
  title: trimmed(LIMITS.postTitle).min(1, TEXT_POST_MESSAGE),
  content: trimmed(LIMITS.postContent).min(1, TEXT_POST_MESSAGE),
});
export type ApiCreatePostInput = z.infer<typeof apiCreatePostInputSchema>;

/** The author edits the text of a post; a text post must keep a non-blank title and content. */
export const updatePostInputSchema = z.strictObject({
  title: trimmed(LIMITS.postTitle),
  content: trimmed(LIMITS.postContent),
});
export type UpdatePostInput = z.infer<typeof updatePostInputSchema>;

export const commentSchema = z.object({
  id: idSchema,
  postId: idSchema,
  author: authorSchema,
  content: z.string(),
  createdAt: isoDateTime,
  /** Its author, the club's owner and moderators may delete a comment. */
  canDelete: z.boolean(),
  /** Set only while the comment is hidden (only its author is shown it then): why. */
  hidden: hiddenReasonSchema.optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentPageSchema = pageOf(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

export const COMMENT_BLANK_MESSAGE = 'A comment must not be blank';

export const createCommentInputSchema = z.strictObject({
  content: z.string().trim().min(1, COMMENT_BLANK_MESSAGE).max(LIMITS.comment),
});
export type CreateCommentInput = z.infer<typeof createCommentInputSchema>;

/**
 * The answer to like and unlike: the caller's state and the post's count after it. `changed` is
 * false for a repeat (a second like is 'already liked', never an error, never counted twice).
 */
export const likeResultSchema = z.object({
  postId: idSchema,
  liked: z.boolean(),
  changed: z.boolean(),
  likeCount: z.number().int().min(0),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/** One pinned post per club: pinning one unpins the one pinned before (`unpinnedPostId`). */
export const pinResultSchema = z.object({
  postId: idSchema,
  isPinned: z.boolean(),
  unpinnedPostId: idSchema.nullable(),
});
export type PinResult = z.infer<typeof pinResultSchema>;

export const deletedSchema = z.object({ id: idSchema, deleted: z.literal(true) });
export type Deleted = z.infer<typeof deletedSchema>;

export const POST_MEDIA_TYPE_MESSAGE = 'Only image or video files are allowed';
export const POST_MEDIA_SIZE_MESSAGE = 'File size must be under 10MB';
export const postMediaMismatchMessage = (kind: PostMediaKind) => `Selected file is not a ${kind}`;

/** What the composer says about a file before anything is signed. */
export const postMediaUploadInputSchema = z
  .strictObject({
    postType: postMediaKindSchema,
    ...uploadFileShape(POST_MEDIA_UPLOAD, { type: POST_MEDIA_TYPE_MESSAGE, size: POST_MEDIA_SIZE_MESSAGE }),
  })
  .superRefine((input, ctx) => {
    if (!input.contentType.startsWith(`${input.postType}/`)) {
      ctx.addIssue({
        code: 'custom',
        message: postMediaMismatchMessage(input.postType),
        path: ['contentType'],
      });
    }
  });
export type PostMediaUploadInput = z.infer<typeof postMediaUploadInputSchema>;

/**
 * A presigned POST for one post file: the browser sends `fields` plus the file (last) as
 * multipart/form-data to `url`, then names `key` in the post it creates.
 */
export const postMediaUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  expiresAt: isoDateTime,
});
export type PostMediaUpload = z.infer<typeof postMediaUploadSchema>;

/** The club home's right sidebar, for active members. */
export const clubSidebarSchema = z.object({
  clubId: idSchema,
  /** The club's description, whole (the page truncates it at 150 characters). */
  about: z.string(),
  memberCount: z.number().int().min(0),
  /** Future-dated, soonest first, at most 3. */
  upcomingEvents: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      startDate: isoDateTime,
      location: z.string(),
      thumbnail: z.string().nullable(),
    }),
  ),
  /** Most liked first, at most 3. */
  trendingPosts: z.array(
    z.object({ id: idSchema, title: z.string(), authorName: z.string(), likeCount: z.number().int().min(0) }),
  ),
  /** At most 5 active members. */
  members: z.array(authorSchema),
});
export type ClubSidebar = z.infer<typeof clubSidebarSchema>;

/** Another person as a signed-in user who shares an active club with them sees them. */
export const memberProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  /** The active clubs both are active members of. */
  sharedClubs: z.array(
    z.object({ id: idSchema, name: z.string(), logoUrl: z.string().nullable(), role: z.enum(CLUB_ROLES) }),
  ),
  /** Their newest posts in those clubs (at most 10). */
  recentPosts: z.array(
    z.object({
      id: idSchema,
      clubId: idSchema,
      clubName: z.string(),
      title: z.string(),
      content: z.string(),
      type: postTypeSchema,
      likeCount: z.number().int().min(0),
      commentCount: z.number().int().min(0),
      createdAt: isoDateTime,
    }),
  ),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
