/**
 * Every input is hostile until parsed: path, query and body each go through the route's zod
 * schema; anything else (malformed JSON, unknown fields, wrong types, over-long strings) is a
 * 400 listing the issues, before any handler code runs.
 */
import type { RouteDefinition } from '@clubs/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Bodies above this are refused before parsing (API Gateway caps payloads at 10 MB anyway). */
const MAX_BODY_BYTES = 256 * 1024;

export interface ParsedRequest {
  params: unknown;
  query: unknown;
  body: unknown;
}

function formatIssues(where: string, issues: z.core.$ZodIssue[]) {
  return issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

function parsePart(where: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    const empty =
      value === undefined || (typeof value === 'object' && value && Object.keys(value).length === 0);
    if (!empty && where !== 'params') {
      throw new AppError('validation_failed', 'The request is not valid', [
        { path: where, message: `This route takes no ${where}` },
      ]);
    }
    return where === 'body' ? undefined : {};
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(
      'validation_failed',
      'The request is not valid',
      formatIssues(where, result.error.issues),
    );
  }
  return result.data;
}

/** The exact bytes the caller sent (e.g. what Stripe signed): empty when there is no body. */
export function rawBytesOf(event: APIGatewayProxyEventV2): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

export function rawBodyOf(event: APIGatewayProxyEventV2): string | undefined {
  if (event.body === undefined || event.body === null) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** A request header, whatever its case. */
export function headerOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  const raw = rawBodyOf(event);
  if (raw === undefined || raw === '') return undefined;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) {
    throw new AppError('payload_too_large', 'The request body is too large');
  }
  const contentType = headerOf(event, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the body as application/json');
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid JSON');
  }
}

/** The path parameters alone: the access check needs them before anything else is read. */
export function parsePathParams(route: RouteDefinition, event: APIGatewayProxyEventV2): unknown {
  return parsePart('params', route.params, event.pathParameters ?? {});
}

export function parseRequest(
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
  params: unknown = parsePathParams(route, event),
): ParsedRequest {
  return {
    params,
    query: parsePart('query', route.query, event.queryStringParameters ?? {}),
    body: route.rawBody ? undefined : parsePart('body', route.body, parseJsonBody(event)),
  };
}
