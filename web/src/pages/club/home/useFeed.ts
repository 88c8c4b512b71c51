/**
 * The club feed in TanStack Query: one infinite query of pages by cursor (the pinned post first,
 * then newest first, as the API orders them), and the cache edits that follow each write, so a
 * card shows what the server answered.
 */
import type { Post, PostPage } from '@clubs/shared';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { routeKey } from '../../../api/queryKeys.ts';

export const feedKey = (clubId: string) => routeKey('listPosts', { params: { clubId } });
export const commentsKey = (clubId: string, postId: string) =>
  routeKey('listComments', { params: { clubId, postId } });

export function useFeed(clubId: string) {
  return useInfiniteQuery<PostPage, ApiError, InfiniteData<PostPage>, readonly unknown[], string | null>({
    queryKey: feedKey(clubId),
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) =>
      api('listPosts', {
        params: { clubId },
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Shows the newest posts: the feed keeps its first page only and reads it again (later pages
 * load again as the reader scrolls), so no post is skipped between the new first page and an
 * older cursor.
 */
export async function showNewestPosts(client: QueryClient, clubId: string): Promise<void> {
  client.setQueryData<InfiniteData<PostPage>>(feedKey(clubId), (feed) =>
    feed ? { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) } : feed,
  );
  await client.refetchQueries({ queryKey: feedKey(clubId), exact: true });
}

/** Applies `change` to one post wherever the cached feed holds it (and to its single-post query). */
export function updateCachedPost(
  client: QueryClient,
  clubId: string,
  postId: string,
  change: (post: Post) => Post,
) {
  client.setQueryData<InfiniteData<PostPage>>(feedKey(clubId), (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({
            ...page,
            items: page.items.map((post) => (post.id === postId ? change(post) : post)),
          })),
        }
      : feed,
  );
  client.setQueryData<Post>(['getPost', { params: { clubId, postId } }], (post) =>
    post ? change(post) : post,
  );
}

export function removeCachedPost(client: QueryClient, clubId: string, postId: string) {
  client.setQueryData<InfiniteData<PostPage>>(feedKey(clubId), (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== postId) })),
        }
      : feed,
  );
}
