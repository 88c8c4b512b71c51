import * as z from 'zod';
import { PUBLIC, routesOf } from '../route-builder.ts';
import type { RouteDefinition } from '../route-definition.ts';

const system = routesOf('system');

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    table: z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() }),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const systemRoutes = {
  health: system.get('/api/health', {
    access: PUBLIC,
    summary: 'Reports whether the table answers (503 when it does not)',
    response: healthSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;
