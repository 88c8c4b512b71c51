/** The bell: the caller's notifications, their unread count, marking them read. */
import { notificationRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { markAllRead, markRead, notificationPage, unreadCount } from '../services/notifications/inbox.ts';

export const handler = defineGroup('notifications', notificationRoutes, {
  listNotifications: async ({ auth, input }) => notificationPage(auth.userId, input.query),
  getUnreadNotificationCount: async ({ auth }) => unreadCount(auth.userId),
  markNotificationRead: async ({ auth, input }) => markRead(auth.userId, input.params.notificationId),
  markAllNotificationsRead: async ({ auth }) => markAllRead(auth.userId),
});
