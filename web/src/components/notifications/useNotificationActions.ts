/**
 * Marking notifications read, for the bell and the notifications page: each answer carries the
 * unread count as it now stands, which the bell's count takes at once; the lists are read again.
 */
import type { UnreadCount } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../api/mutations.ts';
import { NOTIFICATIONS_KEY, UNREAD_COUNT_KEY } from '../../features/notifications/api.ts';

export function useNotificationActions() {
  const queryClient = useQueryClient();
  const settle = (answer: UnreadCount) => {
    queryClient.setQueryData(UNREAD_COUNT_KEY, { unreadCount: answer.unreadCount });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
  const markOne = useApiMutation('markNotificationRead', { onSuccess: settle });
  const markAll = useApiMutation('markAllNotificationsRead', { onSuccess: settle });
  return {
    markRead: (id: string) => markOne.mutate({ params: { notificationId: id } }),
    markAllRead: () => markAll.run({}),
    markingAll: markAll.isPending,
  };
}
