/**
 * Verifies Cognito ID tokens with aws-jwt-verify: what API Gateway's JWT authorizer does in
 * AWS, and what the local gateway runs in-process with the same checks (issuer, audience,
 * token use, expiry, signature).
 */
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { CognitoIdTokenPayload } from 'aws-jwt-verify/jwt-model';

export interface TokenVerifierOptions {
  userPoolId: string;
  clientId: string;
  /** A JWKS to use instead of fetching it (aws-jwt-verify refuses http: JWKS URLs). */
  jwks?: { keys: unknown[] };
}

export type IdTokenClaims = CognitoIdTokenPayload;

export function createIdTokenVerifier(options: TokenVerifierOptions) {
  const verifier = CognitoJwtVerifier.create({
    userPoolId: options.userPoolId,
    clientId: options.clientId,
    tokenUse: 'id',
  });
  if (options.jwks) {
    // The JWKS type of aws-jwt-verify is structural; the caller passes the pool's published set.
    verifier.cacheJwks(options.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  }
  return {
    verify: (token: string): Promise<IdTokenClaims> => verifier.verify(token),
  };
}
