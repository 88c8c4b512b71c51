/**
 * The bell of the signed-in header: the unread count on the button (its name says it, and a
 * polite live region announces a change of it), and a panel of the latest notifications, each
 * opening what it is about, with 'Mark all as read' and a link to the full list. The count is
 * read again when a notification is written for the person (the live socket says so), every 30
 * seconds and when the window regains focus.
 */
import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useLiveNotifications } from '../../live/useLiveNotifications.ts';
import { HeaderCount } from '../HeaderCount.tsx';
import { Popover } from '../overlay/Popover.tsx';
import { NotificationList } from './NotificationList.tsx';
import { useNotificationActions } from './useNotificationActions.ts';
import './notifications.css';

/** How many notifications the panel shows. */
const PANEL_SIZE = 8;
const COUNT_REFRESH_MS = 30_000;
const BELL_ICON =
  'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z';

export const unreadLabel = (count: number) =>
  count === 0 ? 'No unread notifications' : `${count} unread notification${count === 1 ? '' : 's'}`;

function BellPanel({ close }: { close: () => void }) {
  const latest = useApiQuery('listNotifications', { query: { limit: PANEL_SIZE } });
  const { markRead, markAllRead, markingAll } = useNotificationActions();
  const items = latest.data?.items ?? [];
  return (
    <div className="notification-panel">
      <div className="notification-panel__head">
        <h2 className="notification-panel__title">Notifications</h2>
        <Button
          size="small"
          variation="link"
          onClick={markAllRead}
          isDisabled={markingAll || !items.some((n) => !n.read)}
        >
          Mark all as read
        </Button>
      </div>
      {latest.isPending && <p className="notification-panel__note">Loading...</p>}
      {latest.isError && (
        <p role="alert" className="notification-panel__note">
          Could not load notifications.
        </p>
      )}
      {latest.data && items.length === 0 && (
        <p className="notification-panel__note">You have no notifications yet.</p>
      )}
      <NotificationList
        items={items}
        onOpen={(notification) => {
          if (!notification.read) markRead(notification.id);
          close();
        }}
      />
      <Link to="/notifications" className="notification-panel__all" onClick={close}>
        See all notifications
      </Link>
    </div>
  );
}

export function NotificationBell() {
  useLiveNotifications(useAuth().user?.sub);
  const count = useApiQuery('getUnreadNotificationCount', undefined, {
    refetchInterval: COUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const unread = count.data?.unreadCount ?? 0;
  return (
    <div className="clubs-header__count">
      <Popover
        label="Notifications"
        buttonSize="small"
        buttonText={
          <HeaderCount icon={BELL_ICON} label={`Notifications, ${unreadLabel(unread)}`} count={unread} />
        }
      >
        {(close) => <BellPanel close={close} />}
      </Popover>
      <VisuallyHidden role="status" aria-live="polite">
        {count.data && unread > 0 ? unreadLabel(unread) : ''}
      </VisuallyHidden>
    </div>
  );
}
