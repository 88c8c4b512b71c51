/**
 * A person's own notifications: a page with the unread count (one query and one GetItem, made
 * together), the count alone (one GetItem), marking one or all read.
 */
import type { Notification, NotificationPage, NotificationRead, UnreadCount } from '@clubs/shared';
import {
  getNotificationState,
  isUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationState,
  type StoredNotification,
} from '../../data/repositories/notifications.ts';
import { notFound } from '../../errors.ts';

const toView = (stored: StoredNotification, state: NotificationState): Notification => ({
  id: stored.id,
  kind: stored.kind,
  club: { id: stored.clubId, name: stored.clubName },
  actor: { id: stored.actorId, name: stored.actorName, avatarUrl: stored.actorAvatar },
  others: Math.max(0, (stored.actorIds?.size ?? 1) - 1),
  excerpt: stored.excerpt,
  target: stored.target,
  ...(stored.level === undefined ? {} : { level: stored.level }),
  createdAt: stored.updatedAt ?? stored.createdAt,
  read: !isUnread(stored, state),
});

export async function notificationPage(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<NotificationPage> {
  const [read, state] = await Promise.all([listNotifications(userId, page), getNotificationState(userId)]);
  return {
    items: read.items.map((stored) => toView(stored, state)),
    nextCursor: read.nextCursor,
    unreadCount: state.unread,
  };
}

export async function unreadCount(userId: string): Promise<UnreadCount> {
  return { unreadCount: (await getNotificationState(userId)).unread };
}

export async function markRead(userId: string, id: string): Promise<NotificationRead> {
  if (!(await markNotificationRead(userId, id, new Date()))) throw notFound('Notification not found');
  return { id, read: true, unreadCount: (await getNotificationState(userId, true)).unread };
}

export async function markAllRead(userId: string): Promise<UnreadCount> {
  await markAllNotificationsRead(userId, new Date());
  return { unreadCount: (await getNotificationState(userId, true)).unread };
}
