/**
 * Refunds of a membership payment in the club's analytics (the day's `refunds`) and the
 * platform's fees (a refunded application fee takes its share back from the day's fees). Stripe
 * says how much of a charge is refunded so far; a record per charge keeps how much was counted,
 * and each sync counts only the difference, in one transaction conditioned on the record still
 * holding what was read. So a refund is counted once however many events tell of it, in whatever
 * order they come.
 */

import { keys } from '@clubs/shared/table-keys';
import { tableName } from '../client.ts';
import { statsActions } from '../club-stats.ts';
import { sendRetryingConflicts } from '../counted-write.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { figure, platformRevenueActions } from '../platform-figures.ts';

export interface ChargeRefunds {
  clubId: string;
  chargeId: string;
  currency: string;
  /** Refunded of the charge so far, in minor units. */
  refunded: number;
  /** Refunded of its application fee so far. */
  feeRefunded: number;
}

const ATTEMPTS = 5;
const amountOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** Counts what was refunded since the last count, on the day of `at`; answers the amount newly counted. */
export async function recordChargeRefunds(now: ChargeRefunds, at: Date): Promise<number> {
  const key = keys.chargeRefunds(now.chargeId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const counted = await getItem(key, { consistent: true });
    const before = { refunded: amountOf(counted?.refunded), feeRefunded: amountOf(counted?.feeRefunded) };
    // Refunds only grow: a stale read of Stripe counts nothing.
    const refunds = Math.max(0, now.refunded - before.refunded);
    const fees = Math.max(0, now.feeRefunded - before.feeRefunded);
    if (refunds === 0 && fees === 0) return 0;
    try {
      await sendRetryingConflicts({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...key,
                type: 'charge_refunds',
                clubId: now.clubId,
                refunded: before.refunded + refunds,
                feeRefunded: before.feeRefunded + fees,
              },
              ConditionExpression: counted
                ? 'refunded = :refunded AND feeRefunded = :feeRefunded'
                : 'attribute_not_exists(pk)',
              ...(counted
                ? {
                    ExpressionAttributeValues: {
                      ':refunded': before.refunded,
                      ':feeRefunded': before.feeRefunded,
                    },
                  }
                : {}),
            },
          },
          ...statsActions(now.clubId, at, { refunds }),
          ...platformRevenueActions(now.clubId, at, { [figure.fees(now.currency)]: -fees }),
        ],
      });
      return refunds;
    } catch (error) {
      // Another delivery counted meanwhile: read again and count what is left.
      if (!transactionConditionFailures(error)) throw error;
    }
  }
  throw new Error(`charge ${now.chargeId}'s refunds kept changing while they were counted`);
}
