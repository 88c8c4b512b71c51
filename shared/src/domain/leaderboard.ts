import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { idSchema } from './common.ts';

/** The leaderboard's tabs: points from likes in the last 7 days, the last 30 days, or all time. */
export const LEADERBOARD_PERIODS = ['last7', 'last30', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

const periodSchema = z.enum(LEADERBOARD_PERIODS);

export const leaderboardQuerySchema = z.strictObject({
  period: periodSchema.default('all'),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
});

export const leaderboardStandingQuerySchema = z.strictObject({ period: periodSchema.default('all') });

/**
 * How many members above the caller one standing request counts at most: the count reads the
 * index entries above the caller, so it is bounded to keep every request the same small cost;
 * a caller below that many others is told "beyond" instead of an exact rank.
 */
export const LEADERBOARD_RANK_BUDGET = 1000;

/**
 * One row (id, name, avatar, points, rank and badges). Ranks
 * are shared by equal points (1, 2, 2, 4). The badges are the member's level from their all-time
 * points (1 to 9), whatever the tab.
 */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  userId: idSchema,
  name: z.string(),
  avatar: z.string().nullable(),
  points: z.number().int().min(0),
  level: z.number().int().min(1).max(9),
  badges: z.array(z.string()),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** A page of the rankings, most points first; members with no points in the period are not listed. */
export const leaderboardSchema = z.object({
  period: periodSchema,
  items: z.array(leaderboardEntrySchema),
  nextCursor: z.string().nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/**
 * The caller's own row (null for someone who is not a member, such as a super admin). Without
 * points in the period they rank after everyone who has some. `rankBeyond` is set when more than
 * LEADERBOARD_RANK_BUDGET members rank above them: `me.rank` is then that number plus one, a
 * lower bound.
 */
export const leaderboardStandingSchema = z.object({
  period: periodSchema,
  me: leaderboardEntrySchema.nullable(),
  rankBeyond: z.number().int().min(1).nullable(),
});
export type LeaderboardStanding = z.infer<typeof leaderboardStandingSchema>;
