import { defineGroup } from '../http/route-handler.ts';
import { getPublicClub, listActiveClubs } from '../services/clubs.ts';

export const handler = defineGroup('clubs', {
  listClubs: async ({ input }) => listActiveClubs(input.query),
  getClub: async ({ input }) => getPublicClub(input.params.clubId),
});
