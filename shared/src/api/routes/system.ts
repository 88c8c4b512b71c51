import * as z from 'zod';
import type { RouteDefinition } from '../route-definition.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    table: z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() }),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const systemRoutes = {
  health: {
    method: 'GET',
    path: '/api/health',
    group: 'system',
    uses: ['table:read'],
    access: { kind: 'public' },
    summary: 'Reports whether the table answers (503 when it does not)',
    response: healthSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
