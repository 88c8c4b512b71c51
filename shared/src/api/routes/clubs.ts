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
} as const satisfies Record<string, RouteDefinition>;
