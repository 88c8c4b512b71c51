/**
 * Joining and the caller's own memberships: the club page's
 * membership status, the free club join request, and the dashboards' lists. Paid joins go
 * through createMembershipCheckout (routes/payments.ts).
 */
import * as z from 'zod';
import { publicClubSchema } from '../../domain/club.ts';
import {
  discoverQuerySchema,
  joinRequestResultSchema,
  myMembershipsQuerySchema,
  myMembershipsSchema,
  viewerMembershipSchema,
} from '../../domain/directory.ts';
import { joinAnswersInputSchema } from '../../domain/membership-questions.ts';
import { GET, POST, routesOf, SIGNED_IN } from '../route-builder.ts';

export const membershipRoutes = routesOf('memberships', {
  getClubMembership: GET('/api/clubs/{clubId}/membership', {
    access: SIGNED_IN,
    summary:
      "The caller's membership status in an active club: not_member, pending or active (the owner is active)",
    response: viewerMembershipSchema,
  }),
  requestMembership: POST('/api/clubs/{clubId}/join-requests', {
    access: SIGNED_IN,
    summary:
      'Asks to join a free active club with the answers to its membership questions (a required one left blank answers 400): creates a pending membership once; a repeat answers the membership as it stands; a paid club answers 409 (use the membership checkout)',
    body: joinAnswersInputSchema.optional(),
    response: joinRequestResultSchema,
  }),
  listMyMemberships: GET('/api/me/memberships', {
    access: SIGNED_IN,
    summary:
      "The caller's memberships with their clubs, optionally of one status: one query on the user index",
    query: myMembershipsQuerySchema,
    response: myMembershipsSchema,
  }),
  discoverClubs: GET('/api/me/discover-clubs', {
    access: SIGNED_IN,
    summary: 'Newest active clubs the caller is not a member of (at most a bounded number of items read)',
    query: discoverQuerySchema,
    response: z.object({ items: z.array(publicClubSchema) }),
  }),
});
