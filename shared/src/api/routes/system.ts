import * as z from 'zod';
import { openApiDocumentSchema } from '../../domain/openapi-document.ts';
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
  getPublicApiDocument: GET('/api/v1/openapi.json', {
    access: PUBLIC,
    summary:
      "The public API's OpenAPI 3.1 document, generated from the manifest's zod schemas of the /api/v1 routes, with the API-key security scheme and examples; anyone may read it",
    response: openApiDocumentSchema,
  }),
});
