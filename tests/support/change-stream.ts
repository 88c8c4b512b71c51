/**
 * What the table's stream holds and what the writes stored for it, for the change stream's
 * failure tests: a club's outbox items as written, every record the change stream's filter lets
 * through as Lambda is handed it (to hand them over again), and the local bus's dead letters.
 */
import { readFileSync } from 'node:fs';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { lambdaRecordOf } from '@clubs/infra/local/change-stream.ts';
import { localDynamoDbClient, localDynamoDbCredentials } from '@clubs/infra/local/dynamodb.ts';
import { type AnyChangeEvent, CHANGE_OUTBOX, passesChangeFilter } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import type { DynamoDBRecord } from 'aws-lambda';

/** The change events a club's writes stored as outbox items, oldest first. */
export async function outboxOf(clubId: string): Promise<AnyChangeEvent[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.changeOutbox(clubId, 'x').pk },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => item[CHANGE_OUTBOX.attribute] as AnyChangeEvent);
}

/** Every record the table's stream holds that the change stream's filter lets through, as Lambda is handed them. */
export async function streamRecords(): Promise<DynamoDBRecord[]> {
  const endpoint = process.env.DYNAMODB_ENDPOINT as string;
  const tables = localDynamoDbClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'us-east-1',
    credentials: localDynamoDbCredentials(),
  });
  try {
    const { Table } = await tables.send(new DescribeTableCommand({ TableName: tableName() }));
    const arn = Table?.LatestStreamArn as string;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    const records: DynamoDBRecord[] = [];
    for (const shard of StreamDescription?.Shards ?? []) {
      let { ShardIterator: iterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        records.push(...(page.Records ?? []).filter(passesChangeFilter).map((r) => lambdaRecordOf(r, arn)));
        if ((page.Records ?? []).length === 0) break;
        iterator = page.NextShardIterator;
      }
    }
    return records;
  } finally {
    tables.destroy();
    streams.destroy();
  }
}

/** The descriptions the local bus parked in its dead-letter file (none when it has none). */
export function readDeadLetters(file: string): unknown[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}
