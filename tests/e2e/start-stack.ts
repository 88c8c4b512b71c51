/**
 * Starts the walks' local stack (stack.ts) for E2E_PORT and E2E_LOCAL_DIR: Playwright's web server,
 * or `npm test` before the walks. Stops it on SIGINT or SIGTERM, as `npm start` does.
 */
import { e2ePort, stackEnvironment } from './stack.ts';

const localDir = process.env.E2E_LOCAL_DIR;
if (!localDir) throw new Error('E2E_LOCAL_DIR must name the walks’ data folder');
Object.assign(process.env, stackEnvironment(e2ePort(), localDir));
await import('@clubs/infra/local/start.ts');
