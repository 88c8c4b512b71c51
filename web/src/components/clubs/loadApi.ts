import type { ApiFunction } from '../../api/client.ts';

/** The typed client, loaded on first use (as api/hooks.ts does) so first paints stay light. */
export const loadApi = (): Promise<ApiFunction> => import('../../api/index.ts').then((m) => m.api);
