import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { idSchema, isoDateTime, mediaUrlSchema, trimmed } from './common.ts';

export const postTypeSchema = z.enum(['text', 'image', 'video']);
export type PostType = z.infer<typeof postTypeSchema>;

/** A post (part 2 section 3); likes and comments are counted on the item, listed separately. */
export const postSchema = z.object({
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
  likedByMe: z.boolean(),
  createdAt: isoDateTime,
});
export type Post = z.infer<typeof postSchema>;

/** Text posts need a title and content; image and video posts need media (part 2 section 5). */
export const createPostInputSchema = z
  .strictObject({
    title: trimmed(LIMITS.postTitle).default(''),
    content: trimmed(LIMITS.postContent).default(''),
    type: postTypeSchema.default('text'),
    media: z.array(mediaUrlSchema).max(LIMITS.postMedia).default([]),
  })
  .superRefine((post, ctx) => {
    if (post.type === 'text' && (!post.title || !post.content)) {
      ctx.addIssue({ code: 'custom', message: 'A text post needs a title and content', path: ['content'] });
    }
    if (post.type !== 'text' && post.media.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'A media post needs at least one file', path: ['media'] });
    }
    if (post.type === 'video' && post.media.length > 1) {
      ctx.addIssue({ code: 'custom', message: 'A video post has one video', path: ['media'] });
    }
  });
export type CreatePostInput = z.infer<typeof createPostInputSchema>;

export const commentSchema = z.object({
  id: idSchema,
  postId: idSchema,
  authorId: idSchema,
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  content: z.string(),
  createdAt: isoDateTime,
});
export type Comment = z.infer<typeof commentSchema>;

export const createCommentInputSchema = z.strictObject({
  content: z.string().trim().min(1, 'A comment must not be blank').max(LIMITS.comment),
});

export const likeSchema = z.object({ postId: idSchema, userId: idSchema, createdAt: isoDateTime });
export type Like = z.infer<typeof likeSchema>;
