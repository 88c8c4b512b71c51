import { clubRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { directory, featuredClubs, getPublicClub } from '../services/clubs.ts';

export const handler = defineGroup('clubs', clubRoutes, {
  listClubs: async ({ input }) => directory(input.query),
  getClub: async ({ input }) => getPublicClub(input.params.clubId, input.query.view === 'page'),
  featuredClubs: async () => ({ items: await featuredClubs() }),
});
