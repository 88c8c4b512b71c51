/**
 * The club space: the club home's feed with posts, likes, comments and
 * the pinned post, the members-only post media, the home sidebar and the member profile page.
 * Every club route is for the club's active members (the owner always is one; a super admin may
 * read); pending members and strangers get 403, and a club that is not active is not found.
 */
import { pageQuerySchema } from '../../domain/common.ts';
import {
  clubSidebarSchema,
  commentPageSchema,
  commentPathSchema,
  commentSchema,
  createCommentInputSchema,
  createPostInputSchema,
  deletedSchema,
  likeResultSchema,
  memberPathSchema,
  memberProfileSchema,
  pinResultSchema,
  postMediaUploadInputSchema,
  postMediaUploadSchema,
  postPageSchema,
  postPathSchema,
  postSchema,
  updatePostInputSchema,
} from '../../domain/post.ts';
import { authorOf, inClub, routesOf, SIGNED_IN } from '../route-builder.ts';
import type { RouteDefinition } from '../route-definition.ts';

const feed = routesOf('feed');

export const feedRoutes = {
  listPosts: feed.club.get('/api/clubs/{clubId}/posts', {
    uses: ['table:read', 'media:read'],
    access: inClub('member', 'read'),
    summary:
      "The club feed: the pinned post first (first page only), then newest first, paged by cursor; each post with its author, counts, the caller's like and signed media URLs",
    query: pageQuerySchema,
    response: postPageSchema,
  }),
  getPost: feed.club.get('/api/clubs/{clubId}/posts/{postId}', {
    uses: ['table:read', 'media:read'],
    access: inClub('member', 'read'),
    summary: 'One post of the club (what a copied post link opens)',
    params: postPathSchema,
    response: postSchema,
  }),
  createPost: feed.club.post('/api/clubs/{clubId}/posts', {
    uses: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
    access: inClub('member'),
    summary:
      'Posts to the club: a text post with title and content, or an image (several files) or video (one file) post naming files the caller uploaded for this club',
    body: createPostInputSchema,
    response: postSchema,
    status: 201,
  }),
  updatePost: feed.club.patch('/api/clubs/{clubId}/posts/{postId}', {
    uses: ['table:read', 'table:write', 'media:read'],
    access: authorOf('post'),
    summary: "Edits a post's title and content (its author only)",
    params: postPathSchema,
    body: updatePostInputSchema,
    response: postSchema,
  }),
  deletePost: feed.club.delete('/api/clubs/{clubId}/posts/{postId}', {
    uses: ['table:read', 'table:write', 'media:delete'],
    access: authorOf('post', 'manager'),
    summary: 'Deletes a post with its likes, comments and files (its author, the owner or a moderator)',
    params: postPathSchema,
    response: deletedSchema,
  }),
  likePost: feed.club.put('/api/clubs/{clubId}/posts/{postId}/like', {
    uses: ['table:read', 'table:write'],
    access: inClub('member'),
    summary:
      "Likes a post once: a repeat answers 'already liked' (changed: false) and is never counted twice",
    params: postPathSchema,
    response: likeResultSchema,
  }),
  unlikePost: feed.club.delete('/api/clubs/{clubId}/posts/{postId}/like', {
    uses: ['table:read', 'table:write'],
    access: inClub('member'),
    summary: "Takes the caller's like back; a repeat changes nothing",
    params: postPathSchema,
    response: likeResultSchema,
  }),
  pinPost: feed.club.put('/api/clubs/{clubId}/posts/{postId}/pin', {
    uses: ['table:read', 'table:write'],
    access: inClub('owner'),
    summary: 'Pins a post (the owner only); the post pinned before is unpinned in the same transaction',
    params: postPathSchema,
    response: pinResultSchema,
  }),
  unpinPost: feed.club.delete('/api/clubs/{clubId}/posts/{postId}/pin', {
    uses: ['table:read', 'table:write'],
    access: inClub('owner'),
    summary: 'Unpins the pinned post (the owner only)',
    params: postPathSchema,
    response: pinResultSchema,
  }),
  listComments: feed.club.get('/api/clubs/{clubId}/posts/{postId}/comments', {
    uses: ['table:read'],
    access: inClub('member', 'read'),
    summary: "A post's comments, oldest first, paged by cursor",
    params: postPathSchema,
    query: pageQuerySchema,
    response: commentPageSchema,
  }),
  addComment: feed.club.post('/api/clubs/{clubId}/posts/{postId}/comments', {
    uses: ['table:read', 'table:write'],
    access: inClub('member'),
    summary: 'Comments on a post (non-blank); counted on the post in the same transaction',
    params: postPathSchema,
    body: createCommentInputSchema,
    response: commentSchema,
    status: 201,
  }),
  deleteComment: feed.club.delete('/api/clubs/{clubId}/posts/{postId}/comments/{commentId}', {
    uses: ['table:read', 'table:write'],
    access: authorOf('comment', 'manager'),
    summary: 'Deletes a comment (its author, the owner or a moderator)',
    params: commentPathSchema,
    response: deletedSchema,
  }),
  createPostMediaUpload: feed.club.post('/api/clubs/{clubId}/post-media-uploads', {
    uses: ['media:upload'],
    access: inClub('member'),
    summary:
      "Signs a short-lived presigned POST for one post file (image or video matching the post type, at most 10 MB) under the club's members-only prefix",
    body: postMediaUploadInputSchema,
    response: postMediaUploadSchema,
    status: 201,
  }),
  getClubSidebar: feed.club.get('/api/clubs/{clubId}/sidebar', {
    // Writes a member's name and photo onto a membership that lacks them (filled once).
    uses: ['table:read', 'table:write'],
    access: inClub('member', 'read'),
    summary:
      "The club home's sidebar: 3 upcoming events, 3 trending posts (by likes, from an index), 5 members, the about text",
    response: clubSidebarSchema,
  }),
  getMemberProfile: feed.get('/api/members/{userId}', {
    uses: ['table:read'],
    access: SIGNED_IN,
    summary:
      "A person's profile, the active clubs the caller shares with them and their recent posts there; 404 unless they share an active club",
    params: memberPathSchema,
    response: memberProfileSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;
