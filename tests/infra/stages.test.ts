/**
 * Stages: each stage's settings are a checked-in file validated by the config schema and
 * selected by `-c stage=…`; settings given with `-c` are refused; a production stage refuses to
 * run without the values it needs or with placeholders left in them; two stages synthesize side by side with distinct names.
 */

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ClubsStack } from '@clubs/infra/lib/clubs-stack.ts';
import {
  type ClubsConfig,
  DEFAULT_STAGE,
  loadStageConfig,
  parseConfig,
  placeholderKeys,
  refusePlaceholders,
  stageNames,
} from '@clubs/infra/lib/config.ts';
import { REPO_ROOT } from '@clubs/infra/lib/paths.ts';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { configProblems, fakeWebDist, logicalId, newApp } from './app.ts';

describe('stage settings', () => {
  it('has a dev and a prod stage, each valid, dev without -c stage', () => {
    expect(stageNames()).toEqual(expect.arrayContaining(['dev', 'prod']));
    for (const stage of stageNames())
      expect(
        configProblems(() => loadStageConfig({ stage })),
        stage,
      ).toEqual([]);
    expect(DEFAULT_STAGE).toBe('dev');
    expect(loadStageConfig({}).stage).toBe('dev');
  });

  it('marks prod as production, with the values production needs', () => {
    const prod = loadStageConfig({ stage: 'prod' });
    expect(prod).toMatchObject({ stage: 'prod', production: true });
    expect(prod.superAdminEmail).toBeDefined();
    expect(prod.alarmEmail).toBeDefined();
    expect(loadStageConfig({ stage: 'dev' }).production).toBe(false);
  });

  it('refuses settings given with -c, naming the file they belong in', () => {
    expect(
      configProblems(() =>
        loadStageConfig({
          stage: 'prod',
          googleClientId: '1-a.apps.googleusercontent.com',
          siteDomain: 'x.example',
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^googleClientId: set it in infra\/stages\/prod\.json, not with -c/),
      expect.stringMatching(/^siteDomain: set it in infra\/stages\/prod\.json, not with -c/),
    ]);
    // CDK's own context (feature flags) is not configuration.
    expect(
      configProblems(() => loadStageConfig({ stage: 'dev', '@aws-cdk/core:checkSecretUsage': true })),
    ).toEqual([]);
  });

  it('refuses an unknown stage, listing the known ones', () => {
    expect(configProblems(() => loadStageConfig({ stage: 'staging' }))).toEqual([
      expect.stringMatching(/^stage: no stage "staging" \(infra\/stages has .*dev.*prod/),
    ]);
    expect(configProblems(() => loadStageConfig({ stage: '../prod' }))).toHaveLength(1);
  });

  it('refuses a production stage without a super-admin or an alarm e-mail, its web ACL, a sender, a domain or its certificate', () => {
    expect(configProblems(() => parseConfig({ production: true }))).toEqual([
      'superAdminEmail: is required in a production stage',
      'alarmEmail: is required in a production stage',
      'webAclArn: is required in a production stage',
      'sesFromEmail: is required in a production stage',
      'siteDomain: is required in a production stage',
      'certificateArn: is required in a production stage',
    ]);
    expect(
      configProblems(() =>
        parseConfig({
          production: 'true',
          superAdminEmail: 'a@b.example',
          sesFromEmail: 'no-reply@b.example',
          siteDomain: 'clubs.b.example',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
          webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/ClubsProdEdge/abc',
        }),
      ),
    ).toEqual(['alarmEmail: is required in a production stage']);
    expect(configProblems(() => parseConfig({}))).toEqual([]);
  });

  it('`cdk synth -c stage=prod` refuses the checked-in placeholders, naming each and the file to fix', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/bin/app.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify({ stage: 'prod' }) },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    for (const key of ['siteDomain', 'certificateArn', 'superAdminEmail', 'alarmEmail', 'sesFromEmail']) {
      expect(run.stderr).toContain(`${key}: still a placeholder`);
    }
    expect(run.stderr).toContain('infra/stages/prod.json');
  });

  it('builds only the edge stack while webAclArn alone is a placeholder; refuses nothing outside production', () => {
    const filledIn = {
      ...loadStageConfig({ stage: 'prod' }),
      siteDomain: 'clubs.acme.io',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      superAdminEmail: 'founder@acme.io',
      alarmEmail: 'ops@acme.io',
      sesFromEmail: 'no-reply@clubs.acme.io',
      sesIdentityDomain: 'clubs.acme.io',
    };
    expect(placeholderKeys(filledIn)).toEqual(['webAclArn']);
    expect(refusePlaceholders(filledIn)).toEqual({ awaitingWebAcl: true });
    const deployed = {
      ...filledIn,
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/ClubsProd-edge/abc',
    };
    expect(refusePlaceholders(deployed)).toEqual({ awaitingWebAcl: false });
    expect(
      placeholderKeys({ ...deployed, googleClientId: '000000000000-x.apps.googleusercontent.com' }),
    ).toEqual(['googleClientId']);
    expect(refusePlaceholders(loadStageConfig({ stage: 'dev' }))).toEqual({ awaitingWebAcl: false });
  });
});

