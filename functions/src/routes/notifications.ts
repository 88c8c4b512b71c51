/**
 * The bell: the caller's notifications, their unread count, marking them read; their notification
 * preferences; the one-click unsubscribe of an e-mail's link (no sign-in, a signed token); and the
 * live socket's tickets, and closing the caller's sockets at sign-out.
 */
import { notificationRoutes } from '@clubs/shared';
import { reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import { closeConnectionsOf, issueTicket } from '../services/live/sessions.ts';
import { markAllRead, markRead, notificationPage, unreadCount } from '../services/notifications/inbox.ts';
import {
  accountSettings,
  checkUnsubscribe,
  clubSettings,
  unsubscribe,
  updateAccountSettings,
  updateClubSettings,
} from '../services/notifications/preferences.ts';
import { siteUrl } from '../stripe/config.ts';

export const handler = defineGroup('notifications', notificationRoutes, {
  listNotifications: async ({ auth, input }) => notificationPage(auth.userId, input.query),
  getUnreadNotificationCount: async ({ auth }) => unreadCount(auth.userId),
  markNotificationRead: async ({ auth, input }) => markRead(auth.userId, input.params.notificationId),
  markAllNotificationsRead: async ({ auth }) => markAllRead(auth.userId),
  getNotificationSettings: async ({ auth }) => accountSettings(auth.userId),
  updateNotificationSettings: async ({ auth, input }) =>
    updateAccountSettings(auth.userId, input.body.preference),
  getClubNotificationSettings: async ({ auth, input }) => clubSettings(auth.userId, input.params.clubId),
  updateClubNotificationSettings: async ({ auth, input }) =>
    updateClubSettings(auth.userId, input.params.clubId, input.body.preference),
  createLiveTicket: async ({ auth }) => issueTicket(auth),
  closeLiveConnections: async ({ auth }) => closeConnectionsOf(auth.userId),
  openUnsubscribe: async ({ input }) => {
    await checkUnsubscribe(input.query.token);
    // The page asks before it unsubscribes: a link scanner's GET changes nothing.
    return reply(303, null, {
      Location: `${siteUrl()}/unsubscribe?token=${encodeURIComponent(input.query.token)}`,
    });
  },
  unsubscribe: async ({ input }) => unsubscribe(input.query.token),
});
