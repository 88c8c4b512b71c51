/**
 * Live fan-out: one change event becomes one message (ids and counts, never text) posted to every
 * connection following the change's club (a chat change: to its two people's connections only). The club's subscriptions are read one page at a time
 * (one Query each); each page's readers are checked again (ReaderCache: the club and their
 * memberships in one batch, each person once per fan-out), so someone removed since they
 * subscribed receives nothing; a connection that answers Gone is deleted. A member's removal
 * instead ends their subscriptions to the club and tells their open pages so.
 */
import { type AnyChangeEvent, LIVE, type LiveServerMessage } from '@clubs/shared';
import {
  deleteConnection,
  getConnection,
  listConnectionsOfUser,
  listSubscribersPage,
  openConnectionsOf,
  removeSubscription,
} from '../../data/repositories/live-connections.ts';
import { getPost } from '../../data/repositories/posts.ts';
import { logger } from '../../logger.ts';
import { ReaderCache } from './access.ts';
import { postToConnection } from './post-to-connection.ts';

/** How many posts to connections are under way at once. */
const PARALLEL_POSTS = 50;

export interface FanOutReport {
  sent: number;
  gone: number;
  skipped: number;
}

/** The message a change sends to the club's readers (null: none). */
export async function messageOf(change: AnyChangeEvent): Promise<LiveServerMessage | null> {
  const { clubId } = change;
  switch (change.type) {
    case 'post.created':
      return { type: 'post.created', clubId, postId: change.postId, authorId: change.actorId };
    case 'post.liked':
    case 'post.unliked':
    case 'comment.created':
    case 'comment.deleted': {
      const post = await getPost(clubId, change.postId);
      if (!post) return null;
      return {
        type: 'post.counts',
        clubId,
        postId: post.id,
        likeCount: post.likeCount,
        commentCount: post.commentCount,
      };
    }
    case 'post.edited':
      return { type: 'post.edited', clubId, postId: change.postId };
    case 'post.deleted':
      return { type: 'post.deleted', clubId, postId: change.postId };
    case 'course.changed':
      return { type: 'club.changed', clubId, area: 'courses' };
    case 'event.created':
    case 'event.changed':
      return { type: 'club.changed', clubId, area: 'events' };
    case 'membership.requested':
    case 'membership.approved':
    case 'membership.removed':
    case 'membership.card-changed':
    case 'chat.message-sent':
    case 'chat.read':
    case 'chat.message-deleted':
    // The recorded changes only a club's webhooks follow (the live rule does not route them here).
    case 'membership.paid':
    case 'event.rsvp':
    case 'course.completed':
      return null;
  }
}

/**
 * A chat change is for its two people only, never for the club's other readers: who they are and
 * what they are told (null: the change is not chat's).
 */
export function personalMessageOf(
  change: AnyChangeEvent,
): { userIds: readonly string[]; message: LiveServerMessage } | null {
  switch (change.type) {
    case 'chat.message-sent':
      return {
        userIds: change.userIds,
        message: {
          type: 'chat.message',
          conversationId: change.conversationId,
          messageId: change.messageId,
          senderId: change.actorId,
        },
      };
    case 'chat.read':
      return {
        userIds: change.userIds,
        message: {
          type: 'chat.read',
          conversationId: change.conversationId,
          messageId: change.messageId,
          readerId: change.actorId,
        },
      };
    case 'chat.message-deleted':
      return {
        userIds: change.userIds,
        message: { type: 'chat.deleted', conversationId: change.conversationId, messageId: change.messageId },
      };
    default:
      return null;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

/** Posts to one connection (of `userId`, if known), deleting it when it is gone. */
async function deliver(
  connectionId: string,
  message: LiveServerMessage,
  report: FanOutReport,
  userId?: string,
) {
  if ((await postToConnection(connectionId, message)) === 'gone') {
    report.gone += 1;
    await deleteConnection(connectionId, userId);
  } else {
    report.sent += 1;
  }
}

/** Sends `message` to every connection following the club that may still read it. */
export async function fanOutToClub(clubId: string, message: LiveServerMessage): Promise<FanOutReport> {
  const report: FanOutReport = { sent: 0, gone: 0, skipped: 0 };
  const readers = new ReaderCache(clubId);
  let cursor: string | undefined;
  do {
    const page = await listSubscribersPage(clubId, { limit: LIVE.fanOutPageSize, cursor });
    const mayRead = await readers.mayRead(page.items);
    const allowed = page.items.filter((subscriber) => {
      if (mayRead(subscriber)) return true;
      report.skipped += 1;
      return false;
    });
    await inParallel(allowed, PARALLEL_POSTS, (subscriber) =>
      deliver(subscriber.connectionId, message, report),
    );
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return report;
}

/** A member left or was removed: their connections stop following the club and are told. */
async function revoke(clubId: string, memberId: string): Promise<FanOutReport> {
  const report: FanOutReport = { sent: 0, gone: 0, skipped: 0 };
  const connectionIds = await listConnectionsOfUser(memberId);
  await inParallel(connectionIds, PARALLEL_POSTS, async (connectionId) => {
    const connection = await getConnection(connectionId);
    if (!connection?.clubIds.includes(clubId)) return;
    await removeSubscription(connectionId, clubId);
    await deliver(connectionId, { type: 'revoked', clubId }, report);
  });
  return report;
}

/**
 * Sends a message of the person's own to each person's open connections, whatever club they
 * follow: their sets of connections read a hundred people to a BatchGetItem (a batch of a
 * club-wide notification's recipients is one request), then a post to each connection. Best
 * effort: what it tells of is written already, and a page that misses the message reads again on
 * its own when it is back.
 */
export async function tellPeople(
  userIds: readonly string[],
  message: LiveServerMessage,
): Promise<FanOutReport> {
  const report: FanOutReport = { sent: 0, gone: 0, skipped: 0 };
  let open: Map<string, string[]>;
  try {
    open = await openConnectionsOf(userIds);
  } catch (error) {
    report.skipped += userIds.length;
    logger.warn('live message not sent', {
      people: userIds.length,
      type: message.type,
      error: (error as Error).message,
    });
    return report;
  }
  const sockets = [...open].flatMap(([userId, connectionIds]) =>
    connectionIds.map((connectionId) => ({ userId, connectionId })),
  );
  await inParallel(sockets, PARALLEL_POSTS, async ({ userId, connectionId }) => {
    try {
      await deliver(connectionId, message, report, userId);
    } catch (error) {
      report.skipped += 1;
      logger.warn('live message not sent', { userId, type: message.type, error: (error as Error).message });
    }
  });
  return report;
}

/** Tells each person's open connections that their notifications changed (the bell reads its count). */
export const tellNotified = (userIds: readonly string[]): Promise<FanOutReport> =>
  tellPeople(userIds, { type: 'notifications.changed' });

/** What one change does live. */
export async function fanOutChange(change: AnyChangeEvent): Promise<FanOutReport> {
  if (change.type === 'membership.removed') return revoke(change.clubId, change.memberId);
  const personal = personalMessageOf(change);
  if (personal) return tellPeople(personal.userIds, personal.message);
  const message = await messageOf(change);
  if (!message) return { sent: 0, gone: 0, skipped: 0 };
  return fanOutToClub(change.clubId, message);
}
