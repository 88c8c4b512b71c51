/**
 * DynamoDB Local's Java process: AWS's jar (fetched by ./install-dynamodb-local.mjs) run with the
 * machine's Java. Only Node's own modules, so `npm start` can start the JVM, which takes seconds
 * to answer, before it loads the rest of the stack (start.ts); dynamodb.ts waits for it to answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ensureDynamoDbLocal } from './install-dynamodb-local.mjs';

export interface DynamoDbProcess {
  endpoint: string;
  process: ChildProcess;
  /** Why the process could not start or stopped, as a person can act on it; null while it runs. */
  failure(): string | null;
  stop(): Promise<void>;
}

const JAVA_MISSING =
  'Java 17 or newer is needed to run DynamoDB Local, and `java` was not found on the PATH. ' +
  'Install it (e.g. `sudo apt-get install -y openjdk-17-jre-headless`) and try again.';

/**
 * Starts the JVM without waiting for it. Java is not asked for its version first (each JVM start
 * costs up to a second on a busy machine): a missing `java` fails the spawn, and a Java older
 * than 17 refuses the jar's classes, and either is told as such.
 */
export function spawnDynamoDbLocal(options: {
  port: number;
  /** A folder to persist to; in memory when absent. */
  dbPath?: string;
  host?: string;
  /**
   * `startup` (the default) stops the JIT at its quick first tier, which readies the JVM soonest for
   * `npm start`. `throughput` lets it compile hot code fully, for a JVM that serves minutes of
   * requests (a test project, the walks): the access matrix cost the JVM 90 CPU seconds with the
   * first tier only and 68-75 with both.
   */
  jit?: 'startup' | 'throughput';
  /**
   * Whether every access key shares one database (the default: `npm start`'s data folder is one
   * file). Without it each key has a database of its own, which the test harness gives each test
   * file: a table given its stream after other tables' stream records answers every request more
   * slowly the more records there are (a GetItem 0.6 ms without, 6 ms after 18,600 records, a
   * PutItem 0.9 and 15 ms), and each file's records stay in its own database.
   */
  sharedDb?: boolean;
}): DynamoDbProcess {
  const dir: string = ensureDynamoDbLocal();
  const args = [
    ...(options.jit === 'throughput' ? [] : ['-XX:TieredStopAtLevel=1']),
    '-XX:+UseSerialGC',
    '-Djava.library.path=./DynamoDBLocal_lib',
    '-jar',
    'DynamoDBLocal.jar',
    '-port',
    String(options.port),
    ...(options.sharedDb === false ? [] : ['-sharedDb']),
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
  let spawnError: NodeJS.ErrnoException | null = null;
  child.on('error', (error: NodeJS.ErrnoException) => {
    spawnError = error;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return {
    endpoint: `http://${options.host ?? '127.0.0.1'}:${options.port}`,
    process: child,
    failure() {
      const error = spawnError as NodeJS.ErrnoException | null;
      if (error) return error.code === 'ENOENT' ? JAVA_MISSING : `Java could not start: ${error.message}`;
      if (child.exitCode === null && child.signalCode === null) return null;
      if (stderr.includes('UnsupportedClassVersionError')) {
        return `DynamoDB Local needs Java 17 or newer; \`java -version\` tells which this machine has.\n${stderr}`;
      }
      return `DynamoDB Local exited with ${child.signalCode ?? `code ${child.exitCode}`}\n${stderr}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
