/**
 * `npm start`: the whole product on one machine, against local emulators of the same AWS APIs.
 * One process tree: DynamoDB Local (a Java child process) and this process, which runs the rest
 * (stack.ts). Ctrl-C (SIGINT) or SIGTERM stops all of it. Data persists under .local/
 * (LOCAL_DIR); `npm run reset` wipes it.
 *
 * DynamoDB Local's JVM and the Vite dev server take seconds to be ready, and so does loading the
 * rest of the stack's modules: this entry imports only what checks the ports and starts those
 * two, starts them, and loads the stack while they come up.
 */
import './quiet-sdk.ts';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type DynamoDbProcess, spawnDynamoDbLocal } from './dynamodb-process.ts';
import { localPlaces, mediaBucketOf, portClaims, urlOf } from './places.ts';
import { assertPortsFree } from './ports.ts';
import { startVite } from './vite.ts';

let dynamodb: DynamoDbProcess | undefined;
/** When each part of the start was ready (performance.now()), shown under the Ready banner. */
const phases: [string, number][] = [];
const killJava = () => {
  if (dynamodb?.process.exitCode === null) dynamodb.process.kill('SIGKILL');
};
// Until the stack has loaded and handles signals itself, a signal stops the JVM and this process.
const stopEarly = () => {
  killJava();
  process.exit(1);
};
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
for (const signal of signals) process.on(signal, stopEarly);
process.on('exit', killJava);

try {
  const places = localPlaces();
  console.log(`Starting Clubs locally (data in ${relative(process.cwd(), places.localDir) || '.'}/)…`);
  // Before the JVM: on a taken port it would fail, or answer for another DynamoDB Local.
  await assertPortsFree(portClaims(places));
  mkdirSync(places.localDir, { recursive: true });
  dynamodb = spawnDynamoDbLocal({
    port: places.ports.dynamodb,
    host: places.host,
    dbPath: join(places.localDir, 'dynamodb'),
    // A stack that serves a long run (the walks) asks for the JIT's full tiers.
    jit: process.env.DYNAMODB_LOCAL_JIT === 'throughput' ? 'throughput' : 'startup',
  });
  const { host, ports } = places;
  // Its proxy reaches the services by the ports they will listen on.
  const vite = startVite({
    root: places.root,
    port: ports.app,
    gatewayUrl: urlOf(host, ports.gateway),
    cognitoUrl: urlOf(host, ports.cognito),
    s3Url: urlOf(host, ports.s3),
    mediaBucket: mediaBucketOf(process.env),
  }).then((service) => {
    phases.push(['Vite', performance.now()]);
    return service;
  });
  // Reported by the stack, which awaits it.
  vite.catch(() => undefined);
  const { runStack } = await import('./stack.ts');
  for (const signal of signals) process.off(signal, stopEarly);
  phases.push(['modules loaded', performance.now()]);
  runStack({ dynamodb, vite, phases });
} catch (error) {
  console.error(`\n[local] ${error instanceof Error ? error.message : String(error)}`);
  killJava();
  process.exit(1);
}
