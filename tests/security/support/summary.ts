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
  fuzz?: { inputs: number; fiveHundreds: number; wrongShape: number };
  races?: { passed: number; total: number };
  faults?: { passed: number; total: number };
  xss?: { payloads: number; fields: number; pages: number; executed: number };
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

export function formatSummary(report: SecurityReport): string {
  const { matrix, fuzz, races, faults, xss } = report;
  const lines = ['=== security summary'];
  lines.push(
    matrix
      ? `routes × identities: ${matrix.routes} routes × ${matrix.identities} identities, ${matrix.calls} calls (${matrix.allowed} allowed, ${matrix.refused} refused), ${matrix.mismatches} mismatches${matrix.pending ? `; ${matrix.pending} allowed calls answered 501 (route not implemented yet)` : ''}`
      : 'routes × identities: not run',
  );
  lines.push(
    fuzz
      ? `generated bad input: ${fuzz.inputs} inputs tried, ${fuzz.fiveHundreds} 5xx seen, ${fuzz.wrongShape} answers without the error JSON`
      : 'generated bad input: not run',
  );
  lines.push(
    xss
      ? `stored XSS: ${xss.payloads} payloads × ${xss.fields} fields on ${xss.pages} pages, ${xss.executed} executed`
      : 'stored XSS: not run (no browser in this suite)',
  );
  lines.push(races ? `races: ${races.passed}/${races.total} passed` : 'races: not run');
  lines.push(faults ? `faults: ${faults.passed}/${faults.total} passed` : 'faults: not run');
  return lines.join('\n');
}
