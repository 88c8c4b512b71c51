/**
 * The WebSocket API's $connect authorizer (AWS): the ID token in the query (LIVE.tokenParam; a
 * browser cannot set headers on a WebSocket) is verified as the HTTP API's JWT authorizer does
 * (aws-jwt-verify: signature, issuer, audience, expiry, token use), and the connection is allowed
 * with the claims in the JWT authorizer's shape as its context. A request that did not come through
 * CloudFront (http/origin-verify.ts) is refused first. Locally the socket server runs the same
 * verifier before $connect.
 */
import { LIVE } from '@clubs/shared';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { authFromClaims } from '../http/auth.ts';
import { claimsAsApiGatewayPasses } from '../http/claims.ts';
import { fromTheEdge } from '../http/origin-verify.ts';
import { createIdTokenVerifier } from '../http/token-verifier.ts';
import { logger } from '../logger.ts';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let verifier: ReturnType<typeof createIdTokenVerifier> | undefined;

const deny = (resource: string): APIGatewayAuthorizerResult => ({
  principalId: 'anonymous',
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: resource }],
  },
});

export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  verifier ??= createIdTokenVerifier({
    userPoolId: required('USER_POOL_ID'),
    clientId: required('USER_POOL_CLIENT_ID'),
  });
  const token = event.queryStringParameters?.[LIVE.tokenParam];
  if (!token || !fromTheEdge({ headers: event.headers ?? undefined })) return deny(event.methodArn);
  try {
    const claims = claimsAsApiGatewayPasses(await verifier.verify(token));
    const caller = authFromClaims(claims);
    if (!caller) return deny(event.methodArn);
    return {
      principalId: caller.userId,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
      },
      context: claims,
    };
  } catch {
    logger.info('refused a live connection with an invalid token');
    return deny(event.methodArn);
  }
}
