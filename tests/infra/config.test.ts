import { parseConfig } from '@clubs/infra/lib/config.ts';
import { describe, expect, it } from 'vitest';
import { cdkJsonContext, configProblems } from './app.ts';

const problemsOf = (raw: Record<string, unknown>) => configProblems(() => parseConfig(raw));

describe('configuration from CDK context', () => {
  it('works with nothing but cdk.json (a fresh clone synthesizes)', () => {
    expect(parseConfig(cdkJsonContext())).toMatchObject({
      stackName: 'Clubs',
      superAdminEmail: undefined,
      googleClientId: undefined,
      googleClientSecretName: 'clubs/google-client-secret',
      stripeCreatorMonthlyPrice: 'clubs_creator_monthly',
      stripeCreatorAnnualPrice: 'clubs_creator_annual',
      stripeLivemode: false,
      logRetentionDays: 30,
      apiRateLimit: 50,
      apiBurstLimit: 100,
      eventArchiveDays: 90,
      priceClass: 'PriceClass_100',
      webDistDir: 'web/dist',
    });
  });

  it('accepts command-line strings: numbers and booleans coerced, blanks ignored, e-mails normalized', () => {
    const config = parseConfig({
      superAdminEmail: ' Founder@Clubs.Example ',
      apiRateLimit: '200',
      logRetentionDays: '90',
      stripeLivemode: 'true',
      googleClientId: '',
      siteDomain: 'Clubs.Example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789abc',
    });
    expect(config).toMatchObject({
      superAdminEmail: 'founder@clubs.example',
      apiRateLimit: 200,
      logRetentionDays: 90,
      stripeLivemode: true,
      googleClientId: undefined,
      siteDomain: 'clubs.example.com',
    });
  });

  it('reports every problem at once, naming the key and what it got', () => {
    const problems = problemsOf({
      superAdminEmail: 'not-an-email',
      logRetentionDays: '31',
      googleClientId: 'my-client',
      apiRateLimit: '-1',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/superAdminEmail: must be an e-mail address \(got "not-an-email"\)/);
    expect(problems.join('\n')).toMatch(/logRetentionDays: must be one of 1, 3, 5/);
    expect(problems.join('\n')).toMatch(/googleClientId: must be a Google OAuth client id/);
    expect(problems.join('\n')).toMatch(/apiRateLimit:/);
  });

  it('catches misspelt keys', () => {
    expect(problemsOf({ superAdminMail: 'a@b.example' })).toEqual([
      expect.stringMatching(/^superAdminMail: unknown context key/),
    ]);
  });

  it('ignores CDK feature flags and other namespaced context', () => {
    expect(problemsOf({ '@aws-cdk/core:checkSecretUsage': true, 'aws:cdk:bundling-stacks': ['*'] })).toEqual(
      [],
    );
  });

  it('needs a us-east-1 certificate with a custom domain, and the domain with a certificate', () => {
    expect(problemsOf({ siteDomain: 'clubs.example.com' })).toEqual([
      'certificateArn: is required when siteDomain is set',
    ]);
    expect(
      problemsOf({
        siteDomain: 'clubs.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      }).join('\n'),
    ).toMatch(/certificateArn: must be the ARN of an ACM certificate in us-east-1/);
    expect(problemsOf({ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' })).toEqual([
      'siteDomain: is required when certificateArn is set',
    ]);
  });

  it('keeps the site domain inside the given hosted zone', () => {
    const base = {
      siteDomain: 'clubs.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      hostedZoneId: 'Z0123456789ABC',
    };
    expect(problemsOf(base)).toEqual(['hostedZoneName: is required when hostedZoneId is set']);
    expect(problemsOf({ ...base, hostedZoneName: 'other.org' })).toEqual([
      'siteDomain: must be inside the hosted zone other.org (got "clubs.example.com")',
    ]);
    expect(problemsOf({ ...base, hostedZoneName: 'example.com' })).toEqual([]);
  });

  it('refuses Cognito domain prefixes that Cognito refuses', () => {
    expect(problemsOf({ authDomainPrefix: 'my-cognito-app' }).join('\n')).toMatch(/must not contain "aws"/);
    expect(problemsOf({ authDomainPrefix: 'Clubs' }).join('\n')).toMatch(/lower-case/);
    expect(problemsOf({ authDomainPrefix: 'clubs-prod' })).toEqual([]);
  });

  it('formats the error for the command line', () => {
    expect(() => parseConfig({ superAdminEmail: 'x' })).toThrow(
      /Invalid configuration.*\n {2}- superAdminEmail/,
    );
  });
});

describe('superAdminMfa', () => {
  const production = {
    production: true,
    superAdminEmail: 'a@b.example',
    alarmEmail: 'ops@b.example',
    sesFromEmail: 'no-reply@b.example',
    siteDomain: 'clubs.b.example',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/ClubsProdEdge/abc',
  };

  it('is on by default in a production stage and off elsewhere', () => {
    expect(parseConfig(production).superAdminMfa).toBe(true);
    expect(parseConfig({}).superAdminMfa).toBe(false);
    expect(parseConfig({ superAdminMfa: 'true' }).superAdminMfa).toBe(true);
  });

  it('cannot be turned off in a production stage', () => {
    expect(problemsOf({ ...production, superAdminMfa: false })).toEqual([
      'superAdminMfa: must stay on in a production stage (super admins need an authenticator app) (got false)',
    ]);
  });
});
