/**
 * Club events: the Events page's lists with their tab counts, one event,
 * creating, editing and deleting events (owners and moderators) and registering for them (any
 * active member). A super admin may read. Another club's event id is not found.
 */
import {
  createEventInputSchema,
  eventListQuerySchema,
  eventPageSchema,
  eventPathSchema,
  eventViewSchema,
  updateEventInputSchema,
} from '../../domain/event.ts';
import { deletedSchema } from '../../domain/post.ts';
import { inClub, routesOf } from '../route-builder.ts';
import type { RouteDefinition } from '../route-definition.ts';

const events = routesOf('events');

export const eventRoutes = {
  listEvents: events.club.get('/api/clubs/{clubId}/events', {
    uses: ['table:read', 'table:write'],
    access: inClub('member', 'read'),
    summary:
      "A club's upcoming events soonest first or past events latest first (window), paged by cursor from the start-time index, with both tab counts, each event's first 5 attendees and whether the caller is going",
    query: eventListQuerySchema,
    response: eventPageSchema,
  }),
  getEvent: events.club.get('/api/clubs/{clubId}/events/{eventId}', {
    uses: ['table:read', 'table:write'],
    access: inClub('member', 'read'),
    summary: 'One event of the club with its first attendees',
    params: eventPathSchema,
    response: eventViewSchema,
  }),
  createEvent: events.club.post('/api/clubs/{clubId}/events', {
    uses: ['table:read', 'table:write'],
    access: inClub('manager'),
    summary:
      "Creates an event (owners and moderators): a date and time in the creator's time zone, in the future; the creator is its first attendee",
    body: createEventInputSchema,
    response: eventViewSchema,
    status: 201,
  }),
  updateEvent: events.club.patch('/api/clubs/{clubId}/events/{eventId}', {
    uses: ['table:read', 'table:write'],
    access: inClub('manager'),
    summary: 'Edits an event (owners and moderators); a new start must be in the future',
    params: eventPathSchema,
    body: updateEventInputSchema,
    response: eventViewSchema,
  }),
  deleteEvent: events.club.delete('/api/clubs/{clubId}/events/{eventId}', {
    uses: ['table:read', 'table:write'],
    access: inClub('manager'),
    summary: 'Deletes an event (owners and moderators)',
    params: eventPathSchema,
    response: deletedSchema,
  }),
  registerForEvent: events.club.put('/api/clubs/{clubId}/events/{eventId}/registration', {
    uses: ['table:read', 'table:write'],
    access: inClub('member'),
    summary: 'Registers the caller for an upcoming event once (counted exactly; a repeat changes nothing)',
    params: eventPathSchema,
    response: eventViewSchema,
  }),
  cancelEventRegistration: events.club.delete('/api/clubs/{clubId}/events/{eventId}/registration', {
    uses: ['table:read', 'table:write'],
    access: inClub('member'),
    summary: "Cancels the caller's registration for an upcoming event (a repeat changes nothing)",
    params: eventPathSchema,
    response: eventViewSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;
