/**
 * The club feed in TanStack Query: one infinite query of pages by cursor (the pinned post first,
 * then newest first, as the API orders them), and the cache edits that follow each write, so a
 * card shows what the server answered.
 */
import type { ClubSidebar, Post, PostPage } from '@clubs/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { routeKey, routePagesKey } from '../../api/queryKeys.ts';

/** The club's feed, the pages read so far (the cache edits below write into it). */
export const feedKey = (clubId: string) => routePagesKey('listPosts', { params: { clubId } });
/** A post's comments, the pages read so far. */
export const commentsKey = (clubId: string, postId: string) =>
  routePagesKey('listComments', { params: { clubId, postId } });

export const useFeed = (clubId: string) => useApiPages('listPosts', { params: { clubId } });

/** A post's comments, oldest first, by cursor. */
export const useComments = (clubId: string, postId: string) =>
  useApiPages('listComments', { params: { clubId, postId } });

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
  client.setQueryData<Post>(postKey(clubId, postId), (post) => (post ? change(post) : post));
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

/**
 * The club home's sidebar: the club's description and size, upcoming events, trending posts and
 * members; an event written or a member let in or removed reads it again.
 */
export const clubSidebarKey = (clubId: string) => routeKey('getClubSidebar', { params: { clubId } });
export const useClubSidebar = (clubId: string) => useApiQuery('getClubSidebar', { params: { clubId } });

/**
 * Writes a post's new like count into the sidebar's trending posts when it is one of them, most
 * liked first again, so the sidebar agrees with the post's card.
 */
export function updateTrendingLikes(client: QueryClient, clubId: string, postId: string, likeCount: number) {
  client.setQueryData<ClubSidebar>(clubSidebarKey(clubId), (sidebar) =>
    sidebar?.trendingPosts.some((post) => post.id === postId)
      ? {
          ...sidebar,
          trendingPosts: sidebar.trendingPosts
            .map((post) => (post.id === postId ? { ...post, likeCount } : post))
            .sort((a, b) => b.likeCount - a.likeCount),
        }
      : sidebar,
  );
}

/** One post read alone, as a shared link opens it. */
export const postKey = (clubId: string, postId: string) =>
  routeKey('getPost', { params: { clubId, postId } });
export const usePost = (clubId: string, postId: string) =>
  useApiQuery('getPost', { params: { clubId, postId } });
