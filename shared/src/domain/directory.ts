/**
 * The club directory and the personal dashboards: what the directory can be asked, and what a
 * person sees of their own memberships.
 */
import * as z from 'zod';
import { DIRECTORY_SIZES, DIRECTORY_TABS, LIMITS } from '../constants.ts';
import { CLUB_ROLES } from '../permissions.ts';
import { publicClubSchema } from './club.ts';
import { pageOf } from './common.ts';
import { membershipSchema, membershipStatusSchema, viewerMembershipStatusSchema } from './membership.ts';

export const directoryTabSchema = z.enum(DIRECTORY_TABS);
export type DirectoryTab = z.infer<typeof directoryTabSchema>;

export const directorySizeSchema = z.enum(DIRECTORY_SIZES);
export type DirectorySize = z.infer<typeof directorySizeSchema>;

/** The longest search text accepted. */
export const DIRECTORY_SEARCH_MAX = 100;

/** A boolean query flag: "true"/"1" or "false"/"0". */
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

/** GET /api/clubs: search, tab, size and "recently added", one cursor-paged list. */
export const directoryQuerySchema = z.strictObject({
  q: z.string().trim().max(DIRECTORY_SEARCH_MAX).optional(),
  tab: directoryTabSchema.default('all'),
  size: directorySizeSchema.default('any'),
  recent: queryFlag,
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** The caller's standing in one club; the owner counts as active. */
export const viewerMembershipSchema = z.object({
  status: viewerMembershipStatusSchema,
  role: z.enum(CLUB_ROLES).nullable(),
  /**
   * Whether the club's free trial would be the caller's at checkout: a paid club with a trial
   * that this person has not had yet. A signed-out visitor sees the club's own trial.
   */
  trialAvailable: z.boolean(),
});
export type ViewerMembership = z.infer<typeof viewerMembershipSchema>;

/** The answer to a free club's join request: the membership as it now stands. */
export const joinRequestResultSchema = z.object({
  status: membershipStatusSchema,
  /** False when the caller already had a membership (a repeated click or a second tab). */
  created: z.boolean(),
});
export type JoinRequestResult = z.infer<typeof joinRequestResultSchema>;

/** One of the caller's memberships with its club, for the dashboards. */
export const myMembershipSchema = z.object({ membership: membershipSchema, club: publicClubSchema });
export type MyMembership = z.infer<typeof myMembershipSchema>;

export const myMembershipsQuerySchema = z.strictObject({
  status: membershipStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
  cursor: z.string().max(LIMITS.cursor).optional(),
});

export const myMembershipsSchema = pageOf(myMembershipSchema);

/** Discover: clubs the caller is not in (dashboard: 3; member dashboard: more). */
export const DISCOVER_MAX = 12;
export const discoverQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(DISCOVER_MAX).default(3),
});
