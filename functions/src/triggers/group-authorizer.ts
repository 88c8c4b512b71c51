/**
 * API Gateway's Lambda authorizer for routes that require a Cognito group (super-admin routes):
 * the caller's ID token is verified as the JWT authorizer would (aws-jwt-verify: signature,
 * issuer, audience, expiry) and passes only when it names REQUIRED_GROUP in cognito:groups.
 * A simple response; its context carries the claims in the JWT authorizer's shape, so the
 * route's function reads its caller the same way (http/auth.ts) and checks the group again.
 * A request without CloudFront's origin header (http/origin-verify.ts) is refused first: API
 * Gateway itself refuses it when the header is missing (it is one of the identity sources).
 */
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import type { PassedClaims } from '../http/claims.ts';
import { checkGroup } from '../http/group-gate.ts';
import { fromTheEdge } from '../http/origin-verify.ts';
import { createIdTokenVerifier } from '../http/token-verifier.ts';
import { logger } from '../logger.ts';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let verifier: ReturnType<typeof createIdTokenVerifier> | undefined;

export async function handler(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<PassedClaims>> {
  verifier ??= createIdTokenVerifier({
    userPoolId: required('USER_POOL_ID'),
    clientId: required('USER_POOL_CLIENT_ID'),
  });
  const group = required('REQUIRED_GROUP');
  if (!fromTheEdge(event)) {
    logger.info('refused a request that did not come through CloudFront', { routeKey: event.routeKey });
    return { isAuthorized: false, context: {} };
  }
  const verdict = await checkGroup(event.headers?.authorization, group, verifier.verify);
  if (!verdict.allowed) {
    logger.info('refused at the group gate', { reason: verdict.reason, routeKey: event.routeKey });
    return { isAuthorized: false, context: {} };
  }
  return { isAuthorized: true, context: verdict.claims };
}
