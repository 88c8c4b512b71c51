/** Each security test file records its counts here; the project's teardown prints one summary. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SecurityReport {
  matrix?: {
    routes: number;
    identities: number;
    calls: number;
    allowed: number;
    refused: number;
    mismatches: number;
    pending: number;
  };
  /** The /api/v1 routes called with the fixture clubs' API keys (tests/security/matrix.test.ts). */
  apiKeys?: { routes: number; calls: number; mismatches: number };
  fuzz?: { inputs: number; fiveHundreds: number; wrongShape: number };
  races?: { passed: number; total: number };
  faults?: { passed: number; total: number };
  /** Written by `npm run bench:load` (scripts/test-security.mjs runs it for a minute). */
  load?: {
    minutes: number;
    requests: number;
    perSecond: number;
    fiveHundreds: number;
    oddities: number;
    counters: number;
    mismatches: number;
  };
  /** Written by the browser spec tests/e2e/stored-xss.spec.ts (scripts/test-security.mjs runs it). */
  xss?: {
    payloads: number;
    fields: number;
    written: number;
    pages: number;
    executed: number;
    injected: number;
    blocked: number;
    notShown: number;
  };
}

export function writeReport(dir: string, name: string, report: SecurityReport): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(report));
}

export function readReports(dir: string): SecurityReport {
  const total: SecurityReport = {};
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return total;
  }
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SecurityReport;
    for (const [key, value] of Object.entries(report) as [keyof SecurityReport, Record<string, number>][]) {
      const into = (total[key] ?? {}) as Record<string, number>;
      for (const [field, n] of Object.entries(value)) {
        into[field] =
          field === 'routes' || field === 'identities'
            ? Math.max(into[field] ?? 0, n)
            : (into[field] ?? 0) + n;
      }
      (total as Record<string, unknown>)[key] = into;
    }
  }
  return total;
}

/**
 * How a run that scripts/test-security.mjs starts before the project went in this invocation, as
 * it tells the project (SECURITY_XSS_RUN for the browser's stored-XSS run, SECURITY_LOAD_RUN for
 * the minute of mixed load): passed, failed, or not run (plain `vitest`, e.g. in npm test, where
 * the spec runs in the end-to-end step instead). The value is passed in, so a test of this
 * reading does not depend on how the suite itself was started.
 */
export type RunOutcome = 'passed' | 'failed' | 'not_run';

export const runOutcomeOf = (value: string | undefined): RunOutcome =>
  value === 'passed' || value === 'failed' ? value : 'not_run';

/** The summary's mixed-load line; `run` says how `npm run bench:load` ended, when that is known. */
export function loadLine(load: SecurityReport['load'], run?: RunOutcome): string {
  if (!load) {
    return run === 'failed'
      ? 'mixed load: the run failed before it measured anything (see its output above)'
      : 'mixed load: not run in this invocation (npm run bench:load; npm run test:security runs it for a minute)';
  }
  return `mixed load: ${load.minutes} min through the local gateway, ${load.requests} requests (${load.perSecond}/s), ${load.fiveHundreds} 5xx, ${load.oddities} answers neither 2xx nor 4xx; books: ${load.counters} counters checked, ${load.mismatches} mismatches${run === 'failed' ? ' (the load run failed)' : ''}`;
}

/** The summary's stored-XSS line; `run` says how the browser run ended, when that is known. */
export function xssLine(xss: SecurityReport['xss'], run?: RunOutcome): string {
  if (!xss) {
    return run === 'failed'
      ? 'stored XSS: the browser run failed before it measured anything (see its output above)'
      : 'stored XSS: not run in this invocation (tests/e2e/stored-xss.spec.ts runs in headless Chromium: npm run test:security, or the end-to-end step of npm test)';
  }
  return `stored XSS: payloads executed: ${xss.executed} of ${xss.payloads} written through ${xss.fields} fields (${xss.written} texts), ${xss.pages} pages opened; ${xss.injected} turned into markup, ${xss.blocked} blocked-script console messages, ${xss.notShown} texts not shown${run === 'failed' ? ' (the browser run failed)' : ''}`;
}

export function formatSummary(
  report: SecurityReport,
  xssRun: RunOutcome = 'not_run',
  loadRun: RunOutcome = 'not_run',
): string {
  const { matrix, apiKeys, fuzz, races, faults, xss, load } = report;
  const lines = ['=== security summary'];
  lines.push(
    matrix
      ? `routes × identities: ${matrix.routes} routes × ${matrix.identities} identities, ${matrix.calls} calls (${matrix.allowed} allowed, ${matrix.refused} refused), ${matrix.mismatches} mismatches${matrix.pending ? `; ${matrix.pending} allowed calls answered 501 (route not implemented yet)` : ''}`
      : 'routes × identities: not run',
  );
  lines.push(
    apiKeys
      ? `API keys: ${apiKeys.routes} /api/v1 routes, ${apiKeys.calls} calls with the club's, another club's, a scopeless, a revoked or no key, ${apiKeys.mismatches} mismatches`
      : 'API keys: not run',
  );
  lines.push(
    fuzz
      ? `generated bad input: ${fuzz.inputs} inputs tried, ${fuzz.fiveHundreds} 5xx seen, ${fuzz.wrongShape} answers without the error JSON`
      : 'generated bad input: not run',
  );
  lines.push(xssLine(xss, xssRun));
  lines.push(races ? `races: ${races.passed}/${races.total} passed` : 'races: not run');
  lines.push(faults ? `faults: ${faults.passed}/${faults.total} passed` : 'faults: not run');
  lines.push(loadLine(load, loadRun));
  return lines.join('\n');
}
