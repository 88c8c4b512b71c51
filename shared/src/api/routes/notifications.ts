/**
 * The bell: the caller's own notifications. Every route is about the signed-in caller only, and
 * each read is at most two DynamoDB requests (a page of the caller's notifications and their
 * unread counter, read together).
 */
import * as z from 'zod';
import { liveConnectionsClosedSchema, liveTicketSchema } from '../../domain/live-ticket.ts';
import {
  accountNotificationSettingsInputSchema,
  accountNotificationSettingsSchema,
  clubNotificationSettingsInputSchema,
  clubNotificationSettingsSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationReadSchema,
  unreadCountSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '../../domain/notification.ts';
import { DELETE, GET, inClub, POST, PUBLIC, PUT, routesOf, SIGNED_IN } from '../route-builder.ts';

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
  getNotificationSettings: GET('/api/me/notification-settings', {
    access: SIGNED_IN,
    summary: "The caller's account-wide notification preference (what clubs without their own follow)",
    response: accountNotificationSettingsSchema,
  }),
  updateNotificationSettings: PUT('/api/me/notification-settings', {
    access: SIGNED_IN,
    summary: "Sets the caller's account-wide notification preference",
    body: accountNotificationSettingsInputSchema,
    response: accountNotificationSettingsSchema,
  }),
  getClubNotificationSettings: GET('/api/clubs/{clubId}/notification-settings', {
    access: inClub('member'),
    summary:
      "The caller's own notification preference for this club (null: the account's) and the one in effect",
    response: clubNotificationSettingsSchema,
  }),
  updateClubNotificationSettings: PUT('/api/clubs/{clubId}/notification-settings', {
    access: inClub('member'),
    summary: "Sets (or, with null, clears) the caller's notification preference for this club",
    body: clubNotificationSettingsInputSchema,
    response: clubNotificationSettingsSchema,
  }),
  createLiveTicket: POST('/api/me/live-ticket', {
    access: SIGNED_IN,
    summary:
      "A ticket for opening the live socket as the caller: opaque, single use, good for a minute (the socket's URL carries it, never the ID token)",
    response: liveTicketSchema,
    status: 201,
  }),
  closeLiveConnections: DELETE('/api/me/live-connections', {
    access: SIGNED_IN,
    summary:
      'Closes every live socket the caller has open and forgets them (the SPA calls it at sign-out, so no socket outlives the session)',
    response: liveConnectionsClosedSchema,
  }),
  openUnsubscribe: GET('/api/unsubscribe', {
    access: PUBLIC,
    summary:
      "An e-mail's unsubscribe link opened in a browser: checks the signed token, then sends the reader (303) to the page that confirms it",
    query: unsubscribeQuerySchema,
    response: z.null(),
  }),
  unsubscribe: POST('/api/unsubscribe', {
    access: PUBLIC,
    summary:
      "One-click unsubscribe (RFC 8058; no sign-in): the signed token's club, or all clubs, send the reader no more e-mail",
    query: unsubscribeQuerySchema,
    // Mail providers post `List-Unsubscribe=One-Click` form-encoded; only the token counts.
    rawBody: true,
    response: unsubscribedSchema,
  }),
});
