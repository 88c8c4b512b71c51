/** The public API's OpenAPI document (GET /api/v1/openapi.json), as far as its readers rely on it. */
import * as z from 'zod';

/** An OpenAPI 3.1 document: its version, info and paths; the rest is the standard's. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
