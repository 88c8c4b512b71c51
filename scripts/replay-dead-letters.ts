/**
 * `npm run replay-dead-letters [-- --list] [file]`: the local event bus's parked events
 * (.local/dead-letters.jsonl by default): what each one is, where it was going and why it failed
 * (a notification e-mail SES kept refusing, a Stripe event a handler could not apply); without
 * `--list`, each is sent to its handler again, against the local stack's emulators (run it while
 * `npm start` runs). Applied events leave the file; failing ones stay.
 *
 * `npm run replay-dead-letters -- --stack <name> [--region <region>] [--list]`: the same for a
 * deployment, with the operator's AWS credentials: the dead-letter queues the stack's outputs
 * name (infra/ops/dead-letter-queues.ts), each message listed, and without `--list` each event
 * put back on the app's bus and its message deleted once the bus took it.
 */
import { join } from 'node:path';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';
import { describeDeadLetter, listDeadLetters, replayDeadLetters } from '@clubs/infra/local/dead-letters.ts';
import {
  awsClients,
  deploymentOf,
  describeParked,
  receiveParked,
  release,
  replayParked,
} from '@clubs/infra/ops/dead-letter-queues.ts';

const args = process.argv.slice(2);
const listOnly = args.includes('--list');
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const stackName = option('--stack');

async function replayInAws(stack: string): Promise<number> {
  const clients = awsClients(option('--region'));
  const deployment = await deploymentOf(clients.cloudFormation, stack);
  let failed = 0;
  for (const queue of deployment.queues) {
    const parked = await receiveParked(clients.sqs, queue);
    console.log(`${stack} ${queue.name}: ${parked.length} parked`);
    for (const message of parked) console.log(`  ${describeParked(message)}`);
    if (listOnly) {
      for (const message of parked) await release(clients.sqs, queue.url, message);
      continue;
    }
    const result = await replayParked(clients, deployment.busName, queue.url, parked, (m) => console.log(m));
    console.log(
      `${stack} ${queue.name}: ${result.replayed} replayed, ${result.failed} failed again (kept), ${result.kept} kept`,
    );
    failed += result.failed;
  }
  return failed > 0 ? 1 : 0;
}

async function replayLocally(): Promise<number> {
  const config = loadLocalConfig();
  applyEnvironment(handlerEnvironment(config));
  const file = args.find((arg) => !arg.startsWith('--')) ?? join(config.localDir, 'dead-letters.jsonl');
  const parked = await listDeadLetters(file);
  console.log(`${file}: ${parked.length} parked`);
  for (const letter of parked) console.log(`  ${describeDeadLetter(letter)}`);
  if (listOnly) return 0;
  const result = await replayDeadLetters(file, { log: (message) => console.log(message) });
  console.log(
    `${file}: ${result.replayed} replayed, ${result.failed} failed again (kept), ${result.unreadable} unreadable (kept)`,
  );
  return result.failed > 0 ? 1 : 0;
}

process.exit(stackName ? await replayInAws(stackName) : await replayLocally());
