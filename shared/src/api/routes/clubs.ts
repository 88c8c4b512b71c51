import * as z from 'zod';
import { clubPathSchema, clubSchema } from '../../domain/club.ts';
import { pageOf, pageQuerySchema } from '../../domain/common.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const clubRoutes = {
  listClubs: {
    method: 'GET',
    path: '/api/clubs',
    group: 'clubs',
    auth: 'public',
    summary: 'Active clubs, newest first, paged by cursor',
    query: pageQuerySchema,
    response: pageOf(clubSchema),
  },
  getClub: {
    method: 'GET',
    path: '/api/clubs/{clubId}',
    group: 'clubs',
    auth: 'public',
    summary: 'One active club by id; any other status answers 404 like a missing club',
    params: clubPathSchema,
    response: clubSchema,
  },
  featuredClubs: {
    method: 'GET',
    path: '/api/featured-clubs',
    group: 'clubs',
    auth: 'public',
    summary: 'A random sample of active clubs for the landing page, read without touching every club',
    response: z.object({ items: z.array(clubSchema) }),
  },
} as const satisfies Record<string, RouteDefinition>;
