/**
 * API Gateway's Lambda authorizer for the routes anyone may call: it passes a request only when
 * it carries CloudFront's origin header with the right secret (http/origin-verify.ts). API
 * Gateway itself refuses a request without the header before this runs (the header is the
 * authorizer's identity source), and caches the verdict per header value, so requests through
 * CloudFront almost never invoke it.
 */
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { fromTheEdge } from '../http/origin-verify.ts';
import { logger } from '../logger.ts';

export async function handler(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerResult> {
  const isAuthorized = fromTheEdge(event);
  if (!isAuthorized)
    logger.info('refused a request that did not come through CloudFront', { routeKey: event.routeKey });
  return { isAuthorized };
}
