import { defineGroup } from '../http/route-handler.ts';
import { featuredClubs, getPublicClub, listActiveClubs } from '../services/clubs.ts';

export const handler = defineGroup('clubs', {
  listClubs: async ({ input }) => listActiveClubs(input.query),
  getClub: async ({ input }) => getPublicClub(input.params.clubId),
  featuredClubs: async () => ({ items: await featuredClubs() }),
});
