/**
 * An event as an RFC 5545 calendar file ('Add to calendar'): times in UTC, and a UID made of the
 * event id, so importing the file again updates the same calendar entry instead of adding one.
 */
import { createEvent } from 'ics';
import type { ClubEvent } from './calendar-event.ts';

export const calendarUidOf = (eventId: string): string => `${eventId}@clubs`;

export function eventCalendarFile(
  event: Pick<ClubEvent, 'id' | 'title' | 'description' | 'startDate' | 'endDate'> & {
    location: string | null;
  },
  url?: string,
): string {
  const { error, value } = createEvent({
    uid: calendarUidOf(event.id),
    productId: 'clubs/events',
    title: event.title,
    description: event.description || undefined,
    location: event.location || undefined,
    url,
    start: new Date(event.startDate).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(event.endDate).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}

export const calendarFileName = (title: string): string =>
  `${
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;
