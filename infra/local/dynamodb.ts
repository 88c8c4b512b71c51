/**
 * DynamoDB Local (its Java process: dynamodb-process.ts) waited for until it answers, and the
 * table created from the shared definition. Used by `npm start` (persistent, -dbPath) and by the
 * test harness (-inMemory, own port).
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@clubs/functions/data/table-schema';
import { TABLE } from '@clubs/shared';
import { type DynamoDbProcess, spawnDynamoDbLocal } from './dynamodb-process.ts';

export type DynamoDbLocal = DynamoDbProcess;

export const localDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/**
 * Waits until the started JVM answers (a JVM starting on a busy machine may take a minute), and
 * stops it when it does not.
 */
export async function dynamoDbLocalUp(started: DynamoDbProcess, timeoutMs = 90_000): Promise<DynamoDbLocal> {
  const client = localDynamoDbClient(started.endpoint);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const failure = started.failure();
      if (failure) throw new Error(failure);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return started;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`DynamoDB Local did not answer at ${started.endpoint}: ${String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } catch (error) {
    started.process.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
}

/** Starts DynamoDB Local and waits until it answers. */
export function startDynamoDbLocal(
  options: Parameters<typeof spawnDynamoDbLocal>[0],
): Promise<DynamoDbLocal> {
  return dynamoDbLocalUp(spawnDynamoDbLocal(options));
}

/** Creates the table (its TTL and its stream) from the shared definition unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'exists'> {
  const client = localDynamoDbClient(endpoint);
  try {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    if (TableNames.includes(tableName)) {
      // A table made before it had a stream (an older .local/) gets one.
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (!Table?.StreamSpecification?.StreamEnabled) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            StreamSpecification: createTableInput(tableName).StreamSpecification,
          }),
        );
      }
      return 'exists';
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}
