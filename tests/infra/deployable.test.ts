/**
 * The prod stage deployable as `cdk deploy` builds it: every stack synthesized for a concrete
 * account and region (CDK_DEFAULT_ACCOUNT/REGION, which the tests elsewhere leave unset, so an
 * acknowledgement spelled for placeholders would pass there and fail here), with no open cdk-nag
 * finding, no cfn-lint error on any template, nested ones included, each in its region, and every
 * template within CloudFormation's quotas (infra/ops/deploy-check.ts, `npm run deploy:check`).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EDGE_REGION } from '@clubs/infra/lib/edge-stack.ts';
import { cfnLintVersion } from '@clubs/infra/ops/cfn-lint.ts';
import { checkStage, type DeployCheck, failuresOf } from '@clubs/infra/ops/deploy-check.ts';
import { TEMPLATE_LIMITS } from '@clubs/infra/ops/template-limits.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const environment = { account: '111122223333', region: 'eu-central-1' };
let check: DeployCheck;
// Three stacks synthesized and linted: minutes on a loaded 2-core machine.
beforeAll(async () => {
  check = await checkStage({ stage: 'prod', environment });
}, 600_000);
afterAll(() => {
  if (check) rmSync(check.outdir, { recursive: true, force: true });
});

describe('the prod stage, synthesized with an account and region', () => {
  it('builds the edge, mail, backup copy and main stacks, each in its region, the main one with its nested stack', () => {
    expect(check.environment).toMatchObject({ ...environment, standIn: false });
    expect(check.stacks.map((stack) => [stack.name, stack.region])).toEqual([
      ['ClubsProdEdge', EDGE_REGION],
      ['ClubsProdMail', environment.region],
      ['ClubsProdBackup', 'us-west-2'],
      ['ClubsProd', environment.region],
    ]);
    const main = check.stacks.find((stack) => stack.name === 'ClubsProd');
    expect(main?.templates.length).toBeGreaterThan(1);
  });

  it('has no open cdk-nag finding in any stack', () => {
    expect(check.stacks.flatMap((stack) => stack.nagFindings)).toEqual([]);
  });

  it.skipIf(!cfnLintVersion())('has no cfn-lint error in any template, nested ones included', () => {
    for (const stack of check.stacks) expect(stack.lint, stack.name).toBeDefined();
    const errors = check.stacks.flatMap((stack) =>
      (stack.lint ?? [])
        .filter((match) => match.level === 'Error')
        .map((m) => `${m.rule} ${m.file}: ${m.message}`),
    );
    expect(errors).toEqual([]);
  });

  it('has Cognito send through the SES identity the mail stack verifies (the domain, not the address), the main stack deployed after it', () => {
    type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }> };
    const templates = check.stacks.flatMap((stack) =>
      stack.templates.map(
        (t) => JSON.parse(readFileSync(path.join(check.outdir, t.file), 'utf8')) as Template,
      ),
    );
    const resources = templates.flatMap((t) => Object.values(t.Resources));
    const identities = resources
      .filter((r) => r.Type === 'AWS::SES::EmailIdentity')
      .map((r) => r.Properties?.EmailIdentity);
    expect(identities).toEqual(['clubs.example.com']);
    const pool = resources.find((r) => r.Type === 'AWS::Cognito::UserPool');
    const sourceArn = JSON.stringify(
      (pool?.Properties?.EmailConfiguration as { SourceArn?: unknown } | undefined)?.SourceArn,
    );
    expect(sourceArn).toMatch(/:identity\/clubs\.example\.com"/);
    const mail = check.stacks.find((stack) => stack.name === 'ClubsProdMail');
    const mailTemplate = JSON.parse(
      readFileSync(path.join(check.outdir, mail?.templates[0]?.file ?? ''), 'utf8'),
    ) as Template & { Outputs: Record<string, { Description: unknown }> };
    expect(Object.values(mailTemplate.Resources).map((r) => r.Type)).toContain('AWS::SES::EmailIdentity');
    expect(Object.keys(mailTemplate.Outputs).filter((name) => name.startsWith('DkimRecord'))).toHaveLength(3);
    const manifest = JSON.parse(readFileSync(path.join(check.outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { dependencies?: string[] }>;
    };
    expect(manifest.artifacts.ClubsProd?.dependencies).toContain('ClubsProdMail');
  });

  it("keeps every template inside CloudFormation's quotas", () => {
    for (const stack of check.stacks) {
      for (const template of stack.templates) {
        expect(template.figures.resources, template.file).toBeLessThanOrEqual(TEMPLATE_LIMITS.resources);
        expect(template.figures.bytes, template.file).toBeLessThanOrEqual(TEMPLATE_LIMITS.bytes);
        expect(template.overLimits, template.file).toEqual([]);
      }
    }
    expect(failuresOf(check)).toEqual([]);
  });
});
