/**
 * Club events and the leaderboard. The access check (http/access.ts) has refused anyone the route's declaration does
 * not allow and hands over the club and the caller's membership; the service reads the event of
 * this club (another club's id is not found).
 */
import { calendarEventRoutes, leaderboardRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import {
  createClubEvent,
  deleteClubEvent,
  editClubEvent,
  getClubEvent,
  listClubEvents,
  setRegistration,
} from '../services/calendar-events.ts';
import { leaderboardPage, leaderboardStanding } from '../services/leaderboard.ts';

/** The group's routes are declared in two areas. */
const routes = { ...calendarEventRoutes, ...leaderboardRoutes };

export const handler = defineGroup('calendar-events', routes, {
  listEvents: async ({ input, club, viewer }) => listClubEvents(club.id, viewer, input.query),
  listEventsWithKey: async ({ input, club, viewer }) => listClubEvents(club.id, viewer, input.query),
  getEvent: async ({ input, club, viewer }) => getClubEvent(club.id, input.params.eventId, viewer),
  createEvent: async ({ input, auth, club, viewer }) => createClubEvent(club.id, auth, viewer, input.body),
  updateEvent: async ({ input, club, viewer }) =>
    editClubEvent(club.id, input.params.eventId, viewer, input.body),
  deleteEvent: async ({ input, club, auth }) => deleteClubEvent(club.id, input.params.eventId, auth.userId),
  registerForEvent: async ({ input, auth, club, viewer }) =>
    setRegistration(club.id, input.params.eventId, true, auth, viewer),
  cancelEventRegistration: async ({ input, auth, club, viewer }) =>
    setRegistration(club.id, input.params.eventId, false, auth, viewer),
  getLeaderboard: async ({ input, club }) => leaderboardPage(club.id, input.query),
  getLeaderboardStanding: async ({ input, auth, club, membership }) =>
    leaderboardStanding(club.id, auth.userId, membership, input.query.period),
});
