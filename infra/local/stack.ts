/**
 * The local stack that `npm start` (start.ts) runs once it has started DynamoDB Local's JVM: in
 * this process cognito-local, s3rver, the SES v2 emulator, the local API gateway, the local
 * event bus, the Stripe simulator and the Vite dev server, then the demo data's seeding. Ctrl-C
 * (SIGINT) or SIGTERM stops all of it, the Java child too. Data persists under .local/
 * (LOCAL_DIR); `npm run reset` wipes it.
 */
import './quiet-sdk.ts';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runtimeConfigSchema } from '@clubs/shared';
import { startCognitoLocal } from './cognito.ts';
import { cognitoTriggerHandlers } from './cognito-triggers.ts';
import {
  applyEnvironment,
  handlerEnvironment,
  LOCAL_REGION,
  LOCAL_USER_POOL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  loadLocalConfig,
  urlOf,
} from './config.ts';
import { routeStructuredLogs } from './console-logs.ts';
import { type DynamoDbLocal, dynamoDbLocalUp, ensureTable } from './dynamodb.ts';
import type { DynamoDbProcess } from './dynamodb-process.ts';
import { startEventBus } from './event-bus.ts';
import { startGateway } from './gateway.ts';
import { startS3Local } from './s3.ts';
import { scheduleIntervalMs, startLocalSchedules } from './schedules.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/data.ts';
import { isSeeded } from './seed/state.ts';
import { startSesLocal } from './ses.ts';
import { type StripeSimulator, startStripeSimulator } from './stripe-simulator/index.ts';
import type { LocalVite } from './vite.ts';

/** Seconds since this Node process began (performance.now() counts from the process start). */
const seconds = (at = performance.now()) => (at / 1000).toFixed(1);

interface Running {
  name: string;
  stop(): Promise<void>;
}

/** What is running, in start order; stopped in reverse. */
const running: Running[] = [];
/** Starts under way: a shutdown waits for them, so nothing starts after it and lingers. */
const starting: Promise<unknown>[] = [];
let dynamodb: DynamoDbLocal | undefined;
let shuttingDown = false;

const log = (message: string) => console.log(`[local] ${message}`);

async function stopAll(): Promise<void> {
  for (const service of running.splice(0).reverse()) {
    try {
      await Promise.race([
        service.stop(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 5000).unref()),
      ]);
    } catch (error) {
      console.error(`[local] could not stop ${service.name}: ${(error as Error).message}`);
    }
  }
}

async function shutdown(code: number, reason?: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  if (reason) console.log(`\n[local] ${reason}`);
  await Promise.race([
    Promise.allSettled(starting),
    new Promise((resolve) => setTimeout(resolve, 35_000).unref()),
  ]);
  await stopAll();
  if (code === 0) console.log('[local] Stopped.');
  process.exit(code);
}

let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!shuttingDown) {
      firstSignalAt = Date.now();
      void shutdown(0, `${signal}: stopping…`);
      return;
    }
    // One Ctrl-C often arrives more than once (the terminal signals the whole group, and npm and
    // tsx pass it on again). A deliberate second Ctrl-C later on leaves at once; the Java child
    // is killed on exit.
    if (Date.now() - firstSignalAt > 2000) process.exit(1);
  });
}
process.on('uncaughtException', (error) => {
  console.error('[local] unexpected error:', error);
  void shutdown(1);
});
// A stray rejected promise (say, in one request) is reported but does not take the stack down.
process.on('unhandledRejection', (error) => {
  console.error('[local] unhandled rejection:', error);
});
// Whatever happens, never leave the Java process behind.
process.on('exit', () => {
  if (dynamodb && dynamodb.process.exitCode === null) dynamodb.process.kill('SIGKILL');
});

/** The parent pid of a process, from /proc (Linux); null where that is not available. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), "(name) state ppid ...".
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
}

/**
 * `npm start` runs npm → tsx → this process. npm does not pass a SIGTERM sent to it alone on to
 * its script, so when the process that launched us goes away, stop as if signalled.
 */
