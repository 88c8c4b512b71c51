/**
 * What a change of a member's subscription record does to the club's analytics, written in the
 * same transaction as the record (repositories/billing.ts): the running MRR and count of paying
 * subscriptions (the club's running item), and the day's counters — subscriptions that started or
 * stopped paying, trials started and converted, checkouts completed, and the MRR's change. A
 * subscription counts while it pays (status active; a trial has not paid yet), at its price per
 * month (an annual price ÷ 12), as the record's `countedRevenue` ("currency:monthly") says.
 */

import { statsKeys } from '@clubs/shared/table-keys';
import { tableName } from './client.ts';
import { type StatsSteps, statsActions } from './club-stats.ts';
import type { TransactItem } from './counted-write.ts';

export interface SubscriptionBefore {
  /** The record's counted revenue ("currency:monthly"), null while it does not pay. */
  counted: string | null;
  status: string | null;
  subscriptionId: string | null;
}

export interface SubscriptionAfter {
  subscriptionId: string;
  status: string;
}

const monthlyOf = (counted: string | null): number =>
  counted === null ? 0 : Number(counted.split(':')[1] ?? 0) || 0;
const currencyOf = (counted: string | null): string =>
  counted === null ? '' : (counted.split(':')[0] ?? '');

const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The day's counters a change from `before` to `after` (counting `counted` after) moves. */
export function subscriptionSteps(
  before: SubscriptionBefore,
  after: SubscriptionAfter,
  counted: string | null,
): { steps: StatsSteps; mrr: number; active: number } {
  const same = before.subscriptionId === after.subscriptionId;
  const active = (counted === null ? 0 : 1) - (before.counted === null ? 0 : 1);
  const mrr = monthlyOf(counted) - monthlyOf(before.counted);
  const steps: StatsSteps = {
    subscriptionsStarted: active > 0 ? 1 : 0,
    subscriptionsEnded: active < 0 ? 1 : 0,
    mrrChange: mrr,
    trialsStarted: after.status === 'trialing' && !(same && before.status === 'trialing') ? 1 : 0,
    trialsConverted: same && before.status === 'trialing' && after.status === 'active' ? 1 : 0,
    checkoutsCompleted: !same && !ENDED.has(after.status) ? 1 : 0,
  };
  return { steps, mrr, active };
}

export function subscriptionStatsActions(
  clubId: string,
  before: SubscriptionBefore,
  after: SubscriptionAfter,
  counted: string | null,
  now: Date,
): TransactItem[] {
  const { steps, mrr, active } = subscriptionSteps(before, after, counted);
  const currency = currencyOf(counted) || currencyOf(before.counted);
  const running: TransactItem[] =
    mrr === 0 && active === 0
      ? []
      : [
          {
            Update: {
              TableName: tableName(),
              Key: statsKeys.running(clubId),
              UpdateExpression: `SET #type = :type${currency ? ', currency = :currency' : ''} ADD mrr :mrr, activeSubscriptions :active`,
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: {
                ':type': 'club_running_stats',
                ':mrr': mrr,
                ':active': active,
                ...(currency ? { ':currency': currency } : {}),
              },
            },
          },
        ];
  return [...running, ...statsActions(clubId, now, steps)];
}
