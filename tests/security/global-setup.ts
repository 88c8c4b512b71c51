/**
 * The security project: DynamoDB Local as for the integration tests, a folder where each test
 * file leaves its counts, and at the end one summary of the whole suite (what
 * `npm run test:security` prints; scripts/test-security.mjs runs the browser's stored-XSS spec
 * and a minute of mixed load first with the same SECURITY_REPORT_DIR, so their counts are part
 * of it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { setup as startDynamoDb, teardown as stopDynamoDb } from '../integration/global-setup.ts';
import { formatSummary, readReports, runOutcomeOf } from './support/summary.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    securityReportDir: string;
  }
}

let reportDir: string | undefined;

export async function setup(project: TestProject) {
  await startDynamoDb(project);
  reportDir = process.env.SECURITY_REPORT_DIR || mkdtempSync(join(tmpdir(), 'clubs-security-'));
  project.provide('securityReportDir', reportDir);
}

export async function teardown() {
  await stopDynamoDb();
  if (!reportDir) return;
  console.log(
    `\n${formatSummary(
      readReports(reportDir),
      runOutcomeOf(process.env.SECURITY_XSS_RUN),
      runOutcomeOf(process.env.SECURITY_LOAD_RUN),
    )}`,
  );
  if (!process.env.SECURITY_REPORT_DIR) rmSync(reportDir, { recursive: true, force: true });
}
