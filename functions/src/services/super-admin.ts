/**
 * The super-admin portal's operations (the routes are `super_admin`: the access step has checked
 * the caller's group before anything here runs).
 */
import type {
  AdminClubQuery,
  AdminClubRow,
  AnalyticsPeriod,
  AuditEntry,
  Club,
  PlatformFigures,
} from '@clubs/shared';
import { memberBillingOutbox } from '../bus/member-billing-events.ts';
import type { Caller } from '../caller.ts';
import { adminSearchWords } from '../data/admin-index.ts';
import type { Page } from '../data/query.ts';
import { listAdminClubs } from '../data/repositories/admin-clubs.ts';
import { clubStatusFor, getSubscriptionRecord } from '../data/repositories/billing.ts';
import { listAuditLog, reactivateClub, suspendClub } from '../data/repositories/club-suspension.ts';
import { conflict, notFound } from '../errors.ts';
import { platformAnalytics } from './analytics/platform-analytics.ts';

export function adminClubs(query: AdminClubQuery): Promise<Page<AdminClubRow>> {
  return listAdminClubs(
    { words: adminSearchWords(query.q ?? ''), status: query.status === 'all' ? null : query.status },
    { limit: query.limit, cursor: query.cursor },
  );
}

/** The row of a club just changed (its owner card is not needed by the portal's update). */
const rowOf = (club: Club): AdminClubRow => ({
  id: club.id,
  name: club.name,
  status: club.status,
  ownerName: '',
  ownerEmail: '',
  createdAt: club.createdAt,
  memberCount: club.memberCount,
  suspended: Boolean(club.suspendedAt),
});

/**
 * Suspends or reactivates a club; the move writes its audit entry and the outbox item for the
 * members' billing in the same transaction (their subscriptions pause or resume off the request
 * path, member-billing-events.ts). `notApplicable` says why a club in the wrong state for the
 * move is refused.
 */
async function moveSuspension(
  move: typeof suspendClub,
  auth: Caller,
  clubId: string,
  notApplicable: string,
): Promise<AdminClubRow> {
  const now = new Date();
  const announce = [memberBillingOutbox(clubId, 'suspensionChanged', now)];
  const result = await move(clubId, { userId: auth.userId, email: auth.email }, now, announce);
  if (!result.ok) throw result.reason === 'missing' ? notFound('Club not found') : conflict(notApplicable);
  return rowOf(result.club);
}

export const suspend = (auth: Caller, clubId: string) =>
  moveSuspension(suspendClub, auth, clubId, 'This club is already suspended or closed');

/** Reactivation gives the club the status its creator plan stands for now (a plan may have ended meanwhile). */
export async function reactivate(auth: Caller, clubId: string): Promise<AdminClubRow> {
  const plan = await getSubscriptionRecord({ kind: 'club_plan', clubId });
  const planStatus = plan?.status ? clubStatusFor(plan.status) : null;
  return moveSuspension(
    (id, actor, now, announce) => reactivateClub(id, actor, now, planStatus, announce),
    auth,
    clubId,
    'This club is not suspended',
  );
}

export const auditLog = (page: { limit: number; cursor?: string }): Promise<Page<AuditEntry>> =>
  listAuditLog(page);

/** The platform figures now and over `period` (analytics/platform-analytics.ts). */
export const platformFigures = async (period: AnalyticsPeriod): Promise<PlatformFigures> =>
  (await platformAnalytics(period)).figures;
