/**
 * Club events and the leaderboard. The access check (http/access.ts) has refused anyone the route's declaration does
 * not allow and hands over the club and the caller's membership; the service reads the event of
 * this club (another club's id is not found).
 */
import { defineGroup } from '../http/route-handler.ts';
import { viewerOf } from '../services/club-viewer.ts';
import {
  createClubEvent,
  deleteClubEvent,
  editClubEvent,
  getClubEvent,
  listClubEvents,
  setRegistration,
} from '../services/events.ts';
import { leaderboardPage, leaderboardStanding } from '../services/leaderboard.ts';

export const handler = defineGroup('events', {
  listEvents: async ({ input, auth, club, membership }) =>
    listClubEvents(club.id, viewerOf(auth, club, membership), input.query),
  getEvent: async ({ input, auth, club, membership }) =>
    getClubEvent(club.id, input.params.eventId, viewerOf(auth, club, membership)),
  createEvent: async ({ input, auth, club, membership }) =>
    createClubEvent(club.id, auth, viewerOf(auth, club, membership), input.body),
  updateEvent: async ({ input, auth, club, membership }) =>
    editClubEvent(club.id, input.params.eventId, viewerOf(auth, club, membership), input.body),
  deleteEvent: async ({ input, club }) => deleteClubEvent(club.id, input.params.eventId),
  registerForEvent: async ({ input, auth, club, membership }) =>
    setRegistration(club.id, input.params.eventId, true, auth, viewerOf(auth, club, membership)),
  cancelEventRegistration: async ({ input, auth, club, membership }) =>
    setRegistration(club.id, input.params.eventId, false, auth, viewerOf(auth, club, membership)),
  getLeaderboard: async ({ input, club }) => leaderboardPage(club.id, input.query),
  getLeaderboardStanding: async ({ input, auth, club, membership }) =>
    leaderboardStanding(club.id, auth.userId, membership, input.query.period),
});
