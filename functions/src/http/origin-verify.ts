/**
 * In AWS the API is reached only through CloudFront: the execute-api endpoint is public, so
 * CloudFront adds a secret header to each request and every function refuses a request without
 * it before reading anything else, including CloudFront-Viewer-Address (which a caller could set
 * themselves on a direct request). Locally no secret is configured: the local gateway is the only
 * way in, and it sets the viewer address from its socket.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY } from '@clubs/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request came through CloudFront (always, where no secret is configured). */
export function fromTheEdge(
  event: { readonly headers?: APIGatewayProxyEventV2['headers'] },
  secret: string | undefined = process.env[ORIGIN_VERIFY.env],
): boolean {
  if (!secret) return true;
  const sent = event.headers?.[ORIGIN_VERIFY.header];
  // Compared as digests: equal lengths, and no early exit that times how much of it matched.
  return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(secret));
}
