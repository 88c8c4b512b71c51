/** The super-admin routes called as a super admin (a fresh one each call), for integration tests. */
import { handler } from '@clubs/functions/routes/super-admin';
import type { AnalyticsPeriod, PlatformFigures } from '@clubs/shared';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { httpEvent, invoke, memberClaims } from './http-event.ts';

export const adminClaims = () => memberClaims(ulid(), { 'cognito:groups': 'super_admin' });

export const asAdmin = (id: 'suspendClub' | 'reactivateClub', clubId: string) =>
  invoke(handler, httpEvent(id, { claims: adminClaims(), params: { clubId }, body: {} }));

/** The portal's platform figures (over `period`, 30 days unless told), which a super admin may always read. */
export async function platformFigures(period?: AnalyticsPeriod): Promise<PlatformFigures> {
  const res = await invoke<PlatformFigures>(
    handler,
    httpEvent('getPlatformFigures', { claims: adminClaims(), ...(period ? { query: { period } } : {}) }),
  );
  expect(res.status).toBe(200);
  return res.body;
}
