/**
 * Club events: the Events page's lists with their tab counts, one event,
 * creating, editing and deleting events (owners and moderators) and registering for them (any
 * active member). A super admin may read. Another club's event id is not found.
 */
import {
  createEventInputSchema,
  eventListQuerySchema,
  eventPageSchema,
  eventViewSchema,
  updateEventInputSchema,
} from '../../domain/calendar-event.ts';
import { deletedSchema } from '../../domain/post.ts';
import { DELETE, GET, inClub, PATCH, POST, PUT, routesOf, withApiKey } from '../route-builder.ts';

export const calendarEventRoutes = routesOf('calendar-events', {
  listEvents: GET('/api/clubs/{clubId}/events', {
    access: inClub('member', 'read'),
    summary:
      "A club's upcoming events soonest first or past events latest first (window), paged by cursor from the start-time index, with both tab counts, each event's first 5 attendees and whether the caller is going",
    query: eventListQuerySchema,
    response: eventPageSchema,
  }),
  listEventsWithKey: GET('/api/v1/clubs/{clubId}/events', {
    access: withApiKey('events:read'),
    summary:
      "The public API's events of the club: upcoming soonest first or past latest first (window), paged by cursor, with their locations and first attendees",
    query: eventListQuerySchema,
    response: eventPageSchema,
  }),
  getEvent: GET('/api/clubs/{clubId}/events/{eventId}', {
    access: inClub('member', 'read'),
    summary: 'One event of the club with its first attendees',
    response: eventViewSchema,
  }),
  createEvent: POST('/api/clubs/{clubId}/events', {
    access: inClub('manager'),
    summary:
      "Creates an event (owners and moderators): a date and time in the creator's time zone, in the future; the creator is its first attendee",
    body: createEventInputSchema,
    response: eventViewSchema,
    status: 201,
  }),
  updateEvent: PATCH('/api/clubs/{clubId}/events/{eventId}', {
    access: inClub('manager'),
    summary: 'Edits an event (owners and moderators); a new start must be in the future',
    body: updateEventInputSchema,
    response: eventViewSchema,
  }),
  deleteEvent: DELETE('/api/clubs/{clubId}/events/{eventId}', {
    access: inClub('manager'),
    summary: 'Deletes an event (owners and moderators)',
    response: deletedSchema,
  }),
  registerForEvent: PUT('/api/clubs/{clubId}/events/{eventId}/registration', {
    access: inClub('member'),
    summary: 'Registers the caller for an upcoming event once (counted exactly; a repeat changes nothing)',
    response: eventViewSchema,
  }),
  cancelEventRegistration: DELETE('/api/clubs/{clubId}/events/{eventId}/registration', {
    access: inClub('member'),
    summary: "Cancels the caller's registration for an upcoming event (a repeat changes nothing)",
    response: eventViewSchema,
  }),
});
