/** The write watch the matrix and the fuzzer judge refusals by sees every kind of write, and only writes that happened. */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { describe, expect, it } from 'vitest';
import { watchTableWrites } from './support/table-writes.ts';

describe('the table write watch', () => {
  it('records successful writes, not reads or writes a condition refused', async () => {
    const watch = watchTableWrites();
    try {
      const key = { pk: 'WATCH#1', sk: 'ITEM' };
      await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, n: 1 } }));
      await db().send(new GetCommand({ TableName: tableName(), Key: key }));
      await expect(
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET n = :n',
            ConditionExpression: 'attribute_not_exists(pk)',
            ExpressionAttributeValues: { ':n': 2 },
          }),
        ),
      ).rejects.toThrow();
      await db().send(
        new TransactWriteCommand({
          TransactItems: [{ Delete: { TableName: tableName(), Key: key } }],
        }),
      );
      expect(watch.writes.map((w) => w.split(' ')[0])).toEqual([
        'PutItemCommand',
        'TransactWriteItemsCommand',
      ]);
      expect(watch.writes[0]).toContain('WATCH#1');
      watch.reset();
      expect(watch.writes).toEqual([]);
    } finally {
      watch.stop();
    }
  });
});
