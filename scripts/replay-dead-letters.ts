/**
 * `npm run replay-dead-letters [file]`: sends the local event bus's parked events
 * (.local/dead-letters.jsonl by default) to their handlers again, against the local stack's
 * emulators (run it while `npm start` runs). Applied events leave the file; failing ones stay.
 */
import { join } from 'node:path';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';
import { replayDeadLetters } from '@clubs/infra/local/dead-letters.ts';

const config = loadLocalConfig();
applyEnvironment(handlerEnvironment(config));
const file = process.argv[2] ?? join(config.localDir, 'dead-letters.jsonl');
const result = await replayDeadLetters(file, { log: (message) => console.log(message) });
console.log(
  `${file}: ${result.replayed} replayed, ${result.failed} failed again (kept), ${result.unreadable} unreadable (kept)`,
);
process.exit(result.failed > 0 ? 1 : 0);
