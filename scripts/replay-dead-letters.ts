/**
 * `npm run replay-dead-letters [-- --list] [file]`: the local event bus's parked events
 * (.local/dead-letters.jsonl by default): what each one is, where it was going and why it failed
 * (a notification e-mail SES kept refusing, a Stripe event a handler could not apply); without
 * `--list`, each is sent to its handler again, against the local stack's emulators (run it while
 * `npm start` runs). Applied events leave the file; failing ones stay.
 */
import { join } from 'node:path';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';
import { describeDeadLetter, listDeadLetters, replayDeadLetters } from '@clubs/infra/local/dead-letters.ts';

const config = loadLocalConfig();
applyEnvironment(handlerEnvironment(config));
const args = process.argv.slice(2);
const listOnly = args.includes('--list');
const file = args.find((arg) => !arg.startsWith('--')) ?? join(config.localDir, 'dead-letters.jsonl');
const parked = await listDeadLetters(file);
console.log(`${file}: ${parked.length} parked`);
for (const letter of parked) console.log(`  ${describeDeadLetter(letter)}`);
if (listOnly) process.exit(0);
const result = await replayDeadLetters(file, { log: (message) => console.log(message) });
console.log(
  `${file}: ${result.replayed} replayed, ${result.failed} failed again (kept), ${result.unreadable} unreadable (kept)`,
);
process.exit(result.failed > 0 ? 1 : 0);
