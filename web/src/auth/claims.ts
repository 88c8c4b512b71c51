import { SUPER_ADMIN_GROUP, SUPER_ADMIN_NEEDS_MFA_CLAIM } from '@clubs/shared';
import type { JWT } from 'aws-amplify/auth';
import type { AuthSnapshot, AuthUser } from './types.ts';

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The user as the ID token's claims describe them. */
export function userFromClaims(payload: JWT['payload']): AuthUser {
  const groups = payload['cognito:groups'];
  return {
    sub: str(payload.sub) ?? '',
    email: str(payload.email) ?? '',
    name: str(payload.name),
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    // Set by the pre-token-generation trigger as the string "true" (claims it adds are strings).
    superAdminNeedsMfa: String(payload[SUPER_ADMIN_NEEDS_MFA_CLAIM]) === 'true',
  };
}

export function snapshotFromTokens(idToken: JWT, accessToken: JWT): AuthSnapshot {
  return {
    user: userFromClaims(idToken.payload),
    session: {
      idToken: idToken.toString(),
      accessToken: accessToken.toString(),
      expiresAt: (idToken.payload.exp ?? 0) * 1000,
    },
  };
}

export const isSuperAdmin = (user: AuthUser | null | undefined): boolean =>
  !!user?.groups.includes(SUPER_ADMIN_GROUP);
