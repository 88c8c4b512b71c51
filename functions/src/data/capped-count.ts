/**
 * A count kept on an item of its own (a person's unpaid clubs, a club's API keys), moved inside
 * the very transaction that makes or removes what it counts, so it stays exact under concurrency.
 * With `cap`, a step up is refused (ConditionalCheckFailed) when the count would go over it; a
 * step down never is.
 */
import type { Key } from '@clubs/shared/table-keys';
import { tableName } from './client.ts';
import type { TransactItem } from './counted-write.ts';

export function cappedCountAction(key: Key, type: string, step: number, cap?: number): TransactItem {
  const limited = cap !== undefined && step > 0;
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #type = :type ADD #count :step',
      ...(limited ? { ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room' } : {}),
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: {
        ':type': type,
        ':step': step,
        ...(limited ? { ':room': cap - step } : {}),
      },
    },
  };
}
