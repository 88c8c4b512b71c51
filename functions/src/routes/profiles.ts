import { profileRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { createAvatarUpload, getOrCreateMe, updateMe } from '../services/profiles.ts';

export const handler = defineGroup('profiles', profileRoutes, {
  getMe: async ({ auth }) => getOrCreateMe(auth),
  updateMe: async ({ auth, input }) => updateMe(auth, input.body),
  createAvatarUpload: async ({ auth, input }) => createAvatarUpload(auth, input.body),
});
