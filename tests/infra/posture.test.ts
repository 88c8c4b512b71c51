/**
 * Production posture of the main stack as the prod stage builds it (functions not bundled): a
 * regional web ACL in front of Cognito's own API, rate-limiting sign-up, sign-in and recovery per
 * client address by the X-Amz-Target header (none in dev); an AWS Backup plan for the table whose
 * every recovery point is copied to a vault in another region, locked in compliance mode; and the
 * media bucket replicated into that region; CloudFront caching the anonymous public reads briefly,
 * never what a token asked for.
 */

import {
  AUTH_RATE_LIMIT_ALL,
  AUTH_RATE_LIMITS,
  COGNITO_TARGET_PREFIX,
} from '@clubs/infra/lib/auth-firewall.ts';
import { BACKUP_RULES, BackupCopyStack, backupVaultName, copyVaultName } from '@clubs/infra/lib/backups.ts';
import { ClubsStack } from '@clubs/infra/lib/clubs-stack.ts';
import { type ClubsConfig, loadStageConfig, parseConfig } from '@clubs/infra/lib/config.ts';
import { nagPacks } from '@clubs/infra/lib/nag.ts';
import { publicReadPatterns } from '@clubs/infra/lib/site.ts';
import { ROUTES } from '@clubs/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { configProblems, fakeWebDist, logicalId, newApp, templateOf } from './app.ts';

const build = (stage: string, overrides: Partial<ClubsConfig> = {}) => {
  const config = { ...loadStageConfig({ stage }), webDistDir: fakeWebDist(), ...overrides };
  const app = newApp({ [BUNDLING_STACKS]: [] });
  const stack = new ClubsStack(app, config.stackName, { config });
  return { app, stack, template: templateOf(stack) };
};

type Rule = {
  Name: string;
  Priority: number;
  Action?: unknown;
  Statement: {
    RateBasedStatement?: {
      Limit: number;
      AggregateKeyType: string;
      EvaluationWindowSec: number;
      ScopeDownStatement?: unknown;
    };
    ManagedRuleGroupStatement?: { Name: string };
  };
};

let prod: ReturnType<typeof build>;
let dev: ReturnType<typeof build>;
beforeAll(() => {
  prod = build('prod');
  dev = build('dev');
});

