import type { ApiFunction } from './client.ts';

/**
 * The typed client, loaded on first use: the client carries the route manifest and its schemas,
 * which pages that call nothing before their first paint (like /) should not download up front.
 */
export const loadApi = (): Promise<ApiFunction> => import('./index.ts').then((m) => m.api);
