import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { CLUB_ROLES } from '../permissions.ts';
import { idSchema, isoDateTime, pageOf } from './common.ts';
import { membershipAnswerSchema } from './membership-questions.ts';

export const clubRoleSchema = z.enum(CLUB_ROLES);
export const MEMBERSHIP_STATUSES = ['active', 'pending'] as const;
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** As seen from a club page: not_member also covers signed-out visitors. */
export const viewerMembershipStatusSchema = z.enum(['not_member', 'pending', 'active']);
export type ViewerMembershipStatus = z.infer<typeof viewerMembershipStatusSchema>;

export const membershipSchema = z.object({
  clubId: idSchema,
  userId: idSchema,
  role: clubRoleSchema,
  status: membershipStatusSchema,
  createdAt: isoDateTime,
  /** When a pending membership (a request, a checkout) became active; a member's tenure counts from it. */
  activatedAt: isoDateTime.optional(),
  /** A moderator approved one of their posts (a club holding first posts holds no more of theirs). */
  postsApproved: z.boolean().optional(),
  /**
   * The answers to the club's membership questions given with the request or checkout, kept with
   * the membership after approval; shown to the club's owner and moderators only.
   */
  answers: z.array(membershipAnswerSchema).optional(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** The members page view adds the person. */
export const memberViewSchema = membershipSchema.extend({
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isOwner: z.boolean(),
  /** Their level in the club (1 to 9, from all-time points), shown beside the name. */
  level: z.number().int().min(1).max(9).optional(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

/** The members page's filters: everyone, or (owners and moderators only) the requests to join. */
export const MEMBER_FILTERS = ['all', 'pending'] as const;
/**
 * Where a members search looks: names (and, for owners and moderators, e-mail addresses), or the
 * answers given to the club's membership questions (owners and moderators only).
 */
export const MEMBER_SEARCH_FIELDS = ['names', 'answers'] as const;
export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

/**
 * The members page's query: a page by cursor, optionally a search or a filter. The search is a
 * prefix of the member's name, or (owners and moderators only) of their e-mail address when it
 * holds an '@'; a search looks through everyone whatever the filter.
 */
export const memberListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
  q: z.string().trim().max(LIMITS.email).optional(),
  filter: z.enum(MEMBER_FILTERS).default('all'),
  searchIn: z.enum(MEMBER_SEARCH_FIELDS).default('names'),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberPageSchema = pageOf(memberViewSchema);
export type MemberPage = z.infer<typeof memberPageSchema>;

/**
 * How many requests to join wait for an owner's or moderator's answer: counted up to a bound,
 * `more` when there are more than `count`.
 */
export const pendingCountSchema = z.object({ count: z.number().int().min(0), more: z.boolean() });
export type PendingCount = z.infer<typeof pendingCountSchema>;

/** What removing a member answers. */
export const memberRemovedSchema = z.object({ removed: z.literal(true), userId: idSchema });
/** The owner let a removed person back (false: they were not kept out); invitations and join requests work for them again. */
export const removalLiftedSchema = z.object({ lifted: z.boolean(), userId: idSchema });

/** The roles an owner gives and takes: moderator and member (the owner's own never changes). */
export const memberRoleInputSchema = z.strictObject({ role: z.enum(['club_moderator', 'club_member']) });

/**
 * Leaving a club: at once (`left`), or, for a paid membership, at the end of the period already
 * paid (`endsAt`): the subscription is set to end then and the membership lasts until it does.
 */
export const leaveResultSchema = z.object({ left: z.boolean(), endsAt: isoDateTime.nullable() });
export type LeaveResult = z.infer<typeof leaveResultSchema>;

/** A person removed from the club, as its owner sees them: kept out until the owner lifts it. */
export const removedPersonSchema = z.object({
  clubId: idSchema,
  userId: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  removedAt: isoDateTime,
  /** Banned by a moderator's decision in the Reports queue (else removed from the members page). */
  banned: z.boolean().optional(),
});
export type RemovedPerson = z.infer<typeof removedPersonSchema>;

export const removedListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
});
export const removedPageSchema = pageOf(removedPersonSchema);
export type RemovedPage = z.infer<typeof removedPageSchema>;
