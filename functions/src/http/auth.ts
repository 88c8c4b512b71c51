/**
 * The caller, from the verified JWT claims. API Gateway's JWT authorizer (and the local
 * gateway, with the same verifier) has checked the token; this only reads it.
 */
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface AuthContext {
  userId: string;
  email: string;
  name: string;
  groups: string[];
  isSuperAdmin: boolean;
}

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

export function authFromClaims(claims: Claims | undefined): AuthContext | null {
  const sub = claims?.sub;
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

interface JwtAuthorizerContext {
  authorizer?: { jwt?: { claims?: Claims } };
}

export function authFromEvent(event: APIGatewayProxyEventV2): AuthContext | null {
  const context = event.requestContext as APIGatewayProxyEventV2['requestContext'] & JwtAuthorizerContext;
  return authFromClaims(context.authorizer?.jwt?.claims);
}
