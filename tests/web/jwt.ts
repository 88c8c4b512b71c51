/** Unsigned test JWTs: enough for code that only reads claims. */
const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const fakeJwt = (payload: Record<string, unknown>) =>
  `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.sig`;
