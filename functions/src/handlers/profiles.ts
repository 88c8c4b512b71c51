import { defineGroup } from '../http/route-handler.ts';
import { getOrCreateMe } from '../services/profiles.ts';

export const handler = defineGroup('profiles', {
  getMe: async ({ auth }) => getOrCreateMe(auth),
});
