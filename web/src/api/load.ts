import type { ApiFunction } from './client.ts';

/**
 * The typed client, a chunk of its own loaded on first use: pages that call no route never load
 * it, and the entry documents fetch it alongside their page's code (web/build/entry-documents.ts)
 * rather than in the shell that every page shares.
 */
export const loadApi = (): Promise<ApiFunction> => import('./index.ts').then((m) => m.api);
