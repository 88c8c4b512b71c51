/**
 * The public API's OpenAPI document, as GET /api/v1/openapi.json serves it: it validates against
 * the OpenAPI 3.1 schema (a maintained validator, not our own reading), names every /api/v1
 * route of the manifest with its method, scope and security, and nothing else; its examples are
 * accepted by their routes' own schemas; and anyone may read it.
 */
import { handler } from '@clubs/functions/routes/system';
import { publicApiDocument } from '@clubs/functions/services/openapi';
import {
  PUBLIC_API_DOCUMENT_PATH,
  PUBLIC_API_EXAMPLES,
  PUBLIC_API_ROUTE_IDS,
  ROUTE_IDS,
  ROUTES,
  type RouteId,
} from '@clubs/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { httpEvent, invoke } from '../support/http-event.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

const document = publicApiDocument() as unknown as Document;

describe('the public API document', () => {
  it('validates as an OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names every /api/v1 route of the manifest with its method, parameters and scope, and no other', () => {
    const v1 = ROUTE_IDS.filter((id) => ROUTES[id].path.startsWith('/api/v1/'));
    expect(v1.length).toBeGreaterThanOrEqual(9);
    expect([...PUBLIC_API_ROUTE_IDS].sort()).toEqual([...v1].sort());
    const named: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        named.push(String(operation.operationId));
        const id = operation.operationId as RouteId;
        expect(ROUTES[id]?.path, `${method} ${path}`).toBe(path);
        expect(ROUTES[id].method.toLowerCase()).toBe(method);
      }
    }
    expect(named.sort()).toEqual([...v1].sort());
    for (const id of v1) {
      const route = ROUTES[id];
      const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Operation;
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), id).toEqual(placeholders.sort());
      if (route.access.kind === 'api_key') {
        expect(operation.security, id).toEqual([{ clubApiKey: [] }]);
        expect(operation.tags, id).toEqual([route.access.scope]);
        expect(Object.keys(operation.responses ?? {}), id).toEqual(
          expect.arrayContaining(['400', '401', '403', '404', '429']),
        );
      } else {
        expect(operation.security, id).toEqual([]);
      }
      expect(Boolean(operation.requestBody), id).toBe('body' in route);
    }
    expect(document.components?.securitySchemes?.clubApiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it("shows examples its routes' own schemas accept", () => {
    const entries = Object.entries(PUBLIC_API_EXAMPLES) as [RouteId, { body?: unknown; query?: unknown }][];
    expect(entries.length).toBeGreaterThan(0);
    for (const [id, example] of entries) {
      const route = ROUTES[id] as { body?: z.ZodType; query?: z.ZodType };
      if (example.body !== undefined) expect(route.body?.safeParse(example.body).success, id).toBe(true);
      if (example.query !== undefined) expect(route.query?.safeParse(example.query).success, id).toBe(true);
    }
    const text = JSON.stringify(document);
    expect(text).toContain('Three new lessons are up.');
    expect(text).toContain('ada@example.com');
  });

  it('is served to anyone at /api/v1/openapi.json', async () => {
    expect(ROUTES.getPublicApiDocument.path).toBe(PUBLIC_API_DOCUMENT_PATH);
    const answer = await invoke<Document>(handler, httpEvent('getPublicApiDocument'));
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(Object.keys(answer.body.paths)).toContain('/api/v1/clubs/{clubId}/posts');
  });
});
