import * as z from 'zod';
import { GET, PUBLIC, routesOf } from '../route-builder.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    table: z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() }),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const systemRoutes = routesOf('system', {
  health: GET('/api/health', {
    access: PUBLIC,
    summary: 'Reports whether the table answers (503 when it does not)',
    response: healthSchema,
  }),
});
