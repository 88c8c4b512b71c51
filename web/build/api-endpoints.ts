/**
 * The API client's routing table as a build-time module: for each route of the shared manifest,
 * only its method, path and whether it carries the caller's token. The manifest itself holds
 * every route's zod schemas (about 35 KB gzip with zod and the domain modules); the browser
 * needs none of them to call the API, since the server parses every input and answer against
 * them (functions/src/http/route-handler.ts). Types still come from the manifest (type-only
 * imports, erased by the build).
 */
import type { Plugin } from 'vite';
import { needsToken } from '../../shared/src/api/access.ts';
import { ROUTES } from '../../shared/src/api/routes.ts';

export const API_ENDPOINTS_MODULE = 'virtual:api-endpoints';
const resolvedId = `\0${API_ENDPOINTS_MODULE}`;

export interface Endpoint {
  readonly method: string;
  readonly path: string;
  /** Whether the call carries the signed-in user's ID token (every access level but public). */
  readonly token: boolean;
}

export function apiEndpoints(): Record<string, Endpoint> {
  return Object.fromEntries(
    Object.entries(ROUTES).map(([id, route]) => [
      id,
      { method: route.method, path: route.path, token: needsToken(route.access) },
    ]),
  );
}

/** Serves `virtual:api-endpoints`: `export default { listClubs: { method, path, token }, … }`. */
export function apiEndpointsPlugin(): Plugin {
  return {
    name: 'clubs:api-endpoints',
    resolveId: (source) => (source === API_ENDPOINTS_MODULE ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? `export default ${JSON.stringify(apiEndpoints())};` : undefined),
  };
}
