import { membershipRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import {
  clubMembershipOf,
  discoverClubs,
  myMemberships,
  requestMembership,
} from '../services/memberships.ts';

export const handler = defineGroup('memberships', membershipRoutes, {
  getClubMembership: async ({ input, auth }) => clubMembershipOf(input.params.clubId, auth.userId),
  requestMembership: async ({ input, auth }) => requestMembership(input.params.clubId, auth, input.body),
  listMyMemberships: async ({ input, auth }) => myMemberships(auth.userId, input.query),
  discoverClubs: async ({ input, auth }) => ({ items: await discoverClubs(auth.userId, input.query.limit) }),
});
