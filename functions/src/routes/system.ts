import { systemRoutes } from '@clubs/shared';
import { reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import { checkHealth } from '../services/health.ts';
import { publicApiDocument } from '../services/openapi.ts';

export const handler = defineGroup('system', systemRoutes, {
  health: async () => {
    const health = await checkHealth();
    return health.status === 'ok' ? health : reply(503, health);
  },
  getPublicApiDocument: async () => publicApiDocument(),
});
