/**
 * The platform figures at the top of the super-admin portal: clubs by status, active
 * memberships, live paid subscriptions and their monthly recurring revenue per currency. They
 * are counters changed by an ADD inside the very transaction (or conditional write) that changes
 * the fact they count, so they are exact without ever counting at read time.
 *
 * The counters are spread over a few shard items (a club's changes always go to the shard its id
 * hashes to): every join, leave and payment on the platform writes here, and one item would make
 * unrelated transactions conflict. Reading them is one BatchGetItem of the shard keys, summed.
 *
 * The same ADD also counts the change on the shard's item of its UTC day and of its month, so the
 * portal's charts read the figures over time without a snapshot: a figure at the end of a past
 * day is today's minus the changes counted after it. Platform fee revenue is only counted on the
 * day and month items (money taken, not a figure standing now).
 */
import {
  CLUB_STATUSES,
  type ClubStatus,
  type MoneyAmount,
  type PlatformTotals,
  type SubscriptionKind,
} from '@clubs/shared';
import { adminKeys, type Key } from '@clubs/shared/table-keys';
import { batchGet } from './batch-get.ts';
import { tableName } from './client.ts';
import { monthOf, utcDayOf } from './club-stats.ts';
import type { TransactItem } from './counted-write.ts';
import { shardOf, sumCounters } from './counter-shards.ts';
import { queryAll } from './query.ts';

export const FIGURE_SHARDS = 8;

/** Counter attributes and the step each changes by. */
export type FigureSteps = Record<string, number>;

const CLUBS_PREFIX = 'clubs_';
const MEMBERS = 'members';
const SUBSCRIPTIONS_PREFIX = 'subscriptions_';
const MRR_PREFIX = 'mrr_';
const FEES_PREFIX = 'fees_';

export const figure = {
  clubs: (status: ClubStatus) => `${CLUBS_PREFIX}${status}`,
  members: MEMBERS,
  subscriptions: (kind: SubscriptionKind) => `${SUBSCRIPTIONS_PREFIX}${kind}`,
  /** Monthly recurring revenue of one kind of subscription in one currency, in minor units. */
  mrr: (kind: SubscriptionKind, currency: string) => `${MRR_PREFIX}${kind}_${currency}`,
  /** Application fees the platform took in one currency, in minor units (day and month items only). */
  fees: (currency: string) => `${FEES_PREFIX}${currency}`,
};

/** The shard a club's counters go to (a stable hash of its id). */
export const figureShard = (clubId: string): number => shardOf(clubId, FIGURE_SHARDS);

/** Adds `more` into `steps` (both attribute → step). */
export function addSteps(steps: FigureSteps, more: FigureSteps): FigureSteps {
  const sum = { ...steps };
  for (const [name, step] of Object.entries(more)) sum[name] = (sum[name] ?? 0) + step;
  return sum;
}

function addAction(key: Key, bucket: string | null, moves: [string, number][]): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET #type = :type${bucket ? ', #bucket = :bucket' : ''} ADD ${moves.map((_, i) => `#f${i} :s${i}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#type': 'type',
        ...(bucket ? { '#bucket': 'bucket' } : {}),
        ...Object.fromEntries(moves.map(([name], i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':type': 'platform_figures',
        ...(bucket ? { ':bucket': bucket } : {}),
        ...Object.fromEntries(moves.map(([, step], i) => [`:s${i}`, step])),
      },
    },
  };
}

const movesOf = (steps: FigureSteps) => Object.entries(steps).filter(([, step]) => step !== 0);

/** The actions counting `moves` on the day and month of `at`, on the club's shard. */
function bucketActions(clubId: string, at: Date, moves: [string, number][]): TransactItem[] {
  const shard = figureShard(clubId);
  const day = utcDayOf(at);
  return [
    addAction(adminKeys.figuresDay(day, shard), day, moves),
    addAction(adminKeys.figuresMonth(monthOf(day), shard), monthOf(day), moves),
  ];
}

/**
 * The transaction actions that move the figures by `steps` for a change of `clubId`, and count
 * the change on the day and month of `at`; none when every step is zero. They have no condition:
 * they can only fail by conflicting with another transaction, which the callers retry.
 */
export function figuresAction(clubId: string, steps: FigureSteps, at = new Date()): TransactItem[] {
  const moves = movesOf(steps);
  if (moves.length === 0) return [];
  return [
    addAction(adminKeys.figures(figureShard(clubId)), null, moves),
    ...bucketActions(clubId, at, moves),
  ];
}

/**
 * The actions counting platform revenue of a club's payment (application fees, figure.fees) on
 * the day and month of `at`, for the transaction of a Stripe event's consumer; none when every
 * step is zero.
 */
export function platformRevenueActions(clubId: string, at: Date, steps: FigureSteps): TransactItem[] {
  const moves = movesOf(steps);
  return moves.length === 0 ? [] : bucketActions(clubId, at, moves);
}

/** The amounts of the counters named `prefix` + currency, by currency. */
export function amountsOf(totals: Map<string, number>, prefix: string): MoneyAmount[] {
  return [...totals]
    .filter(([name, amount]) => name.startsWith(prefix) && amount !== 0)
    .map(([name, amount]) => ({ currency: name.slice(prefix.length), amount }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

export const FEES_COUNTER_PREFIX = FEES_PREFIX;

/** The figures now from the shards' summed counters. */
export function totalsOf(totals: Map<string, number>): PlatformTotals {
  const total = (name: string) => totals.get(name) ?? 0;
  return {
    clubs: Object.fromEntries(CLUB_STATUSES.map((status) => [status, total(figure.clubs(status))])) as Record<
      ClubStatus,
      number
    >,
    members: total(MEMBERS),
    paidMemberships: total(figure.subscriptions('membership')),
    membershipMrr: amountsOf(totals, `${MRR_PREFIX}membership_`),
    creatorPlans: total(figure.subscriptions('club_plan')),
    creatorPlanMrr: amountsOf(totals, `${MRR_PREFIX}club_plan_`),
  };
}

/** The figures now: one BatchGetItem of the shard items, summed. */
export async function readPlatformFigures(): Promise<PlatformTotals> {
  const shards = Array.from({ length: FIGURE_SHARDS }, (_, shard) => adminKeys.figures(shard));
  const found = await batchGet(shards);
  return totalsOf(sumCounters(found.values()));
}

type Item = Record<string, unknown>;

/**
 * The figures' items from a day (or a month) onwards: those days' and every later month's
 * shard items, then the figures' shards, in one query (more pages only past 1 MB).
 */
export function readFiguresFrom(from: { day: string } | { month: string }): Promise<Item[]> {
  const start = 'day' in from ? adminKeys.figuresDay(from.day).sk : adminKeys.figuresMonth(from.month).sk;
  return queryAll({ partition: adminKeys.figuresPartition, sortKey: { atLeast: start } }, (item) => item);
}

export const isFiguresShard = (item: Item): boolean =>
  String(item.sk).startsWith(adminKeys.figuresShardPrefix);
