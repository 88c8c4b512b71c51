import { meSchema } from '../../domain/profile.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const profileRoutes = {
  getMe: {
    method: 'GET',
    path: '/api/me',
    group: 'profiles',
    auth: 'user',
    summary: "The caller's profile, created on first call from the token's name and e-mail",
    response: meSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
