/**
 * Club events (part 2 sections 2 to 5): the Events page's lists with their tab counts, one event,
 * creating, editing and deleting events (owners and moderators) and registering for them (any
 * active member). A super admin may read. Another club's event id is not found.
 */
import { clubPathSchema } from '../../domain/club.ts';
import {
  createEventInputSchema,
  eventListQuerySchema,
  eventPageSchema,
  eventPathSchema,
  eventViewSchema,
  updateEventInputSchema,
} from '../../domain/event.ts';
import { deletedSchema } from '../../domain/post.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const eventRoutes = {
  listEvents: {
    method: 'GET',
    path: '/api/clubs/{clubId}/events',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'member', superAdmin: 'read' },
    summary:
      "A club's upcoming events soonest first or past events latest first (window), paged by cursor from the start-time index, with both tab counts, each event's first 5 attendees and whether the caller is going",
    params: clubPathSchema,
    query: eventListQuerySchema,
    response: eventPageSchema,
  },
  getEvent: {
    method: 'GET',
    path: '/api/clubs/{clubId}/events/{eventId}',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'member', superAdmin: 'read' },
    summary: 'One event of the club with its first attendees',
    params: eventPathSchema,
    response: eventViewSchema,
  },
  createEvent: {
    method: 'POST',
    path: '/api/clubs/{clubId}/events',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'manager', superAdmin: 'none' },
    summary:
      "Creates an event (owners and moderators): a date and time in the creator's time zone, in the future; the creator is its first attendee",
    params: clubPathSchema,
    body: createEventInputSchema,
    response: eventViewSchema,
    status: 201,
  },
  updateEvent: {
    method: 'PATCH',
    path: '/api/clubs/{clubId}/events/{eventId}',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'manager', superAdmin: 'none' },
    summary: 'Edits an event (owners and moderators); a new start must be in the future',
    params: eventPathSchema,
    body: updateEventInputSchema,
    response: eventViewSchema,
  },
  deleteEvent: {
    method: 'DELETE',
    path: '/api/clubs/{clubId}/events/{eventId}',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'manager', superAdmin: 'none' },
    summary: 'Deletes an event (owners and moderators)',
    params: eventPathSchema,
    response: deletedSchema,
  },
  registerForEvent: {
    method: 'PUT',
    path: '/api/clubs/{clubId}/events/{eventId}/registration',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'member', superAdmin: 'none' },
    summary: 'Registers the caller for an upcoming event once (counted exactly; a repeat changes nothing)',
    params: eventPathSchema,
    response: eventViewSchema,
  },
  cancelEventRegistration: {
    method: 'DELETE',
    path: '/api/clubs/{clubId}/events/{eventId}/registration',
    group: 'events',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'member', superAdmin: 'none' },
    summary: "Cancels the caller's registration for an upcoming event (a repeat changes nothing)",
    params: eventPathSchema,
    response: eventViewSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