function stopWhenOrphaned(): void {
  const parent = process.ppid;
  const grandparent = parentOf(parent);
  const timer = setInterval(() => {
    const orphaned =
      process.ppid !== parent ||
      (grandparent !== null && grandparent > 1 && parentOf(parent) !== grandparent);
    if (orphaned) {
      clearInterval(timer);
      void shutdown(0, 'the launching process exited: stopping…');
    }
  }, 1000);
  timer.unref();
}
stopWhenOrphaned();

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer in time (last answer: ${last})`);
}

/** What start.ts did before loading this module: the JVM and Vite it started, and when. */
export interface EarlyStart {
  dynamodb: DynamoDbProcess;
  vite: Promise<LocalVite>;
  /** When each part of the start was ready (performance.now()), shown under the Ready banner. */
  phases: [string, number][];
}

async function main(early: EarlyStart): Promise<void> {
  const { phases } = early;
  const phase = (name: string) => phases.push([name, performance.now()]);
  // The functions log as in AWS (Powertools' JSON) at INFO unless POWERTOOLS_LOG_LEVEL says
  // otherwise (LOG_LEVEL=DEBUG or TRACE lowers it): all of it goes to .local/logs/, and the
  // console shows LOG_LEVEL and above (WARN unless set) as readable lines (console-logs.ts).
  const consoleLevel = (process.env.LOG_LEVEL || 'WARN').toUpperCase();
  process.env.POWERTOOLS_LOG_LEVEL ||= ['DEBUG', 'TRACE'].includes(consoleLevel) ? consoleLevel : 'INFO';
  const config = loadLocalConfig();
  const { ports, host, localDir } = config;
  // The seed's modules load only when it will seed (a restart of a seeded folder spares that
  // time), and then at once, while the services come up.
  const loadSeedModules = () =>
    Promise.all([import('./seed/index.ts'), import('./stripe-simulator/demo.ts')]);
  const alreadySeeded = isSeeded(localDir);
  const seedModules = config.seed && !alreadySeeded ? loadSeedModules() : undefined;
  seedModules?.catch(() => undefined);
  const logFile = join(localDir, 'logs', 'functions.jsonl');
  routeStructuredLogs({
    file: logFile,
    level: consoleLevel,
    format: process.env.LOG_FORMAT === 'json' ? 'json' : 'text',
  });
  mkdirSync(localDir, { recursive: true });
  // The handlers (gateway, event bus) and the seed read these, as they read CDK's in AWS.
  applyEnvironment(handlerEnvironment(config));

  const appOrigins = [`http://localhost:${ports.app}`, `http://127.0.0.1:${ports.app}`];
  const track = <T extends { stop(): Promise<void> }>(name: string, service: T): T => {
    running.push({ name, stop: () => service.stop() });
    return service;
  };

  // The JVM was started by start.ts before this module loaded (stopped with the rest once up).
  dynamodb = early.dynamodb;
  const dynamoDbReady = dynamoDbLocalUp(early.dynamodb).then(async (db) => {
    dynamodb = db;
    track('DynamoDB Local', db);
    db.process.once('exit', (code, signal) => {
      // Give a terminal Ctrl-C (which reaches Java too) a moment to be seen as a shutdown.
      setTimeout(() => {
        if (!shuttingDown)
          void shutdown(1, `DynamoDB Local stopped unexpectedly (${signal ?? `code ${code}`}).`);
      }, 200);
    });
    await ensureTable(db.endpoint, config.tableName);
    phase('DynamoDB Local');
    return db;
  });
  starting.push(dynamoDbReady);
  dynamoDbReady.catch(() => undefined);

  // Vite was started by start.ts too.
  const vite = early.vite.then((service) => track('Vite', service));
  starting.push(vite);
  vite.catch(() => undefined);

  const bus = track(
    'event bus',
    await startEventBus({
      port: ports.events,
      host,
      busName: config.eventBusName,
      deadLetterFile: join(localDir, 'dead-letters.jsonl'),
      schedulesFile: join(localDir, 'schedules.json'),
      stream: {
        endpoint: early.dynamodb.endpoint,
        tableName: config.tableName,
        checkpointFile: join(localDir, 'stream-checkpoints.json'),
      },
      functions: cognitoTriggerHandlers,
      log: (message) => console.error(message),
    }),
  );
  // Stripe: the simulator unless STRIPE_SECRET_KEY selects Stripe's own test mode (config.ts).
  let stripeSimulator: StripeSimulator | undefined;
  if (config.stripe.mode === 'simulator') {
    stripeSimulator = track(
      'Stripe simulator',
      await startStripeSimulator({
        port: ports.stripe,
        host,
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        webhookUrl: `${urlOf(host, ports.gateway)}/api/webhooks/stripe`,
        stateFile: join(localDir, 'stripe-simulator.json'),
        log: (message) => console.error(message),
      }),
    );
  }
  const services = [
    startCognitoLocal({
      port: ports.cognito,
      host,
      dataDir: join(localDir, 'cognito'),
      lambdaEndpoint: bus.url,
    }).then((service) => track('cognito-local', service)),
    startS3Local({
      port: ports.s3,
      host,
      directory: join(localDir, 's3'),
      buckets: [config.mediaBucket],
      allowedOrigins: appOrigins,
    }).then((service) => track('s3rver', service)),
    startSesLocal({ port: ports.ses, host }).then((service) => track('SES emulator', service)),
    startGateway({
      port: ports.gateway,
      host,
      userPoolId: LOCAL_USER_POOL_ID,
      clientId: LOCAL_USER_POOL_CLIENT_ID,
      jwksUrl: `${urlOf(host, ports.cognito)}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
      runtimeConfig: runtimeConfigSchema.parse({
        stage: 'local',
        region: LOCAL_REGION,
        userPoolId: LOCAL_USER_POOL_ID,
        userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
        userPoolEndpoint: '/cognito',
        authFlow: 'USER_PASSWORD_AUTH',
        mediaBaseUrl: '/media',
      }),
      // One short line per API request: method, path, status, time and the function that answered.
      onRequest: ({ method, path, status, ms, group }) => {
        console.log(`${method.padEnd(6)} ${path} ${status} ${ms.toFixed(0)} ms${group ? ` ${group}` : ''}`);
      },
      onError: (error, { group, path }) => {
        console.error(`[gateway] ${group ?? '-'} ${path}:`, error);
      },
      startClosed: true,
      warmLater: true,
    }).then((service) => track('gateway', service)),
  ] as const;
  for (const service of services) {
    starting.push(service);
    service.catch(() => undefined);
  }
  const [cognito, s3, ses, gateway] = await Promise.all(services);
  phase('services');

  const db = await dynamoDbReady;
  let seeded: 'seeded' | 'skipped' | 'disabled' = alreadySeeded ? 'skipped' : 'disabled';
  if (config.seed && seeded !== 'skipped') {
    const [{ seedDemoData }, { demoBillingSeeder }] = await (seedModules ?? loadSeedModules());
    // One progress line, rewritten in place on a terminal (once, at the end, elsewhere).
    const tty = process.stdout.isTTY;
    const result = await seedDemoData({
      progress: (done, total) => {
        if (tty) process.stdout.write(`\r[local] seeding demo data: ${done}/${total} clubs`);
      },
      localDir,
      cognitoEndpoint: cognito.url,
      userPoolId: LOCAL_USER_POOL_ID,
      s3Endpoint: s3.url,
      bucket: config.mediaBucket,
      onClubSeeded: stripeSimulator ? demoBillingSeeder(stripeSimulator.simulator) : undefined,
    });
    seeded = result.status;
    if (tty && result.status === 'seeded') process.stdout.write('\n');
    if (result.status === 'seeded') {
      log(`demo data seeded in ${(result.ms / 1000).toFixed(1)} s`);
      phase('demo data seeded');
    }
  }
  await vite;
  gateway.open();
  // The digests' schedules, on a short interval instead of their UTC hour (0 turns them off).
  const scheduleEvery = scheduleIntervalMs();
  if (scheduleEvery > 0)
    track('schedules', startLocalSchedules({ intervalMs: scheduleEvery, log: console.error }));
  const appUrl = `http://localhost:${ports.app}`;
  await waitForHealth(`${appUrl}/api/health`, 30_000);

  console.log(`\nReady: ${appUrl}   (started in ${seconds()} s)`);
  const timeline = phases.sort(([, a], [, b]) => a - b).map(([name, at]) => `${name} ${seconds(at)}`);
  console.log(`Seconds from start: ${timeline.join(' · ')}`);
  console.log(`Mail sent by the app (invitations): ${ses.url}`);
  console.log(
    `Function logs (JSON): ${relative(process.cwd(), logFile)}; the console shows ${consoleLevel} and above (LOG_LEVEL, LOG_FORMAT=json)\n`,
  );
  if (seeded === 'disabled') {
    console.log('Demo data: not seeded (SEED=0).');
  } else {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_LOGINS) {
      console.log(`  ${account.email.padEnd(20)} ${account.name.padEnd(14)} ${account.role}`);
    }
  }
  console.log(
    `\nServices: gateway ${gateway.url} · DynamoDB ${db.endpoint} · cognito-local ${cognito.url} · ` +
      `s3rver ${s3.url} · SES emulator ${ses.url} · event bus ${bus.url} · ` +
      (stripeSimulator
        ? `Stripe simulator ${stripeSimulator.publicUrl}`
        : 'Stripe test mode (STRIPE_SECRET_KEY)'),
  );
  console.log(
    scheduleEvery > 0
      ? `Digests: their schedules run every ${scheduleEvery / 1000} s (LOCAL_SCHEDULE_SECONDS); \`npm run digest\` runs one now.`
      : 'Digests: schedules off (LOCAL_SCHEDULE_SECONDS=0); `npm run digest` runs one now.',
  );
  console.log('Ctrl-C stops everything; `npm run reset` wipes the local data.');
  void gateway.warm();
}

/** Runs the stack around the JVM start.ts started; a failure stops everything started. */
export function runStack(early: EarlyStart): void {
  main(early).catch((error: unknown) => {
    console.error(`\n[local] ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    void shutdown(1);
  });
}
