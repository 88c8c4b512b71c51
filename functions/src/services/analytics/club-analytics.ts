/**
 * The Analytics page's figures, from the club's roll-up items (data/club-stats.ts): one query
 * reads the days of the period and the period before it (or, for 12 months, the last 90 days for
 * the top posts), every month, the running figures and the course items; one batch reads the top
 * posts' titles. Members over time, past MRR and past active subscriptions are today's figures
 * minus the changes counted after each day or month, so no snapshot has to be taken on time.
 * Money (revenue, MRR, churn, trials, checkouts) is the owner's: anyone else gets it left out.
 */
import {
  ANALYTICS_PERIOD_DAYS,
  ANALYTICS_PERIOD_MONTHS,
  type Analytics,
  type AnalyticsPeriod,
  type AnalyticsPoint,
  type Club,
  REVENUE_COUNTERS,
  STATS_COUNTERS,
  type StatsCounter,
  TOP_POSTS_DAYS_OF_MONTHLY_PERIOD,
  TOP_POSTS_SHOWN,
} from '@clubs/shared';
import { keys, statsKeys } from '@clubs/shared/table-keys';
import type { Viewer } from '../../caller.ts';
import { batchGet, keyId } from '../../data/batch-get.ts';
import {
  addDays,
  addMonths,
  addShard,
  counterOf,
  isDayItem,
  isMonthItem,
  monthOf,
  POST_ENGAGEMENT_PREFIX,
  readStatsFrom,
  utcDayOf,
} from '../../data/club-stats.ts';

type Item = Record<string, unknown>;

/** Who reads the money: the club's owner, or a super admin overseeing without a role in it. */
export const seesRevenue = (viewer: Viewer, isSuperAdmin: boolean): boolean =>
  viewer.role === 'club_owner' || (isSuperAdmin && viewer.role === null);

const REVENUE = new Set<string>(REVENUE_COUNTERS);

/** The buckets of the period and of the period before it, oldest first. */
export function periodBuckets(period: AnalyticsPeriod, now: Date): { current: string[]; previous: string[] } {
  const today = utcDayOf(now);
  if (period === '12m') {
    const month = monthOf(today);
    const span = ANALYTICS_PERIOD_MONTHS;
    const at = (back: number) => addMonths(month, -back);
    return {
      current: Array.from({ length: span }, (_, i) => at(span - 1 - i)),
      previous: Array.from({ length: span }, (_, i) => at(2 * span - 1 - i)),
    };
  }
  const span = ANALYTICS_PERIOD_DAYS[period];
  const at = (back: number) => addDays(today, -back);
  return {
    current: Array.from({ length: span }, (_, i) => at(span - 1 - i)),
    previous: Array.from({ length: span }, (_, i) => at(2 * span - 1 - i)),
  };
}

/** Days in a bucket up to today (a month's days so far, a day's one). */
function daysIn(bucket: string, today: string): number {
  if (bucket.length === 10) return 1;
  const first = `${bucket}-01`;
  const next = `${addMonths(bucket, 1)}-01`;
  const last = next <= today ? addDays(next, -1) : today;
  return Math.max(1, Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1);
}

const sum = (items: (Item | undefined)[], name: string) =>
  items.reduce((total, item) => total + counterOf(item, name), 0);

/**
 * A running figure at the end of each bucket, from its value now and the buckets' changes:
 * the value at the end of bucket b is now's minus the changes of every bucket after b.
 */
export function backwards(
  now: number,
  buckets: readonly string[],
  rows: Map<string, Item>,
  change: (item: Item | undefined) => number,
): Map<string, number> {
  const later = [...rows.keys()].filter((bucket) => bucket > (buckets.at(-1) ?? '')).map((b) => rows.get(b));
  let value = now - later.reduce((total, item) => total + change(item), 0);
  const at = new Map<string, number>();
  for (const bucket of [...buckets].reverse()) {
    at.set(bucket, value);
    value -= change(rows.get(bucket));
  }
  return at;
}

