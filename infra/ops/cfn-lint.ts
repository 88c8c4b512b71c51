/**
 * `cfn-lint` (AWS's CloudFormation linter, a Python tool) over synthesized templates, in the
 * region each is deployed to, with the settings of infra/cfn-lint.yaml (the one place a warning
 * class is ignored, each with its reason). Where cfn-lint is not installed the lint is skipped
 * and says so: it is an extra check of the templates, not a condition of building them.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../lib/paths.ts';

export const CFN_LINT_CONFIG = path.join(REPO_ROOT, 'infra', 'cfn-lint.yaml');

export interface LintMatch {
  readonly rule: string;
  readonly level: 'Error' | 'Warning' | 'Informational';
  readonly message: string;
  readonly file: string;
  readonly line?: number;
}

/** cfn-lint's version, or undefined when it is not installed. */
export function cfnLintVersion(): string | undefined {
  const run = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return undefined;
  return run.stdout.trim();
}

interface RawMatch {
  Rule: { Id: string };
  Level: LintMatch['level'];
  Message: string;
  Filename: string;
  Location?: { Start?: { LineNumber?: number } };
}

/** Lints `files` for `region`; every match cfn-lint reports (ignored classes excluded). */
export function cfnLint(files: readonly string[], region: string): Promise<LintMatch[]> {
  const args = ['--format', 'json', '--config-file', CFN_LINT_CONFIG, '--regions', region, '--', ...files];
  return new Promise((resolve, reject) => {
    const child = spawn('cfn-lint', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      // cfn-lint's exit code is a set of bits: 2 errors, 4 warnings, 8 informational, and 1 when it failed itself.
      if (code === null || (code & 1) === 1 || !stdout.trim().startsWith('[')) {
        reject(new Error(`cfn-lint failed (exit ${code}): ${stderr.trim() || stdout.trim()}`));
        return;
      }
      const raw = JSON.parse(stdout) as RawMatch[];
      resolve(
        raw.map((match) => ({
          rule: match.Rule.Id,
          level: match.Level,
          message: match.Message,
          file: path.basename(match.Filename),
          line: match.Location?.Start?.LineNumber,
        })),
      );
    });
  });
}
