/**
 * The public API (`/api/v1`) as the manifest declares it: which routes belong to it, and the
 * examples its OpenAPI document shows. The document itself is generated from the routes' zod
 * schemas (functions/src/services/openapi.ts); the examples are typed by those schemas, and a
 * test parses each with its route's schema, so an example cannot drift from what the API takes.
 */
import type * as z from 'zod';
import { ROUTE_IDS, ROUTES, type RouteId, type Routes } from './routes.ts';

/** Every public API route starts with this. */
export const PUBLIC_API_PREFIX = '/api/v1/';

/** The public API document's own path (public: no key needed to read it). */
export const PUBLIC_API_DOCUMENT_PATH = '/api/v1/openapi.json';

/** The routes of the public API, in manifest order. */
export const PUBLIC_API_ROUTE_IDS: readonly RouteId[] = ROUTE_IDS.filter((id) =>
  ROUTES[id].path.startsWith(PUBLIC_API_PREFIX),
);

type BodyOf<Id extends RouteId> = Routes[Id] extends { body: infer S extends z.ZodType } ? z.input<S> : never;
type QueryOf<Id extends RouteId> = Routes[Id] extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : never;

/** What the document shows as an example call of a route: a body, a query. */
export type PublicApiExample<Id extends RouteId> = {
  readonly body?: BodyOf<Id>;
  readonly query?: QueryOf<Id>;
};

/** The examples of the document, by route. */
export const PUBLIC_API_EXAMPLES: { readonly [Id in RouteId]?: PublicApiExample<Id> } = {
  listClubMembersWithKey: { query: { limit: 50, q: 'ada' } },
  listPostsWithKey: { query: { limit: 10 } },
  listCommentsWithKey: { query: { limit: 20 } },
  createPostWithKey: { body: { title: 'This week', content: 'Three new lessons are up.' } },
  listEventsWithKey: { query: { window: 'upcoming', limit: 10 } },
  sendInvitationsWithKey: {
    body: { rows: [{ name: 'Ada Lovelace', email: 'ada@example.com' }], message: 'Join our club!' },
  },
};
