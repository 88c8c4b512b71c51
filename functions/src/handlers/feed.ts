import { AppError } from '../http/errors.ts';
import { defineGroup } from '../http/route-handler.ts';

const notYet = async (): Promise<never> => {
  throw new AppError('not_implemented', 'This route is not implemented yet');
};

export const handler = defineGroup('feed', {
  listPosts: notYet,
  getPost: notYet,
  createPost: notYet,
  updatePost: notYet,
  deletePost: notYet,
  likePost: notYet,
  unlikePost: notYet,
  pinPost: notYet,
  unpinPost: notYet,
  listComments: notYet,
  addComment: notYet,
  deleteComment: notYet,
  createPostMediaUpload: notYet,
  getClubSidebar: notYet,
  getMemberProfile: notYet,
});
