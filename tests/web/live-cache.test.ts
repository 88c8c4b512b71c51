/**
 * Live messages written into the TanStack Query cache: an edited post is read alone and replaces
 * its copy in the feed's page and on its own page, the feed is not read again; a post the tab has
 * nowhere cached is not read at all. A post's new like count reaches the sidebar's trending posts.
 */
import type { ClubSidebar, Post, PostPage } from '@clubs/shared';
import { routeKey } from '@clubs/web/src/api/queryKeys.ts';
import { clubSidebarKey, feedKey } from '@clubs/web/src/features/feed/api.ts';
import { applyLiveMessage } from '@clubs/web/src/live/useLiveClub.ts';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CLUB, post } from './club-home-support.ts';

function clientWithFeed(posts: Post[]) {
  const client = new QueryClient();
  const feed: InfiniteData<PostPage> = {
    pages: [{ items: posts, nextCursor: null }],
    pageParams: [undefined],
  };
  client.setQueryData(feedKey(CLUB), feed);
  return client;
}

const feedOf = (client: QueryClient) =>
  client.getQueryData<InfiniteData<PostPage>>(feedKey(CLUB))?.pages.flatMap((page) => page.items) ?? [];

describe('a post edited live', () => {
  it('is read alone and written into the feed and its own page, the feed not read again', async () => {
    const client = clientWithFeed([post('p1'), post('p2')]);
    const postKey = routeKey('getPost', { params: { clubId: CLUB, postId: 'p2' } });
    client.setQueryData(postKey, post('p2'));
    const edited = post('p2', { content: 'Edited while you read', updatedAt: '2026-11-21T10:00:00.000Z' });
    const fetchPost = vi.fn(async () => edited);
    applyLiveMessage(client, { type: 'post.edited', clubId: CLUB, postId: 'p2' }, 'reader-1', fetchPost);
    await vi.waitFor(() => expect(feedOf(client)[1]?.content).toBe('Edited while you read'));
    expect(fetchPost).toHaveBeenCalledExactlyOnceWith(CLUB, 'p2');
    expect(feedOf(client)[0]).toEqual(post('p1'));
    expect(client.getQueryData(postKey)).toEqual(edited);
    expect(client.getQueryState(feedKey(CLUB))?.isInvalidated).toBe(false);
  });

  it('is not read when the tab holds it nowhere, and a failed read changes nothing', async () => {
    const client = clientWithFeed([post('p1')]);
    const fetchPost = vi.fn(async (): Promise<Post> => {
      throw new Error('Post not found');
    });
    applyLiveMessage(
      client,
      { type: 'post.edited', clubId: CLUB, postId: 'elsewhere' },
      'reader-1',
      fetchPost,
    );
    expect(fetchPost).not.toHaveBeenCalled();
    applyLiveMessage(client, { type: 'post.edited', clubId: CLUB, postId: 'p1' }, 'reader-1', fetchPost);
    await vi.waitFor(() => expect(fetchPost).toHaveBeenCalledOnce());
    expect(feedOf(client)).toEqual([post('p1')]);
  });
});

describe("a post's counts changed live", () => {
  it("are written into the sidebar's trending posts, most liked first again", () => {
    const client = clientWithFeed([post('p1'), post('p2')]);
    const sidebar = {
      trendingPosts: [
        { id: 'p1', title: 'First', authorName: 'Ann', likeCount: 2 },
        { id: 'p2', title: 'Second', authorName: 'Ben', likeCount: 1 },
      ],
    } as ClubSidebar;
    client.setQueryData(clubSidebarKey(CLUB), sidebar);
    applyLiveMessage(
      client,
      { type: 'post.counts', clubId: CLUB, postId: 'p2', likeCount: 3, commentCount: 0 },
      'reader-1',
      vi.fn(),
    );
    const trending = client.getQueryData<ClubSidebar>(clubSidebarKey(CLUB))?.trendingPosts;
    expect(trending?.map(({ id, likeCount }) => [id, likeCount])).toEqual([
      ['p2', 3],
      ['p1', 2],
    ]);
  });
});
