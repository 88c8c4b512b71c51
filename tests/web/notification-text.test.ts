/**
 * What a notification says in the bell and on the notifications page: the actor and the action,
 * or, for a kind nobody acted in (an event's reminder), the sentence alone; and where it leads.
 */
import {
  notificationHref,
  notificationText,
} from '@clubs/web/src/components/notifications/notificationText.ts';
import { describe, expect, it } from 'vitest';
import { notification } from './api-mock.ts';

describe('notification text', () => {
  it('names the actor and what they did', () => {
    expect(
      notificationText(notification({ kind: 'new_event', target: { kind: 'event', eventId: 'e1' } })),
    ).toBe('Mia Member added an event');
  });

  it("says an event's reminder without an actor, and leads to the club's events", () => {
    const reminder = notification({
      kind: 'event_reminder',
      actor: { id: 'club-1', name: 'Morning Yoga', avatarUrl: null },
      target: { kind: 'event', eventId: 'e1' },
    });
    expect(notificationText(reminder)).toBe('An event starts tomorrow');
    expect(notificationHref(reminder)).toBe('/communities/club-1/events');
  });
});
