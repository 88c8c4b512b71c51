/**
 * The smoke test of a deployed site (`npm run smoke -- --url https://…`): what a first visitor
 * and the SPA need, each a check of its own: the API's health (the table answers), the directory
 * API (a page of clubs in its declared shape), the sign-in page (the SPA's entry document) and
 * /config.json (what the SPA reads to reach Cognito). Every check runs, so one report names
 * every failure; a check that throws or times out fails.
 */
import { ENTRY_DOCUMENTS, healthSchema, ROUTES, runtimeConfigSchema } from '@clubs/shared';

export interface SmokeResult {
  readonly name: string;
  readonly url: string;
  readonly ok: boolean;
  /** What was seen: the status and, when it failed, why. */
  readonly detail: string;
}

/** Seconds one check may take (CloudFront's first request to a cold function included). */
export const SMOKE_TIMEOUT_MS = 15_000;

const SIGN_IN_PATH = '/login';

interface Check {
  readonly name: string;
  readonly path: string;
  /** Why the answer is wrong, or undefined when it is right. */
  readonly judge: (response: Response, body: string) => string | undefined;
}

function json(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('json');

const CHECKS: readonly Check[] = [
  {
    name: 'API health',
    path: ROUTES.health.path,
    judge: (response, body) => {
      const health = healthSchema.safeParse(json(body));
      if (!health.success) return 'not a health report';
      return response.ok && health.data.status === 'ok' ? undefined : `status ${health.data.status}`;
    },
  },
  {
    name: 'directory API',
    path: `${ROUTES.listClubs.path}?limit=1`,
    judge: (response, body) =>
      response.ok && isJson(response) && ROUTES.listClubs.response.safeParse(json(body)).success
        ? undefined
        : 'not a page of clubs',
  },
  {
    name: 'sign-in page',
    path: SIGN_IN_PATH,
    judge: (response, body) =>
      response.ok &&
      (response.headers.get('content-type') ?? '').includes('text/html') &&
      body.includes('id="root"')
        ? undefined
        : 'not the SPA document',
  },
  {
    name: '/config.json',
    path: '/config.json',
    judge: (response, body) => {
      const config = runtimeConfigSchema.safeParse(json(body));
      return response.ok && config.success ? undefined : 'not the runtime configuration';
    },
  },
];

if (!ENTRY_DOCUMENTS.some((document) => document.route === SIGN_IN_PATH)) {
  throw new Error(`${SIGN_IN_PATH} is no entry document of the site`);
}

async function run(check: Check, base: URL, timeoutMs: number): Promise<SmokeResult> {
  const url = new URL(check.path, base).toString();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    const body = await response.text();
    const problem = check.judge(response, body);
    return {
      name: check.name,
      url,
      ok: problem === undefined,
      detail: problem ? `${response.status}: ${problem}` : String(response.status),
    };
  } catch (error) {
    return {
      name: check.name,
      url,
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Every check against the site at `baseUrl` (its origin: https://clubs.example.com). */
export async function smoke(baseUrl: string, timeoutMs = SMOKE_TIMEOUT_MS): Promise<SmokeResult[]> {
  const base = new URL(baseUrl);
  return Promise.all(CHECKS.map((check) => run(check, base, timeoutMs)));
}

export function formatSmoke(results: readonly SmokeResult[]): string {
  const lines = results.map((r) => `${r.ok ? 'pass' : 'FAIL'}  ${r.name.padEnd(14)} ${r.url}  ${r.detail}`);
  const failed = results.filter((r) => !r.ok).length;
  lines.push(
    failed === 0
      ? `smoke test passed (${results.length} checks)`
      : `smoke test FAILED (${failed} of ${results.length})`,
  );
  return lines.join('\n');
}