describe('two stages side by side', () => {
  const stacks = new Map<string, { stack: ClubsStack; template: Template; config: ClubsConfig }>();

  beforeAll(() => {
    const webDistDir = fakeWebDist();
    for (const stage of ['dev', 'prod']) {
      const config = { ...loadStageConfig({ stage }), webDistDir };
      const app = newApp({ 'aws:cdk:bundling-stacks': [] });
      const stack = new ClubsStack(app, config.stackName, { config });
      stacks.set(stage, { stack, template: Template.fromStack(stack), config });
    }
  });

  const of = (stage: string) => {
    const found = stacks.get(stage);
    if (!found) throw new Error(stage);
    return found;
  };

  it('have distinct stack names, hosted domains and Google secret names', () => {
    const [dev, prod] = [of('dev'), of('prod')];
    expect(dev.stack.stackName).not.toBe(prod.stack.stackName);
    expect(dev.config.googleClientSecretName).not.toBe(prod.config.googleClientSecretName);
    const domain = (stage: string) =>
      JSON.stringify(Object.values(of(stage).template.findResources('AWS::Cognito::UserPoolDomain'))[0]);
    expect(domain('dev')).not.toBe(domain('prod'));
  });

  it("name the media bucket after the stage's stack and the stack's own id, so neither collides", () => {
    for (const stage of ['dev', 'prod']) {
      const { stack, template } = of(stage);
      const bucket = template.toJSON().Resources[logicalId(stack.media.bucket)];
      const name = JSON.stringify(bucket.Properties.BucketName);
      expect(name).toContain(`${stack.stackName.toLowerCase()}-media-`);
      expect(name).toContain('AWS::StackId');
      expect(Stack.of(stack.media).resolve(stack.media.uploadDomain)).toBeDefined();
    }
  });

  it('withholds super_admin from tokens without TOTP MFA in prod (the pre-token-generation trigger), not in dev', () => {
    const triggers = (stage: string) =>
      Object.values(of(stage).template.findResources('AWS::Cognito::UserPool'))[0]?.Properties.LambdaConfig;
    expect(of('prod').config.superAdminMfa).toBe(true);
    expect(of('prod').stack.auth.preTokenGeneration).toBeDefined();
    expect(triggers('prod')).toHaveProperty('PreTokenGeneration');
    expect(of('dev').config.superAdminMfa).toBe(false);
    expect(of('dev').stack.auth.preTokenGeneration).toBeUndefined();
    expect(triggers('dev')).not.toHaveProperty('PreTokenGeneration');
  });

  it('protects the production stack from deletion, and only it', () => {
    expect(of('prod').stack.terminationProtection).toBe(true);
    expect(of('dev').stack.terminationProtection).toBe(false);
  });
});
