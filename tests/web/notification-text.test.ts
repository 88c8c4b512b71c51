/**
 * What a notification says in the bell and on the notifications page: the actor and the action,
 * or, for a kind nobody acted in (an event's reminder), the sentence alone; and where it leads.
 */
import type { Notification } from '@clubs/shared';
import {
  notificationHref,
  notificationText,
} from '@clubs/web/src/components/notifications/notificationText.ts';
import { describe, expect, it } from 'vitest';

const notification = (overrides: Partial<Notification>): Notification => ({
  id: '01JD0000000000000000000000',
  kind: 'reply',
  club: { id: 'club1', name: 'Morning Runners' },
  actor: { id: 'user1', name: 'Mia Member', avatarUrl: null },
  others: 0,
  excerpt: 'Night run',
  target: { kind: 'post', postId: 'post1' },
  createdAt: '2026-11-26T10:00:00.000Z',
  read: false,
  ...overrides,
});

describe('notification text', () => {
  it('names the actor and what they did', () => {
    expect(
      notificationText(notification({ kind: 'new_event', target: { kind: 'event', eventId: 'e1' } })),
    ).toBe('Mia Member added an event');
  });

  it("says an event's reminder without an actor, and leads to the club's events", () => {
    const reminder = notification({
      kind: 'event_reminder',
      actor: { id: 'club1', name: 'Morning Runners', avatarUrl: null },
      target: { kind: 'event', eventId: 'e1' },
    });
    expect(notificationText(reminder)).toBe('An event starts tomorrow');
    expect(notificationHref(reminder)).toBe('/communities/club1/events');
  });
});
