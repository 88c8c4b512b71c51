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

/**
 * What every local client of DynamoDB Local signs with: the key the handlers use (DYNAMODB_LOCAL_KEY),
 * which names the database when DynamoDB Local runs without -sharedDb.
 */
export const localDynamoDbCredentials = () => ({
  accessKeyId: process.env.DYNAMODB_LOCAL_KEY || 'local',
  secretAccessKey: 'local',
});

export const localDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localDynamoDbCredentials() });

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

/**
 * Turns the table's stream on unless it is: a table made before it had one (an older .local/),
 * or a test file's table once the file starts reading the stream.
 */
export async function ensureTableStream(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoDbClient(endpoint);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.StreamSpecification?.StreamEnabled) return;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: createTableInput(tableName).StreamSpecification,
      }),
    );
  } finally {
    client.destroy();
  }
}

export interface EnsureTableOptions {
  /**
   * Whether the table has its stream (as in AWS; the default). A test file that reads no stream
   * makes its table without one: DynamoDB Local answers every request on a streamed table more
   * slowly the more stream records all its tables hold (a GetItem took 1 ms beside 120 quiet
   * tables, 11 ms beside 120 streamed tables of 300 writes each), and records outlive their table.
   */
  stream?: boolean;
}

/** Creates the table (its TTL and, unless told not to, its stream) from the shared definition unless it exists. */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  options: EnsureTableOptions = {},
): Promise<'created' | 'exists'> {
  const stream = options.stream ?? true;
  const client = localDynamoDbClient(endpoint);
  try {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    if (TableNames.includes(tableName)) {
      if (stream) await ensureTableStream(endpoint, tableName);
      return 'exists';
    }
    const { StreamSpecification, ...withoutStream } = createTableInput(tableName);
    await client.send(
      new CreateTableCommand(stream ? { ...withoutStream, StreamSpecification } : withoutStream),
    );
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
