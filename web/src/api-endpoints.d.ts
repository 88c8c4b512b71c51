/** The build-time routing table of the API client (web/build/api-endpoints.ts). */
declare module 'virtual:api-endpoints' {
  import type { RouteId } from '@clubs/shared';

  const endpoints: Record<RouteId, { method: string; path: string; token: boolean }>;
  export default endpoints;
}
