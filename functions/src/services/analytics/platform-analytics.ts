/**
 * The super-admin portal's platform figures and their series over a period, from the figures'
 * partition (data/platform-figures.ts): one query reads the period's day items (or, for 12
 * months, its month items), every later month and the figures' shards. A figure at the end of a
 * past bucket is today's minus the changes counted after it; fees are what each bucket took.
 */
import { type AnalyticsPeriod, CLUB_STATUSES, type PlatformFigures, type PlatformPoint } from '@clubs/shared';
import { addShard, counterOf, monthOf, utcDayOf } from '../../data/club-stats.ts';
import { sumCounters } from '../../data/counter-shards.ts';
import {
  amountsOf,
  FEES_COUNTER_PREFIX,
  figure,
  isFiguresShard,
  readFiguresFrom,
  totalsOf,
} from '../../data/platform-figures.ts';
import { backwards, periodBuckets } from './club-analytics.ts';

type Item = Record<string, unknown>;

export interface PlatformReading {
  figures: PlatformFigures;
  /** The items read, for the benchmark. */
  itemsRead: number;
}

const allClubs = (item: Item | undefined) =>
  CLUB_STATUSES.reduce((total, status) => total + counterOf(item, figure.clubs(status)), 0);

export async function platformAnalytics(period: AnalyticsPeriod, now = new Date()): Promise<PlatformReading> {
  const { current } = periodBuckets(period, now);
  const monthly = period === '12m';
  const first = current[0] ?? (monthly ? monthOf(utcDayOf(now)) : utcDayOf(now));
  const items = await readFiguresFrom(monthly ? { month: first } : { day: first });
  const rows = new Map<string, Item>();
  const shards: Item[] = [];
  for (const item of items) {
    if (isFiguresShard(item)) shards.push(item);
    else if (String(item.bucket).length === (monthly ? 7 : 10)) addShard(rows, item);
  }
  const counters = sumCounters(shards);
  const stock = (name: string) =>
    backwards(counters.get(name) ?? 0, current, rows, (item) => counterOf(item, name));
  const clubs = backwards(
    CLUB_STATUSES.reduce((total, status) => total + (counters.get(figure.clubs(status)) ?? 0), 0),
    current,
    rows,
    allClubs,
  );
  const active = stock(figure.clubs('active'));
  const members = stock(figure.members);
  const plans = stock(figure.subscriptions('club_plan'));
  const series: PlatformPoint[] = current.map((bucket) => ({
    bucket,
    clubs: clubs.get(bucket) ?? 0,
    activeClubs: active.get(bucket) ?? 0,
    members: members.get(bucket) ?? 0,
    creatorPlans: plans.get(bucket) ?? 0,
    fees: amountsOf(sumCounters([rows.get(bucket) ?? {}]), FEES_COUNTER_PREFIX),
  }));
  return {
    figures: { ...totalsOf(counters), period, bucket: monthly ? 'month' : 'day', series },
    itemsRead: items.length,
  };
}
