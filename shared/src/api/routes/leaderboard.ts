/**
 * The leaderboard: a page of a club's members by points in the last 7
 * days, the last 30 days or all time, and the caller's own row with their rank. Both are served
 * by the calendar-events group (one function for the club's events and points). Any active member reads
 * them; a super admin may read.
 */
import {
  leaderboardQuerySchema,
  leaderboardSchema,
  leaderboardStandingQuerySchema,
  leaderboardStandingSchema,
} from '../../domain/leaderboard.ts';
import { GET, inClub, routesOf } from '../route-builder.ts';

export const leaderboardRoutes = routesOf('calendar-events', {
  getLeaderboard: GET('/api/clubs/{clubId}/leaderboard', {
    access: inClub('member', 'read'),
    summary:
      "A page of the rankings for a period, most points first, by cursor: one query of the points index and one batch of the members' cards and all-time points (their level), whatever the club's size",
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
  }),
  getLeaderboardStanding: GET('/api/clubs/{clubId}/leaderboard/me', {
    access: inClub('member', 'read'),
    summary:
      "The caller's own row for a period with their rank: one batch of their points and card, one bounded count of the members above them",
    query: leaderboardStandingQuerySchema,
    response: leaderboardStandingSchema,
  }),
});
