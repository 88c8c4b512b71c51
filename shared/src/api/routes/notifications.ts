/**
 * The bell: the caller's own notifications. Every route is about the signed-in caller only, and
 * each read is at most two DynamoDB requests (a page of the caller's notifications and their
 * unread counter, read together).
 */
import {
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationReadSchema,
  unreadCountSchema,
} from '../../domain/notification.ts';
import { GET, POST, routesOf, SIGNED_IN } from '../route-builder.ts';

export const notificationRoutes = routesOf('notifications', {
  listNotifications: GET('/api/me/notifications', {
    access: SIGNED_IN,
    summary:
      "A page of the caller's notifications, newest first, by cursor, with the unread count: one query and one GetItem",
    query: notificationPageQuerySchema,
    response: notificationPageSchema,
  }),
  getUnreadNotificationCount: GET('/api/me/notifications/unread-count', {
    access: SIGNED_IN,
    summary: "How many of the caller's notifications are unread: one GetItem of their counter",
    response: unreadCountSchema,
  }),
  markNotificationRead: POST('/api/me/notifications/{notificationId}/read', {
    access: SIGNED_IN,
    summary: "Marks one of the caller's notifications read (counted down once, however often it is asked)",
    response: notificationReadSchema,
  }),
  markAllNotificationsRead: POST('/api/me/notifications/read-all', {
    access: SIGNED_IN,
    summary: "Marks every notification of the caller read at once: one write of their counter's watermark",
    response: unreadCountSchema,
  }),
});
