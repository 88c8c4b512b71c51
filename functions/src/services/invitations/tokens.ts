/** Invitation tokens: 32 random bytes (base64url), compared without leaking where they differ. */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const newInviteToken = () => randomBytes(32).toString('base64url');

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
