/** The super-admin routes called as a super admin (a fresh one each call), for integration tests. */
import { handler } from '@clubs/functions/handlers/super-admin';
import type { PlatformFigures } from '@clubs/shared';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { httpEvent, invoke, memberClaims } from './http-event.ts';

export const adminClaims = () => memberClaims(ulid(), { 'cognito:groups': 'super_admin' });

export const asAdmin = (id: 'suspendClub' | 'reactivateClub', clubId: string) =>
  invoke(handler, httpEvent(id, { claims: adminClaims(), params: { clubId }, body: {} }));

/** The portal's platform figures, which a super admin may always read. */
export async function platformFigures(): Promise<PlatformFigures> {
  const res = await invoke<PlatformFigures>(
    handler,
    httpEvent('getPlatformFigures', { claims: adminClaims() }),
  );
  expect(res.status).toBe(200);
  return res.body;
}
