/** The /notifications page's list: the signed-in person's notifications, newest first, by cursor. */
import { useApiPages } from '../../api/hooks.ts';

const PAGE_SIZE = 20;

export const useNotificationPages = () => useApiPages('listNotifications', { query: { limit: PAGE_SIZE } });
