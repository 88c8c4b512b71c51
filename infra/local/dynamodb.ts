/**
 * Runs AWS's DynamoDB Local jar (fetched by ./install-dynamodb-local.mjs) with the
 * machine's Java, and creates the table from the shared definition. Used by `npm start`
 * (persistent, -dbPath) and by the test harness (-inMemory, own port).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@clubs/functions/data/table-schema';
import { TABLE } from '@clubs/shared';
import { ensureDynamoDbLocal } from './install-dynamodb-local.mjs';

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Whether `java -version` has answered well already: starting a JVM to ask costs a second on a busy machine. */
let javaFound = false;

export function assertJava(): void {
  if (javaFound) return;
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Java 17 or newer is needed to run DynamoDB Local, and `java` was not found on the PATH. ' +
        'Install it (e.g. `sudo apt-get install -y openjdk-17-jre-headless`) and try again.',
    );
  }
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(`DynamoDB Local needs Java 17 or newer; this machine has Java ${version}.`);
  }
  javaFound = true;
}

export const localDynamoDbClient = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

async function waitUntilUp(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const client = localDynamoDbClient(endpoint);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer at ${endpoint}: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

export async function startDynamoDbLocal(options: {
  port: number;
  /** A folder to persist to; in memory when absent. */
  dbPath?: string;
  host?: string;
}): Promise<DynamoDbLocal> {
  assertJava();
  const dir: string = ensureDynamoDbLocal();
  const args = [
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-Djava.library.path=./DynamoDBLocal_lib',
    '-jar',
    'DynamoDBLocal.jar',
    '-port',
    String(options.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  // -inMemory together with -dbPath makes the jar exit silently: pass exactly one of them.
  if (options.dbPath) {
    mkdirSync(options.dbPath, { recursive: true });
    args.push('-dbPath', options.dbPath);
  } else {
    args.push('-inMemory');
  }
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const endpoint = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  try {
    // A JVM starting on a busy machine may take a minute before it answers.
    await waitUntilUp(endpoint, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** Creates the table (and its TTL) from the shared definition unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'exists'> {
  const client = localDynamoDbClient(endpoint);
  try {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    if (TableNames.includes(tableName)) return 'exists';
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