const headline = (value: number, previous: number | null) => ({ value, previous });
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export interface AnalyticsReading {
  analytics: Analytics;
  /** The items read, for the CSV and the benchmark. */
  itemsRead: number;
}

export async function clubAnalytics(
  club: Club,
  viewer: Viewer,
  isSuperAdmin: boolean,
  period: AnalyticsPeriod,
  now = new Date(),
): Promise<AnalyticsReading> {
  const today = utcDayOf(now);
  const { current, previous } = periodBuckets(period, now);
  const monthly = period === '12m';
  const firstDay = monthly ? addDays(today, -(TOP_POSTS_DAYS_OF_MONTHLY_PERIOD - 1)) : (previous[0] ?? today);
  const items = await readStatsFrom(club.id, { day: firstDay });
  const days = new Map<string, Item>();
  const months = new Map<string, Item>();
  let running: Item | undefined;
  const courses: Item[] = [];
  for (const item of items) {
    if (isDayItem(item)) addShard(days, item);
    else if (isMonthItem(item)) addShard(months, item);
    else if (item.sk === statsKeys.running(club.id).sk) running = item;
    else if (String(item.sk).startsWith(statsKeys.coursePrefix)) courses.push(item);
  }
  const rows = monthly ? months : days;
  const currentItems = current.map((bucket) => rows.get(bucket));
  const previousItems = previous.map((bucket) => rows.get(bucket));
  const revenueShown = seesRevenue(viewer, isSuperAdmin);

  const net = (item: Item | undefined) => counterOf(item, 'joins') - counterOf(item, 'leaves');
  const members = backwards(club.memberCount, [...previous, ...current], rows, net);
  const series: AnalyticsPoint[] = current.map((bucket) => {
    const item = rows.get(bucket);
    const point: AnalyticsPoint = { bucket, members: members.get(bucket) ?? 0 };
    for (const name of STATS_COUNTERS) {
      if (revenueShown || !REVENUE.has(name)) point[name as StatsCounter] = counterOf(item, name);
    }
    return point;
  });
  const activeAverage = (buckets: string[], of: (Item | undefined)[]) => {
    const spanDays = buckets.reduce((total, bucket) => total + daysIn(bucket, today), 0);
    return Math.round((sum(of, 'activeMembers') / Math.max(1, spanDays)) * 10) / 10;
  };
  const lastPrevious = previous.at(-1);
  const analytics: Analytics = {
    period,
    bucket: monthly ? 'month' : 'day',
    revenueShown,
    headline: {
      members: headline(club.memberCount, lastPrevious ? (members.get(lastPrevious) ?? 0) : null),
      activeMembers: headline(activeAverage(current, currentItems), activeAverage(previous, previousItems)),
      posts: headline(sum(currentItems, 'posts'), sum(previousItems, 'posts')),
    },
    series,
    funnel: {
      visitors: sum(currentItems, 'views'),
      requests: sum(currentItems, 'requests'),
      joins: sum(currentItems, 'joins'),
    },
    topPosts: [],
    courses: courses.map((item) => ({
      courseId: String(item.courseId),
      title: String(item.title ?? ''),
      started: counterOf(item, 'started'),
      halfway: counterOf(item, 'halfway'),
      finished: counterOf(item, 'finished'),
    })),
  };
  if (revenueShown) {
    analytics.currency = typeof running?.currency === 'string' ? running.currency : null;
    const all = [...previous, ...current];
    const mrr = backwards(counterOf(running, 'mrr'), all, rows, (item) => counterOf(item, 'mrrChange'));
    const active = backwards(
      counterOf(running, 'activeSubscriptions'),
      all,
      rows,
      (item) => counterOf(item, 'subscriptionsStarted') - counterOf(item, 'subscriptionsEnded'),
    );
    // Active at a period's start: at the end of the bucket before its first.
    const activeBefore = (buckets: string[], of: (Item | undefined)[]) => {
      const end = active.get(buckets.at(-1) ?? '') ?? 0;
      return end - sum(of, 'subscriptionsStarted') + sum(of, 'subscriptionsEnded');
    };
    const churn = (buckets: string[], of: (Item | undefined)[]) =>
      ratio(sum(of, 'subscriptionsEnded'), activeBefore(buckets, of));
    const conversion = (of: (Item | undefined)[]) =>
      ratio(sum(of, 'trialsConverted'), sum(of, 'trialsStarted'));
    analytics.headline.mrr = headline(
      counterOf(running, 'mrr'),
      lastPrevious ? (mrr.get(lastPrevious) ?? 0) : null,
    );
    analytics.headline.activeSubscriptions = headline(
      counterOf(running, 'activeSubscriptions'),
      lastPrevious ? (active.get(lastPrevious) ?? 0) : null,
    );
    analytics.headline.churn = headline(churn(current, currentItems), churn(previous, previousItems));
    analytics.headline.trialConversion = headline(conversion(currentItems), conversion(previousItems));
    const netRevenue = (of: (Item | undefined)[]) => sum(of, 'revenue') - sum(of, 'refunds');
    analytics.headline.netRevenue = headline(netRevenue(currentItems), netRevenue(previousItems));
    const lastMonths = Array.from({ length: ANALYTICS_PERIOD_MONTHS }, (_, i) =>
      addMonths(monthOf(today), -(ANALYTICS_PERIOD_MONTHS - 1 - i)),
    );
    analytics.revenueByMonth = lastMonths.map((month) => ({
      month,
      revenue: counterOf(months.get(month), 'revenue'),
      refunds: counterOf(months.get(month), 'refunds'),
    }));
  }
  analytics.topPosts = await topPosts(
    club.id,
    monthly ? [...days.values()].filter((item) => String(item.bucket) >= firstDay) : currentItems,
  );
  return { analytics, itemsRead: items.length };
}

