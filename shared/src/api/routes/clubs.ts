import * as z from 'zod';
import { clubPathSchema, publicClubSchema } from '../../domain/club.ts';
import { pageOf } from '../../domain/common.ts';
import { directoryQuerySchema } from '../../domain/directory.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const clubRoutes = {
  listClubs: {
    method: 'GET',
    path: '/api/clubs',
    group: 'clubs',
    uses: ['table:read'],
    access: { kind: 'public' },
    summary:
      'The directory: active clubs newest first, by tab (all, free, premium, a category), size bucket, recently added and search words; one index partition per request, paged by cursor',
    query: directoryQuerySchema,
    response: pageOf(publicClubSchema),
  },
  getClub: {
    method: 'GET',
    path: '/api/clubs/{clubId}',
    group: 'clubs',
    uses: ['table:read'],
    access: { kind: 'public' },
    summary: 'One active club by id; any other status answers 404 like a missing club',
    params: clubPathSchema,
    response: publicClubSchema,
  },
  featuredClubs: {
    method: 'GET',
    path: '/api/featured-clubs',
    group: 'clubs',
    uses: ['table:read'],
    access: { kind: 'public' },
    summary: 'A random sample of active clubs for the landing page, read without touching every club',
    response: z.object({ items: z.array(publicClubSchema) }),
  },
} as const satisfies Record<string, RouteDefinition>;
