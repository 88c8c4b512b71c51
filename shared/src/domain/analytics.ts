/**
 * Creator analytics: what a club's owner (and, without the money, its moderators) reads on the
 * Analytics page. Every figure comes from roll-up counters kept as the facts happen (one item per
 * club and UTC day, one per month, and the club's running figures), never from counting stored
 * items at read time.
 */
import * as z from 'zod';
import { idSchema } from './common.ts';

/** The page's periods: the last 7, 30 or 90 UTC days (daily series), or 12 months (monthly). */
export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '12m'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Days a daily period spans (12m is counted in months). */
export const ANALYTICS_PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export const ANALYTICS_PERIOD_MONTHS = 12;
/** How far back top posts look when the period is counted in months. */
export const TOP_POSTS_DAYS_OF_MONTHLY_PERIOD = 90;
export const TOP_POSTS_SHOWN = 5;

/** The counters only an owner reads (money, and what payments say about it). */
export const REVENUE_COUNTERS = [
  'checkoutsStarted',
  'checkoutsCompleted',
  'trialsStarted',
  'trialsConverted',
  'subscriptionsStarted',
  'subscriptionsEnded',
  'revenue',
  'refunds',
  'mrrChange',
] as const;

/**
 * The counters a club's day (and month) item keeps, each ADDed by the write it counts: what
 * members do, then the money (REVENUE_COUNTERS). Money is in the club's currency, in minor units;
 * `mrrChange` is the day's net change of the monthly recurring revenue, so the MRR on any past day
 * is today's minus the changes since.
 */
export const STATS_COUNTERS = [
  'joins',
  'leaves',
  'requests',
  'approvals',
  'activeMembers',
  'posts',
  'comments',
  'likes',
  'completions',
  'views',
  ...REVENUE_COUNTERS,
] as const;
export type StatsCounter = (typeof STATS_COUNTERS)[number];

/** The kinds of engagement the page charts side by side. */
export const ENGAGEMENT_KINDS = ['posts', 'comments', 'likes', 'completions'] as const;

export const analyticsQuerySchema = z.strictObject({
  period: z.enum(ANALYTICS_PERIODS).default('30d'),
});

/** A figure of the period and the same figure for the period before it (null when unknown). */
const headlineSchema = z.object({ value: z.number(), previous: z.number().nullable() });
export type AnalyticsHeadline = z.infer<typeof headlineSchema>;

const countersShape = Object.fromEntries(
  STATS_COUNTERS.map((name) => [name, z.number().int().optional()]),
) as Record<StatsCounter, z.ZodOptional<z.ZodNumber>>;

/** One point of the series: a UTC day (YYYY-MM-DD) or month (YYYY-MM), members at its end. */
export const analyticsPointSchema = z.object({
  bucket: z.string(),
  members: z.number().int(),
  ...countersShape,
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** The series' buckets: days for 7/30/90 days, months for 12 months. */
  bucket: z.enum(['day', 'month']),
  /** Whether money is included (the owner, or a super admin): moderators see engagement only. */
  revenueShown: z.boolean(),
  currency: z.string().nullable().optional(),
  headline: z.object({
    members: headlineSchema,
    /** The average number of distinct members active per day (posted, commented, liked, completed). */
    activeMembers: headlineSchema,
    posts: headlineSchema,
    mrr: headlineSchema.optional(),
    activeSubscriptions: headlineSchema.optional(),
    /** Subscriptions ended in the period ÷ active at its start, as a fraction (0 to 1). */
    churn: headlineSchema.optional(),
    /** Trials converted ÷ trials started in the period, as a fraction. */
    trialConversion: headlineSchema.optional(),
    /** Revenue of the period less its refunds, in the club's currency's minor units. */
    netRevenue: headlineSchema.optional(),
  }),
  series: z.array(analyticsPointSchema),
  /** Revenue and refunds by month for the last 12 months (owner only). */
  revenueByMonth: z
    .array(z.object({ month: z.string(), revenue: z.number().int(), refunds: z.number().int() }))
    .optional(),
  /** The public page's visitors, the join requests and the new members of the period. */
  funnel: z.object({ visitors: z.number().int(), requests: z.number().int(), joins: z.number().int() }),
  /** The posts with the most likes and comments in the period (at most the last 90 days). */
  topPosts: z.array(
    z.object({
      postId: idSchema,
      title: z.string(),
      engagement: z.number().int(),
      likeCount: z.number().int(),
    }),
  ),
  /** Members who started, got halfway through and finished each course. */
  courses: z.array(
    z.object({
      courseId: idSchema,
      title: z.string(),
      started: z.number().int(),
      halfway: z.number().int(),
      finished: z.number().int(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;
