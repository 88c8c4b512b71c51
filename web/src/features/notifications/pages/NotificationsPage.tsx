/**
 * /notifications: every notification of the signed-in person, newest first, a page at a time
 * ('Show more'), each opening what it is about; 'Mark all as read'.
 */
import { Button } from '@aws-amplify/ui-react';
import { NotificationList } from '../../../components/notifications/NotificationList.tsx';
import { useNotificationActions } from '../../../components/notifications/useNotificationActions.ts';
import { PageColumn, PageHeading } from '../../../components/PageColumn.tsx';
import { ListLoadFailed, ShowMore } from '../../../components/PagedList.tsx';
import { useNotificationPages } from '../api.ts';

export default function NotificationsPage() {
  const list = useNotificationPages();
  const { markRead, markAllRead, markingAll } = useNotificationActions();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  return (
    <PageColumn width="48rem">
      <PageHeading title="Notifications" intro="Replies, mentions, likes and news from your clubs.">
        <Button size="small" onClick={markAllRead} isDisabled={markingAll || unread === 0}>
          Mark all as read
        </Button>
      </PageHeading>
      {list.isPending && <p>Loading notifications...</p>}
      {list.isError && <ListLoadFailed what="your notifications" list={list} />}
      {list.data && items.length === 0 && <p>You have no notifications yet.</p>}
      <NotificationList items={items} onOpen={(n) => (n.read ? undefined : markRead(n.id))} />
      <ShowMore list={list} label="Show more" marginTop="medium" />
    </PageColumn>
  );
}