/** The posts with the most likes and comments over these day items, with their titles (one batch). */
async function topPosts(clubId: string, dayItems: (Item | undefined)[]): Promise<Analytics['topPosts']> {
  const totals = new Map<string, number>();
  for (const item of dayItems) {
    for (const [name, value] of Object.entries(item ?? {})) {
      if (name.startsWith(POST_ENGAGEMENT_PREFIX) && typeof value === 'number') {
        const postId = name.slice(POST_ENGAGEMENT_PREFIX.length);
        totals.set(postId, (totals.get(postId) ?? 0) + value);
      }
    }
  }
  // A few more than shown, in case some were deleted since.
  const ranked = [...totals]
    .filter(([, engagement]) => engagement > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_POSTS_SHOWN * 2);
  if (ranked.length === 0) return [];
  const found = await batchGet(
    ranked.map(([postId]) => keys.post(clubId, postId)),
    ['title', 'likeCount'],
  );
  return ranked
    .flatMap(([postId, engagement]) => {
      const post = found.get(keyId(keys.post(clubId, postId)));
      if (!post) return [];
      return [
        {
          postId,
          title: String(post.title ?? ''),
          engagement,
          likeCount: typeof post.likeCount === 'number' ? post.likeCount : 0,
        },
      ];
    })
    .slice(0, TOP_POSTS_SHOWN);
}

const csvCell = (value: unknown): string => {
  const text = value === undefined ? '' : String(value);
  // A cell starting like a formula is quoted with a leading apostrophe (spreadsheet injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The series as CSV: a header row, then one row per bucket with the columns the reader may see. */
export function analyticsCsv(analytics: Analytics): string {
  const columns = [
    analytics.bucket === 'day' ? 'date' : 'month',
    'members',
    ...STATS_COUNTERS.filter((name) => analytics.revenueShown || !REVENUE.has(name)),
  ];
  const lines = [columns.join(',')];
  for (const point of analytics.series) {
    const cells = [
      point.bucket,
      point.members,
      ...columns.slice(2).map((name) => point[name as StatsCounter] ?? 0),
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
