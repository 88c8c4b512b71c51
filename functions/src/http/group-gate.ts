/**
 * The API's own group check, run before a route's function: a verified Cognito ID token passes
 * only when its cognito:groups claim holds the group the route requires (shared access.ts,
 * requiredGroup). API Gateway runs it as a Lambda authorizer (triggers/group-authorizer.ts) and
 * the local gateway in-process, so a member's token, or one whose groups claim was edited (its
 * signature then fails), never reaches a super-admin function; the function checks again.
 */
import { parseGroups } from './auth.ts';
import { claimsAsApiGatewayPasses, type PassedClaims, tokenFromHeader } from './claims.ts';

export type VerifyIdToken = (token: string) => Promise<Record<string, unknown>>;

export type GateVerdict =
  | { readonly allowed: true; readonly claims: PassedClaims }
  | { readonly allowed: false; readonly reason: 'no_token' | 'invalid_token' | 'not_in_group' };

export async function checkGroup(
  authorization: string | undefined,
  group: string,
  verify: VerifyIdToken,
): Promise<GateVerdict> {
  const token = tokenFromHeader(authorization);
  if (!token) return { allowed: false, reason: 'no_token' };
  let claims: Record<string, unknown>;
  try {
    claims = await verify(token);
  } catch {
    return { allowed: false, reason: 'invalid_token' };
  }
  if (claims.token_use !== 'id' || !parseGroups(claims['cognito:groups']).includes(group))
    return { allowed: false, reason: 'not_in_group' };
  return { allowed: true, claims: claimsAsApiGatewayPasses(claims) };
}
