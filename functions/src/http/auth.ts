/**
 * The caller, from the verified JWT claims. API Gateway's authorizer (the JWT authorizer, or the
 * group authorizer on super-admin routes; the local gateway runs the same verifier) has checked
 * signature, issuer, audience and expiry; this reads the claims and accepts only ID tokens.
 */
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '../caller.ts';

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/**
 * API Gateway flattens array claims to strings like "[super_admin admins]"; tokens verified
 * in-process keep arrays. Both shapes give the same list.
 */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value !== 'string' || !value.trim()) return [];
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(/[\s,]+/)
    .map((g) => g.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

/**
 * API Gateway's JWT authorizer accepts any token of the pool whose `aud` or `client_id` is the
 * app client, so a Cognito access token (no e-mail, no name) passes it. Only ID tokens carry
 * the profile the handlers rely on, so anything else is no caller, in AWS and locally alike.
 */
export function authFromClaims(claims: Claims | undefined): Caller | null {
  if (claims?.token_use !== 'id') return null;
  const sub = claims.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const groups = parseGroups(claims?.['cognito:groups']);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    userId: sub,
    email: str(claims?.email).toLowerCase(),
    name: str(claims?.name),
    groups,
    isSuperAdmin: groups.includes(SUPER_ADMIN_GROUP),
  };
}

/** The JWT authorizer's claims, or the group authorizer's context (the same claims: group-gate.ts). */
interface AuthorizerContext {
  authorizer?: { jwt?: { claims?: Claims }; lambda?: Claims };
}

export function authFromEvent(event: APIGatewayProxyEventV2): Caller | null {
  const context = event.requestContext as APIGatewayProxyEventV2['requestContext'] & AuthorizerContext;
  return authFromClaims(context.authorizer?.jwt?.claims ?? context.authorizer?.lambda);
}