/** The X-Amz-Target values a rule's scope-down statement matches exactly. */
function targetsOf(statement: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const match = (node as { ByteMatchStatement?: Record<string, unknown> }).ByteMatchStatement;
    if (match) {
      expect(match.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
      expect(match.PositionalConstraint).toBe('EXACTLY');
      found.push(String(match.SearchString));
      return;
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(statement);
  return found.sort();
}

describe("the user pool's web ACL", () => {
  it('is a regional web ACL associated with the user pool, allowing by default', () => {
    const acls = prod.template.findResources('AWS::WAFv2::WebACL');
    expect(Object.values(acls)).toHaveLength(1);
    const [aclId, acl] = Object.entries(acls)[0] as [string, { Properties: Record<string, unknown> }];
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    prod.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [logicalId(prod.stack.auth.userPool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  it('rate-limits sign-up, its confirmation, sign-in and recovery per client address by X-Amz-Target', () => {
    const [acl] = Object.values(prod.template.findResources('AWS::WAFv2::WebACL'));
    const rules = acl?.Properties.Rules as Rule[];
    expect(rules.map((rule) => rule.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
    ]);
    const overall = rules.find((rule) => rule.Name === 'RatePerClientAuth');
    expect(overall?.Statement.RateBasedStatement).toEqual({
      Limit: AUTH_RATE_LIMIT_ALL,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
    });
    const scoped = new Map(
      rules
        .filter((rule) => rule.Statement.RateBasedStatement?.ScopeDownStatement)
        .map((rule) => [rule.Name, rule]),
    );
    expect([...scoped.keys()].sort()).toEqual(AUTH_RATE_LIMITS.map((limit) => limit.name).sort());
    for (const { name, operations, limit } of AUTH_RATE_LIMITS) {
      const rule = scoped.get(name);
      expect(rule?.Action, name).toEqual({ Block: {} });
      expect(rule?.Statement.RateBasedStatement).toMatchObject({ Limit: limit, AggregateKeyType: 'IP' });
      expect(targetsOf(rule?.Statement.RateBasedStatement?.ScopeDownStatement), name).toEqual(
        operations.map((operation) => `${COGNITO_TARGET_PREFIX}${operation}`).sort(),
      );
    }
    const covered = AUTH_RATE_LIMITS.flatMap((limit) => limit.operations);
    for (const operation of ['SignUp', 'InitiateAuth', 'ForgotPassword', 'ConfirmForgotPassword']) {
      expect(covered).toContain(operation);
    }
    // Sign-up and recovery each send an e-mail: their limits are the tightest.
    const limitOf = (operation: string) =>
      AUTH_RATE_LIMITS.find((limit) => limit.operations.includes(operation))?.limit ?? Infinity;
    expect(limitOf('ForgotPassword')).toBeLessThan(limitOf('InitiateAuth'));
    expect(limitOf('SignUp')).toBeLessThan(limitOf('InitiateAuth'));
    expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
  });

  it('logs what it blocks (credentials redacted) and alarms on blocks, three of five periods', () => {
    const [acl] = Object.values(prod.template.findResources('AWS::WAFv2::WebACL'));
    // WAF publishes under the web ACL's metric name (the WebACL dimension): the alarm must read that.
    const name = String(acl?.Properties.VisibilityConfig.MetricName);
    expect(name).toBe(acl?.Properties.Name);
    prod.template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
    });
    prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: Match.arrayWith([{ Name: 'WebACL', Value: name }]),
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
    });
  });

  it('is not in the dev stage, which keeps its user pool on the Lite plan', () => {
    expect(dev.template.findResources('AWS::WAFv2::WebACL')).toEqual({});
    expect(dev.template.findResources('AWS::WAFv2::WebACLAssociation')).toEqual({});
    const [pool] = Object.values(dev.template.findResources('AWS::Cognito::UserPool'));
    expect(pool?.Properties.UserPoolTier).toBe('LITE');
  });
});

type Props = Record<string, unknown>;
const onlyOf = (template: Template, type: string): Props => {
  const found = Object.values(template.findResources(type));
  expect(found, type).toHaveLength(1);
  return (found[0] as { Properties: Props }).Properties;
};

describe('backups that survive', () => {
  it("backs the table up daily and monthly, each copied to the copy region's vault for as long", () => {
    const config = prod.stack.config;
    expect(config.backupCopyRegion).toBeDefined();
    const plan = onlyOf(prod.template, 'AWS::Backup::BackupPlan').BackupPlan as {
      BackupPlanRule: {
        RuleName: string;
        ScheduleExpression: string;
        TargetBackupVault: unknown;
        Lifecycle: { DeleteAfterDays: number };
        CopyActions: { DestinationBackupVaultArn: unknown; Lifecycle: { DeleteAfterDays: number } }[];
      }[];
    };
    const rules = new Map(plan.BackupPlanRule.map((rule) => [rule.RuleName, rule]));
    expect(rules.get('Daily')?.ScheduleExpression).toBe('cron(0 4 * * ? *)');
    expect(rules.get('Monthly')?.ScheduleExpression).toBe('cron(0 5 1 * ? *)');
    for (const [name, keepDays] of [
      ['Daily', BACKUP_RULES.daily.keepDays],
      ['Monthly', BACKUP_RULES.monthly.keepDays],
    ] as const) {
      const rule = rules.get(name);
      expect(rule?.Lifecycle.DeleteAfterDays, name).toBe(keepDays);
      expect(rule?.CopyActions, name).toHaveLength(1);
      expect(rule?.CopyActions[0]?.Lifecycle.DeleteAfterDays, name).toBe(keepDays);
      const destination = JSON.stringify(rule?.CopyActions[0]?.DestinationBackupVaultArn);
      expect(destination).toContain(`:backup:${config.backupCopyRegion}:`);
      expect(destination).toContain(`:backup-vault:${copyVaultName(config.stackName)}`);
    }
    expect(BACKUP_RULES.monthly.keepDays).toBeGreaterThanOrEqual(365);
    const selection = onlyOf(prod.template, 'AWS::Backup::BackupSelection').BackupSelection as {
      Resources: unknown[];
    };
    expect(selection.Resources).toEqual([{ 'Fn::GetAtt': [logicalId(prod.stack.data.table), 'Arn'] }]);
  });

  it('locks the production vaults in compliance mode (a grace period, then immutable), retained with the stack', () => {
    const vault = onlyOf(prod.template, 'AWS::Backup::BackupVault');
    expect(vault.BackupVaultName).toBe(backupVaultName(prod.stack.config.stackName));
    expect(vault.LockConfiguration).toEqual({
      MinRetentionDays: 7,
      MaxRetentionDays: BACKUP_RULES.monthly.keepDays + 1,
      ChangeableForDays: 3,
    });
    // Retained, except by the deploy that created it when that deploy rolls back: its fixed name
    // would otherwise refuse the retry.
    prod.template.hasResource('AWS::Backup::BackupVault', { DeletionPolicy: 'RetainExceptOnCreate' });
    const app = newApp();
    const copy = new BackupCopyStack(app, 'ClubsProdBackup', {
      env: { region: prod.stack.config.backupCopyRegion },
      mainStackName: prod.stack.config.stackName,
      vaultLock: prod.stack.config.backupVaultLock,
    });
    const copyTemplate = Template.fromStack(copy);
    const findings = nagPacks(app).flatMap((pack) =>
      pack.validateScope(app).violations.map((v) => v.ruleName),
    );
    expect(findings).toEqual([]);
    expect(onlyOf(copyTemplate, 'AWS::Backup::BackupVault')).toMatchObject({
      BackupVaultName: copyVaultName(prod.stack.config.stackName),
      LockConfiguration: { ChangeableForDays: 3 },
    });
    const replica = onlyOf(copyTemplate, 'AWS::S3::Bucket');
    expect(replica.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    for (const type of ['AWS::Backup::BackupVault', 'AWS::S3::Bucket']) {
      copyTemplate.hasResource(type, { DeletionPolicy: 'RetainExceptOnCreate' });
    }
    expect(JSON.stringify(replica.BucketName)).toContain(`-media-replica-`);
    expect(JSON.stringify(replica.BucketName)).toContain(String(prod.stack.config.backupCopyRegion));
  });

  it("replicates every new media version into the copy region's replica, but not deletions", () => {
    const bucket = prod.template.toJSON().Resources[logicalId(prod.stack.media.bucket)];
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const replication = bucket.Properties.ReplicationConfiguration as {
      Role: unknown;
      Rules: {
        Status: string;
        Destination: { Bucket: unknown };
        DeleteMarkerReplication: { Status: string };
      }[];
    };
    expect(replication.Role).toBeDefined();
    expect(replication.Rules).toHaveLength(1);
    expect(replication.Rules[0]).toMatchObject({
      Status: 'Enabled',
      DeleteMarkerReplication: { Status: 'Disabled' },
    });
    const destination = JSON.stringify(replication.Rules[0]?.Destination.Bucket);
    expect(destination).toContain('-media-replica-');
    expect(destination).toContain(String(prod.stack.config.backupCopyRegion));
  });

  it("also copies every recovery point to another account's vault when the stage names one, and refuses a malformed ARN", () => {
    const accountVault = 'arn:aws:backup:eu-central-1:210987654321:backup-vault:clubs-prod-copies';
    const { template } = build('prod', { backupCopyAccountVaultArn: accountVault });
    const plan = onlyOf(template, 'AWS::Backup::BackupPlan').BackupPlan as {
      BackupPlanRule: {
        RuleName: string;
        Lifecycle: { DeleteAfterDays: number };
        CopyActions: { DestinationBackupVaultArn: unknown; Lifecycle: { DeleteAfterDays: number } }[];
      }[];
    };
    for (const rule of plan.BackupPlanRule) {
      const destinations = rule.CopyActions.map((action) => JSON.stringify(action.DestinationBackupVaultArn));
      expect(destinations, rule.RuleName).toHaveLength(2);
      expect(destinations[0], rule.RuleName).toContain(
        `:backup-vault:${copyVaultName(prod.stack.config.stackName)}`,
      );
      expect(rule.CopyActions[1]?.DestinationBackupVaultArn, rule.RuleName).toBe(accountVault);
      expect(rule.CopyActions[1]?.Lifecycle.DeleteAfterDays, rule.RuleName).toBe(
        rule.Lifecycle.DeleteAfterDays,
      );
    }
    expect(configProblems(() => parseConfig({ backupCopyAccountVaultArn: 'arn:aws:s3:::a-bucket' }))).toEqual(
      [
        'backupCopyAccountVaultArn: must be an AWS Backup vault ARN (arn:aws:backup:<region>:<account>:backup-vault:<name>) (got "arn:aws:s3:::a-bucket")',
      ],
    );
  });

  it('keeps an unlocked copy vault beside the first in dev, without replication; production must lock in compliance mode', () => {
    const vaults = Object.values(dev.template.findResources('AWS::Backup::BackupVault'));
    expect(vaults.map((vault) => vault.Properties.BackupVaultName).sort()).toEqual([
      backupVaultName(dev.stack.config.stackName),
      copyVaultName(dev.stack.config.stackName),
    ]);
    for (const vault of vaults) expect(vault.Properties.LockConfiguration).toBeUndefined();
    const bucket = dev.template.toJSON().Resources[logicalId(dev.stack.media.bucket)];
    expect(bucket.Properties.ReplicationConfiguration).toBeUndefined();
    expect(parseConfig({ backupVaultLock: 'governance' }).backupVaultLock).toBe('governance');
    const production = {
      production: true,
      superAdminEmail: 'a@b.io',
      alarmEmail: 'ops@b.io',
      sesFromEmail: 'no-reply@b.io',
      siteDomain: 'clubs.b.io',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/ClubsProdEdge/abc',
    };
    expect(parseConfig(production).backupVaultLock).toBe('compliance');
    expect(configProblems(() => parseConfig({ ...production, backupVaultLock: 'governance' }))).toEqual([
      'backupVaultLock: must be compliance in a production stage (backups nobody can delete early) (got "governance")',
    ]);
  });
});

describe('public reads at the edge', () => {
  type Behavior = { PathPattern: string; CachePolicyId: unknown; AllowedMethods: string[] };
  const behaviors = () =>
    (
      onlyOf(prod.template, 'AWS::CloudFront::Distribution').DistributionConfig as {
        CacheBehaviors: Behavior[];
      }
    ).CacheBehaviors;

  it('caches the directory and featured clubs (not a club page, whose read counts a visit), listed before /api/*', () => {
    const patterns = publicReadPatterns().map((read) => read.pattern);
    expect(patterns.sort()).toEqual(['/api/clubs', '/api/featured-clubs']);
    const order = behaviors().map((behavior) => behavior.PathPattern);
    for (const pattern of patterns) expect(order.indexOf(pattern)).toBeLessThan(order.indexOf('/api/*'));
    // A club's own page is not cached: its read counts the visit.
    expect('edgeCacheSeconds' in ROUTES.getClub).toBe(false);
    for (const route of [ROUTES.listClubs, ROUTES.featuredClubs]) {
      expect(route.access.kind).toBe('public');
      expect(route.edgeCacheSeconds).toBeGreaterThanOrEqual(30);
      expect(route.edgeCacheSeconds).toBeLessThanOrEqual(60);
    }
    // Only public GET routes may be cached at all.
    for (const route of Object.values(ROUTES)) {
      if ('edgeCacheSeconds' in route && route.edgeCacheSeconds) {
        expect(route.method).toBe('GET');
        expect(route.access.kind).toBe('public');
      }
    }
  });

  it('keys the cache on the Authorization header and the query, stores only what the API marks public, at most a minute', () => {
    const [policyId, policy] = Object.entries(
      prod.template.findResources('AWS::CloudFront::CachePolicy'),
    ).find(([, resource]) =>
      String(resource.Properties.CachePolicyConfig.Comment).startsWith('Clubs public reads'),
    ) as [string, { Properties: { CachePolicyConfig: Record<string, unknown> } }];
    const config = policy.Properties.CachePolicyConfig as {
      MinTTL: number;
      DefaultTTL: number;
      MaxTTL: number;
      ParametersInCacheKeyAndForwardedToOrigin: Record<
        string,
        { HeaderBehavior?: string; Headers?: string[] } & Record<string, unknown>
      >;
    };
    // A minimum of 0 lets the API's no-store win; a default of 0 keeps what it does not mark.
    expect(config.MinTTL).toBe(0);
    expect(config.DefaultTTL).toBe(0);
    expect(config.MaxTTL).toBeLessThanOrEqual(60);
    const key = config.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    const publicPatterns = new Set(publicReadPatterns().map((read) => read.pattern));
    for (const behavior of behaviors()) {
      if (publicPatterns.has(behavior.PathPattern)) {
        expect(behavior.CachePolicyId, behavior.PathPattern).toEqual({ Ref: policyId });
      }
    }
    const api = behaviors().find((behavior) => behavior.PathPattern === '/api/*');
    expect(api?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
  });
});
