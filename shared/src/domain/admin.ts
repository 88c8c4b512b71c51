/** The super-admin portal: all clubs with their owners, and what operators do. */
import * as z from 'zod';
import { LIMITS, SUPER_ADMIN_PAGE_SIZE } from '../constants.ts';
import { ANALYTICS_PERIODS } from './analytics.ts';
import { CLUB_STATUSES, clubStatusSchema } from './club.ts';
import { idSchema, isoDateTime } from './common.ts';

export const ADMIN_STATUS_FILTERS = ['all', ...CLUB_STATUSES] as const;
export const adminStatusFilterSchema = z.enum(ADMIN_STATUS_FILTERS);
export type AdminStatusFilter = z.infer<typeof adminStatusFilterSchema>;

/** The longest search text accepted. */
export const ADMIN_SEARCH_MAX = 100;

/** GET /api/admin/clubs: search by club name, owner name or e-mail, a status, pages of 10 by cursor. */
export const adminClubQuerySchema = z.strictObject({
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  status: adminStatusFilterSchema.default('all'),
  limit: z.coerce.number().int().min(1).max(SUPER_ADMIN_PAGE_SIZE).default(SUPER_ADMIN_PAGE_SIZE),
  cursor: z.string().max(LIMITS.cursor).optional(),
});
export type AdminClubQuery = z.infer<typeof adminClubQuerySchema>;

/** One row of the 'All Clubs' table. */
export const adminClubRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: clubStatusSchema,
  ownerName: z.string(),
  ownerEmail: z.string(),
  createdAt: isoDateTime,
  memberCount: z.number().int().min(0),
  /** Set while a super admin has suspended the club. */
  suspended: z.boolean(),
});
export type AdminClubRow = z.infer<typeof adminClubRowSchema>;

/** What a super admin did, for the audit log. */
/** What a super admin did (the platform's log), and what a club's owner or moderators did (the club's trail). */
export const AUDIT_ACTIONS = [
  'club.suspend',
  'club.reactivate',
  'report.autohide',
  'report.keep',
  'report.hide',
  'report.delete',
  'member.ban',
  'moderation.settings',
] as const;
/** How each action reads in a log. */
export const AUDIT_ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  'club.suspend': 'Suspended',
  'club.reactivate': 'Reactivated',
  'report.autohide': 'Hidden by reports',
  'report.keep': 'Kept',
  'report.hide': 'Hidden',
  'report.delete': 'Deleted',
  'member.ban': 'Banned the author',
  'moderation.settings': 'Changed moderation settings',
};
export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTime,
  actorId: idSchema,
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  clubId: idSchema,
  clubName: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const clubSuspensionSchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
});

/** Which subscription: a club's creator plan, or a member's subscription to a paid club. */
export const SUBSCRIPTION_KINDS = ['club_plan', 'membership'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/** An amount of money in one currency, in its minor units (cents). */
export const moneyAmountSchema = z.object({ currency: z.string(), amount: z.number().int() });
export type MoneyAmount = z.infer<typeof moneyAmountSchema>;

/**
 * The platform figures at the top of the portal: clubs by status, active memberships, live paid
 * subscriptions (status active) and their monthly recurring revenue per currency (a yearly price
 * counts a twelfth of itself a month).
 */
export const platformTotalsSchema = z.object({
  clubs: z.object({
    active: z.number().int(),
    unpaid: z.number().int(),
    inactive: z.number().int(),
    pending: z.number().int(),
  }),
  members: z.number().int(),
  paidMemberships: z.number().int(),
  membershipMrr: z.array(moneyAmountSchema),
  creatorPlans: z.number().int(),
  creatorPlanMrr: z.array(moneyAmountSchema),
});
export type PlatformTotals = z.infer<typeof platformTotalsSchema>;

/**
 * One point of the platform's series: a UTC day (YYYY-MM-DD) or month (YYYY-MM) with the clubs
 * (all, and active), active memberships and paying creator plans at its end, and the platform
 * fees taken in it per currency.
 */
export const platformPointSchema = z.object({
  bucket: z.string(),
  clubs: z.number().int(),
  activeClubs: z.number().int(),
  members: z.number().int(),
  creatorPlans: z.number().int(),
  fees: z.array(moneyAmountSchema),
});
export type PlatformPoint = z.infer<typeof platformPointSchema>;

/** The platform figures now, and over the period asked for (days, or months for 12 months). */
export const platformFiguresSchema = platformTotalsSchema.extend({
  period: z.enum(ANALYTICS_PERIODS),
  bucket: z.enum(['day', 'month']),
  series: z.array(platformPointSchema),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;
