import * as z from 'zod';
import { PUBLIC_READ_CACHE_SECONDS } from '../../constants.ts';
import { publicClubSchema } from '../../domain/club.ts';
import { pageOf } from '../../domain/common.ts';
import { directoryQuerySchema } from '../../domain/directory.ts';
import { GET, PUBLIC, routesOf } from '../route-builder.ts';

export const clubRoutes = routesOf('clubs', {
  listClubs: GET('/api/clubs', {
    access: PUBLIC,
    edgeCacheSeconds: PUBLIC_READ_CACHE_SECONDS,
    summary:
      'The directory: active clubs newest first, by tab (all, free, premium, a category), size bucket, recently added and search words; one index partition per request, paged by cursor',
    query: directoryQuerySchema,
    response: pageOf(publicClubSchema),
  }),
  getClub: GET('/api/clubs/{clubId}', {
    access: PUBLIC,
    summary:
      "One active club by id; any other status answers 404 like a missing club. view=page is the public club page's own read, counted as a visit in the club's analytics",
    query: z.strictObject({ view: z.literal('page').optional() }),
    response: publicClubSchema,
  }),
  featuredClubs: GET('/api/featured-clubs', {
    access: PUBLIC,
    edgeCacheSeconds: PUBLIC_READ_CACHE_SECONDS,
    summary: 'A random sample of active clubs for the landing page, read without touching every club',
    response: z.object({ items: z.array(publicClubSchema) }),
  }),
});
