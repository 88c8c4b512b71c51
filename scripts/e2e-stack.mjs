// The walks' local stack of one lane started by `npm test` while vitest runs, so that its start
// (modules, DynamoDB Local, Vite and the demo seed: about a minute on a 2-core CI machine) is not
// waited for after vitest. It starts at nice 10, so vitest keeps the CPU it wants and the stack takes
// what vitest leaves idle; once vitest ends, every thread of it goes back to nice 0 before the walks,
// which then find it answering and use it (tests/e2e/playwright.config.ts, E2E_STACK_STARTED).
// Lowering a nice value back needs root (CAP_SYS_NICE), so elsewhere Playwright starts the stack
// after vitest as before. The command is Playwright's web server's (tests/e2e/stack.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Whether this process may put the stack's threads back to nice 0 once vitest ends. */
export const canStartEarly = () => process.getuid?.() === 0;

const ended = (child) => child.exitCode !== null || child.signalCode !== null;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The threads of every process in the process group `group`. */
function threadsOfGroup(group) {
  const threads = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's closing parenthesis: state, parent, process group, …
      const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (processGroup === group) threads.push(...readdirSync(`/proc/${pid}/task`).map(Number));
    } catch {
      // The process ended while it was read.
    }
  }
  return threads;
}

/** The process groups of the stacks started and not yet stopped, stopped if `npm test` ends first. */
const running = new Set();
const killAll = () => {
  for (const group of running) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
};
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * Starts the stack for `port` (and the seven ports after it) with a data folder of its own; `env`
 * is the walks' environment. Its output is held until `show` prints it, then printed as it comes.
 */
export function startE2eStack(port, env) {
  const localDir = mkdtempSync(join(tmpdir(), 'clubs-e2e-'));
  const started = Date.now();
  const child = spawn('nice', ['-n', '10', 'npx', 'tsx', 'tests/e2e/start-stack.ts'], {
    env: { ...env, E2E_PORT: String(port), E2E_LOCAL_DIR: localDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that it is stopped whole, Java included.
    detached: true,
  });
  running.add(child.pid);
  child.once('exit', () => running.delete(child.pid));
  const held = [];
  let print;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => (print ? print(line) : held.push(line)));
  }
  return {
    localDir,
    /** Prints what the stack said so far, and then each line as it comes, after `prefix`. */
    show(prefix) {
      print = (line) => console.log(`${prefix}${line}`);
      for (const line of held.splice(0)) print(line);
    },
    /**
     * Back to nice 0, then waits until it answers; false if it ended, or did not answer within
     * `timeoutMs` of this call (its start may lie many minutes back, all of vitest's).
     */
    async ready(timeoutMs = 360_000) {
      for (const thread of threadsOfGroup(child.pid)) {
        try {
          setPriority(thread, 0);
        } catch {
          // A thread that ended meanwhile.
        }
      }
      const deadline = Date.now() + timeoutMs;
      while (!ended(child) && Date.now() < deadline) {
        try {
          if ((await fetch(`http://localhost:${port}/api/health`)).ok) return true;
        } catch {
          // Not listening yet.
        }
        await sleep(500);
      }
      return false;
    },
    /** Seconds from its start until now. */
    seconds: () => ((Date.now() - started) / 1000).toFixed(1),
    /** Stops the whole group: SIGTERM (the stack stops its services), SIGKILL after 15 s. */
    async stop() {
      if (ended(child)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      if ((await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])) === false) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
    },
  };
}
