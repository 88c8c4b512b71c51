/**
 * Follows the signed-in person's own live messages while the header's bell shows: a notification
 * written for them makes the bell's count and panel read again at once (instead of at the next
 * 30-second poll), and so does a lost connection once it is back.
 */
import type { LiveServerMessage } from '@clubs/shared';
import type { QueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_KEY, UNREAD_COUNT_KEY } from '../features/notifications/api.ts';
import { type LiveHandlers, useLiveFollow } from './useLiveClub.ts';

/** The bell's count and the notification lists are read again. */
export function refreshNotifications(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
  void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

export function applyPersonalMessage(client: QueryClient, message: LiveServerMessage): void {
  if (message.type === 'notifications.changed') refreshNotifications(client);
}

const NOTIFICATION_HANDLERS: LiveHandlers = {
  apply: (client, message) => applyPersonalMessage(client, message),
  resume: (client) => refreshNotifications(client),
};

/** Follows the person's messages while mounted (`userId` changes: another person, another socket). */
export const useLiveNotifications = (userId: string | undefined): void =>
  useLiveFollow(null, userId, NOTIFICATION_HANDLERS);
