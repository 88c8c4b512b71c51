/**
 * The edge (production hardening): the API is reached only through CloudFront. CloudFront sends
 * a generated secret to the API origin and every API function refuses requests without it, both
 * given the same Secrets Manager value by dynamic reference (never written into the template).
 */

import { ORIGIN_IDENTITY_SOURCE } from '@clubs/infra/lib/api.ts';
import { loadStageConfig } from '@clubs/infra/lib/config.ts';
import {
  CLIENT_RATE_LIMITS,
  EDGE_REGION,
  EdgeStack,
  edgeAlarmTopicName,
  MANAGED_RULE_GROUPS,
  WAF_BLOCKS_ALARM,
} from '@clubs/infra/lib/edge-stack.ts';
import { HandlerFunction } from '@clubs/infra/lib/handler-function.ts';
import { nagPacks } from '@clubs/infra/lib/nag.ts';
import {
  needsToken,
  ORIGIN_VERIFY,
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  routeKeyOf,
} from '@clubs/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
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
  it('CloudFront sends the secret header to the API origins (HTTP and live WebSocket), and to no other origin', () => {
    const liveOrigin = origins.find((origin) => JSON.stringify(origin.DomainName).includes('WebSocketApi'));
    for (const origin of [apiOrigin, liveOrigin]) {
      expect(origin).toBeDefined();
      const header = origin?.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY.header);
      expect(header && isSecretReference(header.HeaderValue)).toBe(true);
    }
    for (const origin of origins.filter((o) => o !== apiOrigin && o !== liveOrigin)) {
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

  it('API Gateway itself refuses a request that skipped CloudFront on every route, before any function', () => {
    const authorizers = Object.entries(json.Resources).filter(
      ([, r]) => r.Type === 'AWS::ApiGatewayV2::Authorizer',
    );
    const httpApi = logicalId(stack.api.httpApi);
    const routes = Object.values(json.Resources).filter(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route' && JSON.stringify(r.Properties.ApiId).includes(httpApi),
    );
    expect(routes).toHaveLength(ROUTE_IDS.length);
    const byRouteKey = new Map(routes.map((route) => [route.Properties.RouteKey, route.Properties]));
    for (const routeId of ROUTE_IDS) {
      const definition: RouteDefinition = ROUTES[routeId];
      const route = byRouteKey.get(routeKeyOf(definition));
      const authorizerId = (route?.AuthorizerId as { Ref: string } | undefined)?.Ref;
      const authorizer = authorizers.find(([id]) => id === authorizerId)?.[1].Properties;
      if (route?.AuthorizationType === 'JWT') {
        // No token, no entry: the JWT authorizer refuses it; with a token the function checks the header.
        expect(needsToken(definition.access), routeId).toBe(true);
        expect(authorizer?.IdentitySource).toEqual(['$request.header.Authorization']);
        continue;
      }
      // A Lambda authorizer that names the origin header among its identity sources: API
      // Gateway answers 401 without invoking anything when a request lacks it.
      expect(route?.AuthorizationType, routeId).toBe('CUSTOM');
      expect(authorizer?.IdentitySource, routeId).toContain(ORIGIN_IDENTITY_SOURCE);
      const fnId = JSON.stringify(authorizer?.AuthorizerUri).match(/"([A-Za-z0-9]+)","Arn"/)?.[1];
      const environment = json.Resources[fnId ?? '']?.Properties.Environment as
        | { Variables: Record<string, unknown> }
        | undefined;
      const variables = environment?.Variables ?? {};
      expect(isSecretReference(variables[ORIGIN_VERIFY.env]), routeId).toBe(true);
    }
    expect(routes.some((route) => route.Properties.AuthorizationType === 'NONE')).toBe(false);
    // The public routes' verdict is reused per header value: CloudFront's requests rarely invoke it.
    const origin = authorizers.find(([, a]) => a.Properties.Name === 'cloudfront-origin')?.[1].Properties;
    expect(origin).toMatchObject({
      IdentitySource: [ORIGIN_IDENTITY_SOURCE],
      AuthorizerResultTtlInSeconds: 3600,
    });
  });

  it('each function holds one invoke permission for the API, not one per route', () => {
    const permissions = Object.values(json.Resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::Permission' &&
        r.Properties.Principal === 'apigateway.amazonaws.com' &&
        JSON.stringify(r.Properties.SourceArn).includes(logicalId(stack.api.httpApi)),
    );
    const functionsWithRoutes = stack.api.functions.size;
    const authorizers = stack.api.groupAuthorizers.size + 1;
    expect(permissions).toHaveLength(functionsWithRoutes + authorizers);
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
    mainStackName: prod.stackName,
    rateLimit: prod.wafRateLimit,
    alarmEmail: prod.alarmEmail,
    logRetention: prod.logRetentionDays,
  });
  const edgeTemplate = Template.fromStack(edge);
  const acl = edgeTemplate.findResources('AWS::WAFv2::WebACL');
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

  const webhookPath = ROUTES.stripeWebhook.path;
  const exemptsWebhook = (statement: unknown) =>
    JSON.stringify(statement) ===
    JSON.stringify({
      NotStatement: {
        Statement: {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'EXACTLY',
            SearchString: webhookPath,
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });

  it('blocks a client address over the rate limit of the stage, everywhere but the Stripe webhook', () => {
    const rate = rules.find((rule) => rule.Name === 'RatePerClient');
    expect(rate?.Statement.RateBasedStatement).toMatchObject({
      Limit: prod.wafRateLimit,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
    });
    expect(exemptsWebhook(rate?.Statement.RateBasedStatement?.ScopeDownStatement)).toBe(true);
    expect(rate?.Action).toEqual({ Block: {} });
  });

  it("never runs body or input rules on Stripe's webhook, whose signature guards it", () => {
    for (const name of ['AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet']) {
      const group = rules.find((rule) => rule.Name === name)?.Statement.ManagedRuleGroupStatement;
      expect(exemptsWebhook(group?.ScopeDownStatement), name).toBe(true);
    }
    // The reputation list is no body rule: it applies to every path.
    const reputation = rules.find((rule) => rule.Name === 'AWSManagedRulesAmazonIpReputationList');
    expect(reputation?.Statement.ManagedRuleGroupStatement?.ScopeDownStatement).toBeUndefined();
    // Every blocking rule either exempts the webhook or is the reputation list.
    for (const rule of rules.filter((r) => r.Name !== 'AWSManagedRulesAmazonIpReputationList')) {
      const text = JSON.stringify(rule.Statement);
      const perRoute = CLIENT_RATE_LIMITS.some((limit) => limit.name === rule.Name);
      expect(perRoute || text.includes(webhookPath), rule.Name).toBe(true);
    }
  });

  it('limits each client on the contact form and the profile, not everyone together', () => {
    for (const { name, route, limit } of CLIENT_RATE_LIMITS) {
      const rule = rules.find((r) => r.Name === name);
      const statement = rule?.Statement.RateBasedStatement as Record<string, unknown> | undefined;
      expect(statement).toMatchObject({ Limit: limit, AggregateKeyType: 'IP' });
      const scope = JSON.stringify(statement?.ScopeDownStatement);
      expect(scope).toContain(`"SearchString":"${ROUTES[route].path}"`);
      expect(scope).toContain(`"SearchString":"${ROUTES[route].path}/"`);
      expect(rule?.Action).toEqual({ Block: {} });
    }
    expect(CLIENT_RATE_LIMITS.map((limit) => limit.route)).toEqual([
      'sendContactMessage',
      'getMe',
      'unsubscribe',
    ]);
  });

  it('logs what it blocks or counts to an aws-waf-logs- group without credentials, and alarms on blocks to its e-mailed topic', () => {
    const [logging] = Object.values(edgeTemplate.findResources('AWS::WAFv2::LoggingConfiguration'));
    const destination = JSON.stringify(logging?.Properties.LogDestinationConfigs);
    expect(destination).toContain(':log-group:aws-waf-logs-');
    expect(destination).not.toContain(':*');
    expect(logging?.Properties.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [
        {
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: [
            { ActionCondition: { Action: 'BLOCK' } },
            { ActionCondition: { Action: 'COUNT' } },
            { ActionCondition: { Action: 'EXCLUDED_AS_COUNT' } },
          ],
        },
      ],
    });
    expect(logging?.Properties.RedactedFields).toEqual([
      { SingleHeader: { Name: 'authorization' } },
      { SingleHeader: { Name: 'cookie' } },
    ]);
    edgeTemplate.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: `aws-waf-logs-${edge.stackName}-WebAcl`,
      RetentionInDays: prod.logRetentionDays,
    });
    edgeTemplate.hasResourceProperties('AWS::SNS::Topic', { TopicName: edgeAlarmTopicName(prod.stackName) });
    edgeTemplate.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: prod.alarmEmail,
    });
    // WAF publishes under the web ACL's metric name (the WebACL dimension): the alarm reads that one.
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Name: `${prod.stackName}-edge`,
      VisibilityConfig: Match.objectLike({ MetricName: `${prod.stackName}-edge` }),
    });
    edgeTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: `${prod.stackName}-edge` },
      ],
      Threshold: WAF_BLOCKS_ALARM,
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
    });
  });

  it('passes cdk-nag, and the prod stage attaches the web ACL of its stage file', () => {
    const findings = nagPacks(app).flatMap((pack) =>
      pack.validateScope(edge).violations.map((v) => v.ruleName),
    );
    expect(findings).toEqual([]);
    expect(prod.webAclArn).toMatch(/^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\//);
  });
});
