/**
 * The club space: the club home's feed with posts, likes, comments and
 * the pinned post, the members-only post media, the home sidebar and the member profile page.
 * Every club route is for the club's active members (the owner always is one; a super admin may
 * read); pending members and strangers get 403, and a club that is not active is not found.
 */
import { pageQuerySchema } from '../../domain/common.ts';
import { reportInputSchema, reportResultSchema } from '../../domain/moderation.ts';
import {
  apiCreatePostInputSchema,
  clubSidebarSchema,
  commentPageSchema,
  commentSchema,
  createCommentInputSchema,
  createPostInputSchema,
  deletedSchema,
  likeResultSchema,
  memberProfileSchema,
  pinResultSchema,
  postMediaUploadInputSchema,
  postMediaUploadSchema,
  postPageSchema,
  postSchema,
  updatePostInputSchema,
} from '../../domain/post.ts';
import { searchQuerySchema, searchResultsSchema } from '../../domain/search.ts';
import {
  authorOf,
  DELETE,
  GET,
  inClub,
  PATCH,
  POST,
  PUT,
  routesOf,
  SIGNED_IN,
  withApiKey,
} from '../route-builder.ts';

export const feedRoutes = routesOf('feed', {
  listPosts: GET('/api/clubs/{clubId}/posts', {
    access: inClub('member', 'read'),
    summary:
      "The club feed: the pinned post first (first page only), then newest first, paged by cursor; each post with its author, counts, the caller's like and signed media URLs",
    query: pageQuerySchema,
    response: postPageSchema,
  }),
  getPost: GET('/api/clubs/{clubId}/posts/{postId}', {
    access: inClub('member', 'read'),
    summary: 'One post of the club (what a copied post link opens)',
    response: postSchema,
  }),
  createPost: POST('/api/clubs/{clubId}/posts', {
    access: inClub('member'),
    summary:
      'Posts to the club: a text post with title and content, or an image (several files) or video (one file) post naming files the caller uploaded for this club',
    body: createPostInputSchema,
    response: postSchema,
    status: 201,
  }),
  updatePost: PATCH('/api/clubs/{clubId}/posts/{postId}', {
    access: authorOf('post'),
    summary: "Edits a post's title and content (its author only)",
    body: updatePostInputSchema,
    response: postSchema,
  }),
  deletePost: DELETE('/api/clubs/{clubId}/posts/{postId}', {
    access: authorOf('post', 'manager'),
    summary: 'Deletes a post with its likes, comments and files (its author, the owner or a moderator)',
    response: deletedSchema,
  }),
  likePost: PUT('/api/clubs/{clubId}/posts/{postId}/like', {
    access: inClub('member'),
    summary:
      "Likes a post once: a repeat answers 'already liked' (changed: false) and is never counted twice",
    response: likeResultSchema,
  }),
  unlikePost: DELETE('/api/clubs/{clubId}/posts/{postId}/like', {
    access: inClub('member'),
    summary: "Takes the caller's like back; a repeat changes nothing",
    response: likeResultSchema,
  }),
  pinPost: PUT('/api/clubs/{clubId}/posts/{postId}/pin', {
    access: inClub('owner'),
    summary: 'Pins a post (the owner only); the post pinned before is unpinned in the same transaction',
    response: pinResultSchema,
  }),
  unpinPost: DELETE('/api/clubs/{clubId}/posts/{postId}/pin', {
    access: inClub('owner'),
    summary: 'Unpins the pinned post (the owner only)',
    response: pinResultSchema,
  }),
  listComments: GET('/api/clubs/{clubId}/posts/{postId}/comments', {
    access: inClub('member', 'read'),
    summary: "A post's comments, oldest first, paged by cursor",
    query: pageQuerySchema,
    response: commentPageSchema,
  }),
  addComment: POST('/api/clubs/{clubId}/posts/{postId}/comments', {
    access: inClub('member'),
    summary: 'Comments on a post (non-blank); counted on the post in the same transaction',
    body: createCommentInputSchema,
    response: commentSchema,
    status: 201,
  }),
  deleteComment: DELETE('/api/clubs/{clubId}/posts/{postId}/comments/{commentId}', {
    access: authorOf('comment', 'manager'),
    summary: 'Deletes a comment (its author, the owner or a moderator)',
    response: deletedSchema,
  }),
  reportPost: POST('/api/clubs/{clubId}/posts/{postId}/reports', {
    access: inClub('member'),
    summary:
      "Reports another member's post (a reason; 'other' with a text): once per member, counted exactly under concurrency; enough reports hide it until a moderator decides; its author is never told who",
    body: reportInputSchema,
    response: reportResultSchema,
    status: 201,
  }),
  reportComment: POST('/api/clubs/{clubId}/posts/{postId}/comments/{commentId}/reports', {
    access: inClub('member'),
    summary:
      "Reports another member's comment, as a post is reported: once per member, hidden after enough reports, the author never told who",
    body: reportInputSchema,
    response: reportResultSchema,
    status: 201,
  }),
  listPostsWithKey: GET('/api/v1/clubs/{clubId}/posts', {
    access: withApiKey('posts:read'),
    summary:
      "The public API's club feed for a key with posts:read: the pinned post first (first page only), then newest first, paged by cursor; hidden posts are left out",
    query: pageQuerySchema,
    response: postPageSchema,
  }),
  getPostWithKey: GET('/api/v1/clubs/{clubId}/posts/{postId}', {
    access: withApiKey('posts:read'),
    summary: "The public API's one post of the club, with its counts and signed media URLs",
    response: postSchema,
  }),
  listCommentsWithKey: GET('/api/v1/clubs/{clubId}/posts/{postId}/comments', {
    access: withApiKey('posts:read'),
    summary: "The public API's comments of a post, oldest first, paged by cursor",
    query: pageQuerySchema,
    response: commentPageSchema,
  }),
  createPostWithKey: POST('/api/v1/clubs/{clubId}/posts', {
    access: withApiKey('posts:write'),
    summary:
      "The public API's new text post in the club, for a key with posts:write: written in the club owner's name and marked viaApi (shown 'via API'); members hear of it as of the owner's posts",
    body: apiCreatePostInputSchema,
    response: postSchema,
    status: 201,
  }),
  createPostMediaUpload: POST('/api/clubs/{clubId}/post-media-uploads', {
    access: inClub('member'),
    summary:
      "Signs a short-lived presigned POST for one post file (image or video matching the post type, at most 10 MB) under the club's members-only prefix; counted against the club's storage quota (413 with the figures when it does not fit)",
    body: postMediaUploadInputSchema,
    response: postMediaUploadSchema,
    status: 201,
  }),
  getClubSidebar: GET('/api/clubs/{clubId}/sidebar', {
    // Writes a member's name and photo onto a membership that lacks them (filled once).
    access: inClub('member', 'read'),
    summary:
      "The club home's sidebar: 3 upcoming events, 3 trending posts (by likes, from an index), 5 members, the about text",
    response: clubSidebarSchema,
  }),
  searchClub: GET('/api/clubs/{clubId}/search', {
    access: inClub('member', 'read'),
    summary:
      "Searches the club's posts, comments, members, courses and events for every word of `q` (the last as a prefix), grouped by kind, newest first, paged by cursor: one query of the club's word index and one batch of what matched",
    query: searchQuerySchema,
    response: searchResultsSchema,
  }),
  getMemberProfile: GET('/api/members/{userId}', {
    access: SIGNED_IN,
    summary:
      "A person's profile, the active clubs the caller shares with them and their recent posts there; 404 unless they share an active club",
    response: memberProfileSchema,
  }),
});
