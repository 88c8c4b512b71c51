/**
 * The edge (production hardening): the API is reached only through CloudFront. CloudFront sends
 * a generated secret to the API origin and every API function refuses requests without it, both
 * given the same Secrets Manager value by dynamic reference (never written into the template).
 */

import { loadStageConfig } from '@clubs/infra/lib/config.ts';
import { EDGE_REGION, EdgeStack, MANAGED_RULE_GROUPS } from '@clubs/infra/lib/edge-stack.ts';
import { HandlerFunction } from '@clubs/infra/lib/handler-function.ts';
import { nagPacks } from '@clubs/infra/lib/nag.ts';
import { ORIGIN_VERIFY } from '@clubs/shared';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { logicalId, newApp, synthStack } from './app.ts';

const { stack, template } = synthStack({}, { bundle: false });
const json = template.toJSON() as {
  Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
};

interface Origin {
  Id: string;
  DomainName: unknown;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
  S3OriginConfig?: unknown;
}

const [distribution] = Object.values(json.Resources).filter(
  (r) => r.Type === 'AWS::CloudFront::Distribution',
);
if (!distribution) throw new Error('the stack has no distribution');
const origins = (distribution.Properties.DistributionConfig as { Origins: Origin[] }).Origins;
const apiOrigin = origins.find((origin) => JSON.stringify(origin.DomainName).includes('HttpApi'));
const secretId = logicalId(stack.node.findChild('OriginVerify').node.findChild('Secret'));
/** What a dynamic reference to the generated secret looks like once synthesized. */
const isSecretReference = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes('{{resolve:secretsmanager:') && text.includes(secretId);
};

describe('the API behind CloudFront only', () => {
  it('CloudFront sends the secret header to the API origin, and to no other origin', () => {
    expect(apiOrigin).toBeDefined();
    const header = apiOrigin?.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY.header);
    expect(header && isSecretReference(header.HeaderValue)).toBe(true);
    for (const origin of origins.filter((o) => o !== apiOrigin)) {
      expect(JSON.stringify(origin.OriginCustomHeaders ?? [])).not.toContain(ORIGIN_VERIFY.header);
    }
  });

  it('every API function holds the same secret to check, by reference', () => {
    const apiFunctions = stack.api.functions;
    expect(apiFunctions.size).toBeGreaterThan(5);
    for (const handler of apiFunctions.values()) {
      expect(handler).toBeInstanceOf(HandlerFunction);
      const environment = json.Resources[logicalId(handler.function)]?.Properties.Environment as
        | { Variables: Record<string, unknown> }
        | undefined;
      const variables = environment?.Variables ?? {};
      expect(isSecretReference(variables[ORIGIN_VERIFY.env]), handler.handler).toBe(true);
    }
  });

  it('the secret is generated, not typed into the template', () => {
    const secret = json.Resources[secretId];
    expect(secret?.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret?.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
    });
    expect(secret?.Properties.SecretString).toBeUndefined();
  });
});

describe('the web ACL of a production stage', () => {
  const prod = loadStageConfig({ stage: 'prod' });
  const app = newApp();
  const edge = new EdgeStack(app, `${prod.stackName}Edge`, {
    env: { account: '123456789012', region: EDGE_REGION },
    rateLimit: prod.wafRateLimit,
  });
  const acl = Template.fromStack(edge).findResources('AWS::WAFv2::WebACL');
  const [webAcl] = Object.values(acl);
  const rules = (webAcl?.Properties.Rules ?? []) as {
    Name: string;
    Statement: Record<string, Record<string, unknown>>;
    Action?: unknown;
  }[];

  it('is a CloudFront web ACL in us-east-1 that allows by default and names its output', () => {
    expect(Object.keys(acl)).toHaveLength(1);
    expect(edge.region).toBe('us-east-1');
    expect(webAcl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    Template.fromStack(edge).hasOutput('WebAclArn', {});
  });

  it("runs AWS's managed rule groups, the core set's body size rule only counting", () => {
    const managed = rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(managed.map((rule) => rule.Statement.ManagedRuleGroupStatement?.Name)).toEqual([
      ...MANAGED_RULE_GROUPS,
    ]);
    const core = managed.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet');
    expect(core?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('blocks a client address over the rate limit of the stage', () => {
    const rate = rules.find((rule) => rule.Statement.RateBasedStatement);
    expect(rate?.Statement.RateBasedStatement).toEqual({ Limit: prod.wafRateLimit, AggregateKeyType: 'IP' });
    expect(rate?.Action).toEqual({ Block: {} });
  });

  it('passes cdk-nag, and the prod stage attaches the web ACL of its stage file', () => {
    const findings = nagPacks(app).flatMap((pack) =>
      pack.validateScope(edge).violations.map((v) => v.ruleName),
    );
    expect(findings).toEqual([]);
    expect(prod.webAclArn).toMatch(/^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\//);
  });
});
