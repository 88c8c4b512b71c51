/**
 * The club space: feed, likes, comments, pins, post media, the home sidebar and member profiles.
 * The access check (http/access.ts) has refused anyone the route's declaration does not allow
 * and hands over the club, the caller's membership and, on author routes, the post or comment.
 */
import { feedRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { memberProfile } from '../services/feed/member-profile.ts';
import { signPostMediaUpload } from '../services/feed/post-media.ts';
import {
  createPost,
  createPostAsClub,
  deletePost,
  editPost,
  getPostView,
  listFeed,
  pinPost,
  unpinPost,
} from '../services/feed/posts.ts';
import { addComment, deleteComment, likePost, listComments, unlikePost } from '../services/feed/reactions.ts';
import { clubSidebar } from '../services/feed/sidebar.ts';
import { reportItem } from '../services/moderation/reports.ts';
import { searchClub } from '../services/search/search.ts';

export const handler = defineGroup('feed', feedRoutes, {
  listPosts: async ({ input, club, viewer }) => listFeed(club.id, viewer, input.query),
  getPost: async ({ input, club, viewer }) => getPostView(club.id, input.params.postId, viewer),
  createPost: async ({ input, auth, club, viewer, membership }) =>
    createPost(club, auth, viewer, input.body, new Date(), membership),
  updatePost: async ({ input, resource, viewer }) => editPost(resource, viewer, input.body),
  deletePost: async ({ resource, auth }) => deletePost(resource, auth.userId),
  likePost: async ({ input, auth, club }) => likePost(club.id, input.params.postId, auth.userId),
  unlikePost: async ({ input, auth, club }) => unlikePost(club.id, input.params.postId, auth.userId),
  pinPost: async ({ input, club }) => pinPost(club.id, input.params.postId),
  unpinPost: async ({ input, club }) => unpinPost(club.id, input.params.postId),
  listComments: async ({ input, club, viewer }) =>
    listComments(club.id, input.params.postId, viewer, input.query),
  addComment: async ({ input, auth, club, viewer }) =>
    addComment(club.id, input.params.postId, auth, viewer, input.body),
  deleteComment: async ({ club, resource, auth }) => deleteComment(club.id, resource, auth.userId),
  reportPost: async ({ input, auth, club, viewer, membership }) =>
    reportItem(club, auth, viewer, membership, { postId: input.params.postId, commentId: null }, input.body),
  reportComment: async ({ input, auth, club, viewer, membership }) =>
    reportItem(club, auth, viewer, membership, input.params, input.body),
  listPostsWithKey: async ({ input, club, viewer }) => listFeed(club.id, viewer, input.query),
  getPostWithKey: async ({ input, club, viewer }) => getPostView(club.id, input.params.postId, viewer),
  listCommentsWithKey: async ({ input, club, viewer }) =>
    listComments(club.id, input.params.postId, viewer, input.query),
  createPostWithKey: async ({ input, club }) => createPostAsClub(club, input.body),
  createPostMediaUpload: async ({ input, auth, club }) => signPostMediaUpload(club, auth.userId, input.body),
  getClubSidebar: async ({ club }) => clubSidebar(club),
  searchClub: async ({ input, club, viewer }) => searchClub(club.id, viewer, input.query),
  getMemberProfile: async ({ input, auth }) => memberProfile(auth.userId, input.params.userId),
});
