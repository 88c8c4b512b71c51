/**
 * The platform figures at the top of the super-admin portal: clubs by status, active
 * memberships, live paid subscriptions and their monthly recurring revenue per currency. They
 * are counters changed by an ADD inside the very transaction (or conditional write) that changes
 * the fact they count, so they are exact without ever counting at read time.
 *
 * The counters are spread over a few shard items (a club's changes always go to the shard its id
 * hashes to): every join, leave and payment on the platform writes here, and one item would make
 * unrelated transactions conflict. Reading them is one BatchGetItem of the shard keys, summed.
 */
import {
  CLUB_STATUSES,
  type ClubStatus,
  type MoneyAmount,
  type PlatformFigures,
  type SubscriptionKind,
} from '@clubs/shared';
import { batchGet } from './batch-get.ts';
import { tableName } from './client.ts';
import type { TransactItem } from './counted-write.ts';
import { shardOf, sumCounters } from './counter-shards.ts';
import { adminKeys } from './keys.ts';

export const FIGURE_SHARDS = 8;

/** Counter attributes and the step each changes by. */
export type FigureSteps = Record<string, number>;

const CLUBS_PREFIX = 'clubs_';
const MEMBERS = 'members';
const SUBSCRIPTIONS_PREFIX = 'subscriptions_';
const MRR_PREFIX = 'mrr_';

export const figure = {
  clubs: (status: ClubStatus) => `${CLUBS_PREFIX}${status}`,
  members: MEMBERS,
  subscriptions: (kind: SubscriptionKind) => `${SUBSCRIPTIONS_PREFIX}${kind}`,
  /** Monthly recurring revenue of one kind of subscription in one currency, in minor units. */
  mrr: (kind: SubscriptionKind, currency: string) => `${MRR_PREFIX}${kind}_${currency}`,
};

/** The shard a club's counters go to (a stable hash of its id). */
export const figureShard = (clubId: string): number => shardOf(clubId, FIGURE_SHARDS);

/** Adds `more` into `steps` (both attribute → step). */
export function addSteps(steps: FigureSteps, more: FigureSteps): FigureSteps {
  const sum = { ...steps };
  for (const [name, step] of Object.entries(more)) sum[name] = (sum[name] ?? 0) + step;
  return sum;
}

/**
 * The transaction action that moves the figures by `steps` for a change of `clubId`; none when
 * every step is zero. It has no condition: it can only fail by conflicting with another
 * transaction, which the callers retry.
 */
export function figuresAction(clubId: string, steps: FigureSteps): TransactItem[] {
  const moves = Object.entries(steps).filter(([, step]) => step !== 0);
  if (moves.length === 0) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: adminKeys.figures(figureShard(clubId)),
        UpdateExpression: `SET #type = :type ADD ${moves.map((_, i) => `#f${i} :s${i}`).join(', ')}`,
        ExpressionAttributeNames: {
          '#type': 'type',
          ...Object.fromEntries(moves.map(([name], i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':type': 'platform_figures',
          ...Object.fromEntries(moves.map(([, step], i) => [`:s${i}`, step])),
        },
      },
    },
  ];
}

function amounts(totals: Map<string, number>, prefix: string): MoneyAmount[] {
  return [...totals]
    .filter(([name, amount]) => name.startsWith(prefix) && amount !== 0)
    .map(([name, amount]) => ({ currency: name.slice(prefix.length), amount }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The figures now: one BatchGetItem of the shard items, summed. */
export async function readPlatformFigures(): Promise<PlatformFigures> {
  const shards = Array.from({ length: FIGURE_SHARDS }, (_, shard) => adminKeys.figures(shard));
  const found = await batchGet(shards);
  const totals = sumCounters(found.values());
  const total = (name: string) => totals.get(name) ?? 0;
  return {
    clubs: Object.fromEntries(CLUB_STATUSES.map((status) => [status, total(figure.clubs(status))])) as Record<
      ClubStatus,
      number
    >,
    members: total(MEMBERS),
    paidMemberships: total(figure.subscriptions('membership')),
    membershipMrr: amounts(totals, `${MRR_PREFIX}membership_`),
    creatorPlans: total(figure.subscriptions('club_plan')),
    creatorPlanMrr: amounts(totals, `${MRR_PREFIX}club_plan_`),
  };
}
