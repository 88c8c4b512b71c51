/**
 * Real DynamoDB cancels a transaction that meets another one on the same item at the same moment
 * (TransactionConflict); DynamoDB Local serializes them and never does, so this is shown with
 * the SDK's client mocked: a counted write that lost only to a conflict is sent again.
 */

import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { putCounted } from '@clubs/functions/data/counted-write';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => ddb.reset());

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const like = { pk: 'POST#p', sk: 'LIKE#u', type: 'like' };
const counter = { key: { pk: 'CLUB#c', sk: 'POST#p' }, attribute: 'likeCount' };

describe('counted writes under concurrent transactions', () => {
  it('sends a write again that lost only to a conflict on the counter', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .resolves({});
    expect(await putCounted(like, counter)).toBe('created');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('answers a failed condition at once, without sending again', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await putCounted(like, counter)).toBe('exists');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
