/**
 * Verified token claims in the shape API Gateway hands them to a function: every value a string,
 * arrays written "[a b]" (the JWT authorizer's flattening). The group authorizer answers its
 * context in this shape and the local gateway passes claims in it, so handlers read one shape.
 */
export type PassedClaims = Record<string, string>;

export function claimsAsApiGatewayPasses(claims: Record<string, unknown>): PassedClaims {
  const out: PassedClaims = {};
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[name] = `[${value.join(' ')}]`;
    else if (typeof value === 'object') out[name] = JSON.stringify(value);
    else out[name] = String(value);
  }
  return out;
}

/** "Bearer <jwt>" or a bare token, as API Gateway's authorizers accept. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token.split('.').length === 3 ? token : null;
}
