/**
 * The deploy check (`npm run deploy:check [stage]`): every stack of a stage synthesized as
 * `cdk deploy` synthesizes it, with a concrete account and region, then checked for what would
 * stop CloudFormation or AWS: cdk-nag's AwsSolutions and Serverless findings (an acknowledgement
 * written for placeholders no longer matches once ARNs resolve), cfn-lint on every template,
 * nested ones included, in the region it deploys to, and CloudFormation's template quotas. A
 * production stage's placeholder settings are synthesized as they stand (cdk deploy refuses them;
 * the check reports them), so the checked-in prod stage can be checked on any machine.
 * Functions are not bundled: their code does not change a template's resources.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRAW_MODULE_DIR, DRAW_MODULE_FILE, ENTRY_DOCUMENTS, type EntryDocument } from '@clubs/shared';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { loadStageConfig, placeholderKeys } from '../lib/config.ts';
import { nagPacks } from '../lib/nag.ts';
import { REPO_ROOT, resolveFromRoot } from '../lib/paths.ts';
import { buildStage, type StageEnvironment } from '../lib/stage.ts';
import { cfnLint, cfnLintVersion, type LintMatch } from './cfn-lint.ts';
import { limitProblems, type TemplateFigures, templateFigures } from './template-limits.ts';

/** The account and region the check synthesizes for when the shell names none (`cdk deploy` always has them). */
export const STAND_IN_ENVIRONMENT = { account: '123456789012', region: 'eu-west-1' } as const;

/** The feature flags and defaults of cdk.json, which the CDK CLI hands every app it runs. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * A one-page SPA build in a temporary directory, for synthesizing where web/dist was not built:
 * the templates are the same but for the content's hash. Beside it, a drawing module that draws
 * nothing (each page is its document as built) and the documents it would draw.
 */
export function standInWebDist(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'clubs-web-'));
  const dir = path.join(root, 'dist');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const shell = '<!doctype html><div id="root"></div>';
  writeFileSync(path.join(dir, 'index.html'), shell);
  for (const document of ENTRY_DOCUMENTS as readonly EntryDocument[])
    writeFileSync(path.join(dir, document.file), shell);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  mkdirSync(path.join(root, DRAW_MODULE_DIR));
  writeFileSync(
    path.join(root, DRAW_MODULE_DIR, DRAW_MODULE_FILE),
    'export const drawnDocument = async () => undefined;\n',
  );
  return dir;
}

export interface TemplateReport {
  readonly file: string;
  readonly figures: TemplateFigures;
  readonly overLimits: readonly string[];
}

export interface StackReport {
  readonly name: string;
  readonly region: string;
  /** The stack's own template first, then its nested stacks'. */
  readonly templates: readonly TemplateReport[];
  /** cdk-nag findings no acknowledgement covers: `rule at construct path`. */
  readonly nagFindings: readonly string[];
  /** cfn-lint's matches, or undefined when cfn-lint is not installed. */
  readonly lint?: readonly LintMatch[];
}

export interface DeployCheck {
  readonly stage: string;
  readonly environment: Required<StageEnvironment> & { standIn: boolean };
  /** Settings still holding a placeholder: synthesized as given, refused by `cdk deploy`. */
  readonly placeholders: readonly string[];
  /** Whether a stand-in SPA build was used (web/dist not built). */
  readonly webStandIn: boolean;
  readonly cfnLintVersion?: string;
  readonly stacks: readonly StackReport[];
  /** The cloud assembly the templates are in. */
  readonly outdir: string;
}

export interface CheckOptions {
  readonly stage: string;
  /** CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION, as `cdk deploy` sets them; stand-ins without. */
  readonly environment?: StageEnvironment;
  /** Where the cloud assembly goes (a temporary directory by default). */
  readonly outdir?: string;
  /** Skip cfn-lint (tests of the synthesis alone). */
  readonly lint?: boolean;
}

function templatesOf(stack: Stack, outdir: string): string[] {
  const nested = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => construct instanceof NestedStack)
    .map((child) => path.join(outdir, child.templateFile));
  return [path.join(outdir, stack.templateFile), ...nested];
}

