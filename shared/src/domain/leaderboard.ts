import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { idSchema } from './common.ts';

/** The leaderboard's tabs: points from likes in the last 7 days, the last 30 days, or all time. */
export const LEADERBOARD_PERIODS = ['last7', 'last30', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const leaderboardQuerySchema = z.strictObject({
  period: z.enum(LEADERBOARD_PERIODS).default('all'),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
});

/**
 * One row (part 2 section 3's leaderboard entry: id, name, avatar, points, rank, badges): the
 * badges are the member's level from their all-time points (1 to 9).
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

export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  items: z.array(leaderboardEntrySchema),
  nextCursor: z.string().nullable(),
  /** The caller's own row, with their rank (null when they have no points in the period). */
  me: leaderboardEntrySchema.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
