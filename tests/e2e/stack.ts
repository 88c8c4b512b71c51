/**
 * The whole local stack the walks run against, on its own ports (E2E_PORT and the seven after it)
 * with its own data folder (E2E_LOCAL_DIR) and demo data. Playwright's config starts it as its web
 * server; `npm test` may start it earlier (scripts/test.mjs), with the same command, so both run
 * the stack the same way.
 */
import { stackPortsEnv } from '@clubs/infra/local/ports.ts';

/** The port the walks' site is served on; the stack's services take the seven after it. */
export const e2ePort = (env: NodeJS.ProcessEnv = process.env): number => Number(env.E2E_PORT ?? 5273);

/** The environment the stack starts with, beside E2E_PORT, E2E_LOCAL_DIR and LOCAL_WEB. */
export function stackEnvironment(port: number, localDir: string): Record<string, string> {
  return {
    ...stackPortsEnv(port),
    LOCAL_DIR: localDir,
    // The digests' schedules run only when a spec runs one (mail-support.ts, runDigestNow).
    LOCAL_SCHEDULE_SECONDS: '0',
    // The walks keep DynamoDB Local busy for many minutes (infra/local/dynamodb-process.ts).
    DYNAMODB_LOCAL_JIT: 'throughput',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** The command that starts it, from the repository root (tests/e2e/start-stack.ts). */
export const STACK_COMMAND = 'npx tsx tests/e2e/start-stack.ts';