function nagFindingsOf(app: App, stack: Stack): string[] {
  return nagPacks(app).flatMap((pack) =>
    pack
      .validateScope(stack)
      .violations.map(
        (v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
      ),
  );
}

export async function checkStage(options: CheckOptions): Promise<DeployCheck> {
  const config = loadStageConfig({ stage: options.stage });
  const account = options.environment?.account;
  const region = options.environment?.region;
  const environment =
    account && region ? { account, region, standIn: false } : { ...STAND_IN_ENVIRONMENT, standIn: true };
  const webStandIn = !existsSync(path.join(resolveFromRoot(config.webDistDir), 'index.html'));
  const outdir = options.outdir ?? mkdtempSync(path.join(tmpdir(), 'clubs-deploy-check-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), [BUNDLING_STACKS]: [] } });
  const stage = buildStage(
    app,
    { ...config, ...(webStandIn ? { webDistDir: standInWebDist() } : {}) },
    environment,
  );
  app.synth();
  // After synthesis: only then does a nested stack read its parent's resources through parameters,
  // as cdk-nag's findings (and the acknowledgements written for them) spell them on deploy.
  const nag = new Map(stage.stacks.map((stack) => [stack, nagFindingsOf(app, stack)]));
  const version = options.lint === false ? undefined : cfnLintVersion();
  const stacks = await Promise.all(
    stage.stacks.map(async (stack): Promise<StackReport> => {
      const files = templatesOf(stack, outdir);
      return {
        name: stack.stackName,
        region: stack.region,
        templates: files.map((file) => {
          const figures = templateFigures(file);
          return { file: path.basename(file), figures, overLimits: limitProblems(figures) };
        }),
        nagFindings: nag.get(stack) ?? [],
        lint: version ? await cfnLint(files, stack.region) : undefined,
      };
    }),
  );
  return {
    stage: options.stage,
    environment,
    placeholders: placeholderKeys(config),
    webStandIn,
    cfnLintVersion: version,
    stacks,
    outdir,
  };
}

const errorsOf = (stack: StackReport) => (stack.lint ?? []).filter((match) => match.level === 'Error');

/** What makes the check fail: every cdk-nag finding, cfn-lint error and template over a quota. */
export function failuresOf(check: DeployCheck): string[] {
  return check.stacks.flatMap((stack) => [
    ...stack.nagFindings.map((finding) => `${stack.name}: cdk-nag ${finding}`),
    ...errorsOf(stack).map(
      (match) => `${stack.name}: cfn-lint ${match.rule} ${match.file}:${match.line ?? '?'} ${match.message}`,
    ),
    ...stack.templates.flatMap((template) =>
      template.overLimits.map((problem) => `${stack.name}: ${template.file} ${problem}`),
    ),
  ]);
}

/** The check's report: one table row per template, then notices, warnings and failures. */
export function formatCheck(check: DeployCheck): string {
  const { account, region, standIn } = check.environment;
  const lines = [
    `deploy check of stage ${check.stage}: account ${account}, region ${region}${standIn ? ' (stand-ins: set CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION to check yours)' : ''}`,
    check.cfnLintVersion
      ? `cfn-lint: ${check.cfnLintVersion}, settings infra/cfn-lint.yaml`
      : 'cfn-lint: not installed, lint SKIPPED (pip install cfn-lint to run it)',
    '',
    '| stack | region | template | resources | outputs | parameters | KB | cdk-nag findings | cfn-lint errors | cfn-lint warnings |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const stack of check.stacks) {
    stack.templates.forEach((template, i) => {
      const lint = (stack.lint ?? []).filter((match) => match.file === template.file);
      const count = (level: LintMatch['level']) =>
        stack.lint ? String(lint.filter((match) => match.level === level).length) : 'skipped';
      const { resources, outputs, parameters, bytes } = template.figures;
      lines.push(
        `| ${i === 0 ? stack.name : `${stack.name} (nested)`} | ${stack.region} | ${template.file} | ${resources} | ${outputs} | ${parameters} | ${(bytes / 1000).toFixed(0)} | ${i === 0 ? stack.nagFindings.length : '(in its stack)'} | ${count('Error')} | ${count('Warning')} |`,
      );
    });
  }
  if (check.placeholders.length > 0) {
    lines.push(
      '',
      `placeholders synthesized as given (cdk deploy refuses them until set in infra/stages/${check.stage}.json): ${check.placeholders.join(', ')}`,
    );
  }
  if (check.webStandIn) lines.push('web/dist not built: a one-page stand-in SPA was synthesized');
  const warnings = check.stacks.flatMap((stack) =>
    (stack.lint ?? [])
      .filter((match) => match.level !== 'Error')
      .map((match) => `${stack.name}: ${match.rule} ${match.file}:${match.line ?? '?'} ${match.message}`),
  );
  if (warnings.length > 0) lines.push('', 'cfn-lint warnings:', ...warnings.map((w) => `  ${w}`));
  const failures = failuresOf(check);
  lines.push('', failures.length === 0 ? 'deploy check passed' : `deploy check FAILED (${failures.length}):`);
  lines.push(...failures.map((failure) => `  ${failure}`));
  return lines.join('\n');
}
