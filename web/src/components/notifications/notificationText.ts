/** What a notification says and where it leads, as the bell and the notifications page show it. */
import type { Notification } from '@clubs/shared';

/** The sentence after the actor's name. */
const SAYS: Record<Notification['kind'], string> = {
  reply: 'commented on your post',
  thread_reply: 'also commented on a post',
  mention: 'mentioned you',
  likes: 'liked your post',
  join_request: 'asked to join',
  approved: 'approved your request to join',
  new_event: 'added an event',
  announcement: 'posted an announcement',
  event_reminder: 'An event starts tomorrow',
  level_up: 'reached a new level',
};

/** Kinds nobody acted in: the sentence stands alone (their actor is the club, named beneath). */
const ACTOR_FREE: ReadonlySet<Notification['kind']> = new Set(['event_reminder']);

export function notificationText(notification: Notification): string {
  if (ACTOR_FREE.has(notification.kind)) return SAYS[notification.kind];
  // The reader's own news: said to them, not about an actor.
  if (notification.kind === 'level_up') return `You reached Level ${notification.level ?? ''}`.trim();
  const others =
    notification.others > 0 ? ` and ${notification.others} other${notification.others === 1 ? '' : 's'}` : '';
  return `${notification.actor.name}${others} ${SAYS[notification.kind]}`;
}

/**
 * The page a notification opens: its post (`?post=`), the club's events, members or classroom,
 * or the club.
 */
export function notificationHref(notification: Notification): string {
  const club = `/communities/${encodeURIComponent(notification.club.id)}`;
  switch (notification.target.kind) {
    case 'post':
      return `${club}?post=${encodeURIComponent(notification.target.postId)}`;
    case 'event':
      return `${club}/events`;
    case 'members':
      return `${club}/members`;
    case 'club':
      return club;
    case 'courses':
      return `${club}/courses`;
  }
}

/** "5 min ago", "3 h ago", "2 d ago", or the date. */
export function notificationAge(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return new Date(createdAt).toLocaleDateString();
}
