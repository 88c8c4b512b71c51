/**
 * Notifications as a list of links: who did what, in which club, when; an unread one is marked
 * (and said to be unread to screen readers) and is marked read as it is opened.
 */
import type { Notification } from '@clubs/shared';
import { Link } from 'react-router-dom';
import { PersonAvatar } from '../clubs/ClubAvatar.tsx';
import { notificationAge, notificationHref, notificationText } from './notificationText.ts';
import './notifications.css';

export function NotificationList({
  items,
  onOpen,
}: {
  items: readonly Notification[];
  /** Called as a notification is followed (before the page changes). */
  onOpen: (notification: Notification) => void;
}) {
  return (
    <ul className="notification-list">
      {items.map((notification) => (
        <li key={notification.id} className="notification-list__item" data-read={notification.read}>
          <Link
            to={notificationHref(notification)}
            className="notification-list__link"
            onClick={() => onOpen(notification)}
          >
            <PersonAvatar
              name={notification.actor.name}
              url={notification.actor.avatarUrl}
              size={36}
              decorative
            />
            <span className="notification-list__body">
              <span className="notification-list__text">
                {!notification.read && <span className="visually-hidden">Unread: </span>}
                {notificationText(notification)}
              </span>
              {notification.excerpt && (
                <span className="notification-list__excerpt">
                  {notification.kind === 'level_up' ? notification.excerpt : `“${notification.excerpt}”`}
                </span>
              )}
              <span className="notification-list__meta">
                {notification.club.name} ·{' '}
                <time dateTime={notification.createdAt}>{notificationAge(notification.createdAt)}</time>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
