/**
 * The /notifications page's list: the signed-in person's notifications, newest first, by cursor;
 * and the keys the bell, its actions and the live socket write or read again.
 */
import { useApiPages } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';

/** Every cached list of notifications: the page's and the bell's panel. */
export const NOTIFICATIONS_KEY = routeKey('listNotifications');
/** The bell's unread count. */
export const UNREAD_COUNT_KEY = routeKey('getUnreadNotificationCount');

const PAGE_SIZE = 20;

export const useNotificationPages = () => useApiPages('listNotifications', { query: { limit: PAGE_SIZE } });
