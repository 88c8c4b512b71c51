/**
 * Follows the open club live while its pages show (the club layout calls this): each message
 * updates the TanStack Query cache in place. A new post waits in the feed's pill; counts are
 * written into the cached post; an edited post is read alone into the caches holding it; a list
 * change makes what shows it read again; a
 * revocation reads the club's access again (the page then says the reader has none). When a lost
 * connection is back, everything cached of the club is read again, so nothing missed stays missed.
 */
import type { LiveServerMessage, Post, PostPage } from '@clubs/shared';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/index.ts';
import { currentIdToken } from '../auth/service.ts';
import { coursesKey } from '../features/courses/api.ts';
import { eventsKey } from '../features/events/api.ts';
import {
  clubSidebarKey,
  commentsKey,
  feedKey,
  postKey,
  removeCachedPost,
  updateCachedPost,
  updateTrendingLikes,
} from '../features/feed/api.ts';
import { UNREAD_COUNT_KEY } from '../features/notifications/api.ts';
import { LiveConnection } from './liveConnection.ts';
import { addNewPost, clearNewPosts, dropNewPost } from './newPosts.ts';

/** A ticket for one opening of the socket, asked of the API while signed in. */
export async function liveTicket(): Promise<string | undefined> {
  if (!(await currentIdToken())) return undefined;
  return (await api('createLiveTicket')).ticket;
}

/** The tab's one connection. */
export const live = new LiveConnection({ getTicket: liveTicket });

// Query keys as the pages build them (courseErrors.ts, useEvents.ts, the sidebar's).
const isOfClub = (key: readonly unknown[], clubId: string) =>
  key[1] === clubId ||
  (typeof key[1] === 'object' &&
    key[1] !== null &&
    (key[1] as { params?: { clubId?: unknown } }).params?.clubId === clubId);

function feedHolds(client: QueryClient, clubId: string, postId: string): boolean {
  const feed = client.getQueryData<InfiniteData<PostPage>>(feedKey(clubId));
  return !!feed?.pages.some((page) => page.items.some((post) => post.id === postId));
}

/** Reads one post (GET of the post's route). */
export type PostReader = (clubId: string, postId: string) => Promise<Post>;

const readPost: PostReader = (clubId, postId) => api('getPost', { params: { clubId, postId } });

/**
 * An edited post is read alone and written where it is cached (the feed's page, its own page),
 * so the feed is not read again; a post cached nowhere is not read, and one that can no longer
 * be read (deleted, or access lost meanwhile) is left to the messages that say so.
 */
async function refreshPost(client: QueryClient, clubId: string, postId: string, fetchPost: PostReader) {
  if (!feedHolds(client, clubId, postId) && client.getQueryData(postKey(clubId, postId)) === undefined)
    return;
  const post = await fetchPost(clubId, postId).catch(() => null);
  if (post) updateCachedPost(client, clubId, postId, () => post);
}

export function applyLiveMessage(
  client: QueryClient,
  message: LiveServerMessage,
  userId: string,
  fetchPost: PostReader = readPost,
): void {
  if (
    message.type === 'error' ||
    message.type === 'subscribed' ||
    message.type === 'unsubscribed' ||
    message.type === 'notifications.changed' ||
    message.type === 'chat.message' ||
    message.type === 'chat.read' ||
    message.type === 'chat.deleted'
  )
    return;
  const { clubId } = message;
  switch (message.type) {
    case 'post.created':
      if (message.authorId !== userId && !feedHolds(client, clubId, message.postId)) {
        addNewPost(clubId, message.postId);
      }
      return;
    case 'post.counts':
      updateCachedPost(client, clubId, message.postId, (post) => ({
        ...post,
        likeCount: message.likeCount,
        commentCount: message.commentCount,
      }));
      updateTrendingLikes(client, clubId, message.postId, message.likeCount);
      void client.invalidateQueries({ queryKey: commentsKey(clubId, message.postId) });
      return;
    case 'post.edited':
      void refreshPost(client, clubId, message.postId, fetchPost);
      return;
    case 'post.deleted':
      dropNewPost(clubId, message.postId);
      removeCachedPost(client, clubId, message.postId);
      return;
    case 'club.changed':
      void client.invalidateQueries({
        queryKey: message.area === 'courses' ? coursesKey(clubId) : eventsKey(clubId),
      });
      if (message.area === 'events') {
        void client.invalidateQueries({ queryKey: clubSidebarKey(clubId) });
      }
      return;
    case 'revoked':
      clearNewPosts(clubId);
      void client.invalidateQueries({ predicate: (query) => isOfClub(query.queryKey, clubId) });
      return;
  }
}

/** Reads again everything cached of the club (after the connection was lost a while). */
function catchUp(client: QueryClient, clubId: string) {
  clearNewPosts(clubId);
  void client.invalidateQueries({ predicate: (query) => isOfClub(query.queryKey, clubId) });
  void client.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
}

/** What a follower does with the messages it follows, and once a lost connection is back. */
export interface LiveHandlers {
  apply: (client: QueryClient, message: LiveServerMessage, userId: string) => void;
  resume: (client: QueryClient, clubId: string | null) => void;
}

/**
 * Follows a club (null: the person's own messages) while mounted and signed in (`userId`
 * changes: another person, another socket). The handlers are module constants, so a render does
 * not follow again.
 */
export function useLiveFollow(
  clubId: string | null,
  userId: string | undefined,
  handlers: LiveHandlers,
): void {
  const client = useQueryClient();
  const { apply, resume } = handlers;
  useEffect(() => {
    if (!userId) return;
    return live.follow(
      clubId,
      (message) => apply(client, message, userId),
      () => resume(client, clubId),
    );
  }, [client, clubId, userId, apply, resume]);
}

const CLUB_HANDLERS: LiveHandlers = {
  apply: (client, message, userId) => applyLiveMessage(client, message, userId),
  resume: (client, clubId) => {
    if (clubId) catchUp(client, clubId);
  },
};

/** Follows the club live while mounted. */
export const useLiveClub = (clubId: string, userId: string | undefined): void =>
  useLiveFollow(clubId, userId, CLUB_HANDLERS);
