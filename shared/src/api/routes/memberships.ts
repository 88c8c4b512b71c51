/**
 * Joining and the caller's own memberships (spec part 1 sections 2 and 4): the club page's
 * membership status, the free club join request, and the dashboards' lists. Paid joins go
 * through createMembershipCheckout (routes/payments.ts).
 */
import * as z from 'zod';
import { clubPathSchema, publicClubSchema } from '../../domain/club.ts';
import {
  discoverQuerySchema,
  joinRequestResultSchema,
  myMembershipsQuerySchema,
  myMembershipsSchema,
  viewerMembershipSchema,
} from '../../domain/directory.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const membershipRoutes = {
  getClubMembership: {
    method: 'GET',
    path: '/api/clubs/{clubId}/membership',
    group: 'memberships',
    uses: ['table:read'],
    access: { kind: 'signed_in' },
    summary:
      "The caller's membership status in an active club: not_member, pending or active (the owner is active)",
    params: clubPathSchema,
    response: viewerMembershipSchema,
  },
  requestMembership: {
    method: 'POST',
    path: '/api/clubs/{clubId}/join-requests',
    group: 'memberships',
    uses: ['table:read', 'table:write'],
    access: { kind: 'signed_in' },
    summary:
      'Asks to join a free active club: creates a pending membership once; a repeat answers the membership as it stands; a paid club answers 409 (use the membership checkout)',
    params: clubPathSchema,
    response: joinRequestResultSchema,
  },
  listMyMemberships: {
    method: 'GET',
    path: '/api/me/memberships',
    group: 'memberships',
    uses: ['table:read'],
    access: { kind: 'signed_in' },
    summary:
      "The caller's memberships with their clubs, optionally of one status: one query on the user index",
    query: myMembershipsQuerySchema,
    response: myMembershipsSchema,
  },
  discoverClubs: {
    method: 'GET',
    path: '/api/me/discover-clubs',
    group: 'memberships',
    uses: ['table:read'],
    access: { kind: 'signed_in' },
    summary: 'Newest active clubs the caller is not a member of (at most a bounded number of items read)',
    query: discoverQuerySchema,
    response: z.object({ items: z.array(publicClubSchema) }),
  },
} as const satisfies Record<string, RouteDefinition>;
