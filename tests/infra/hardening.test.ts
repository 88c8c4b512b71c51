/**
 * The production stage as `cdk synth -c stage=prod` builds it (functions not bundled: nothing
 * here depends on their code): cdk-nag clean, the media bucket versioned with its lifecycle
 * rules, optional TOTP MFA, threat protection behind a flag, and per-route throttling.
 */

import { ROUTE_THROTTLES } from '@clubs/infra/lib/api.ts';
import { ClubsStack } from '@clubs/infra/lib/clubs-stack.ts';
import { type ClubsConfig, loadStageConfig } from '@clubs/infra/lib/config.ts';
import { NONCURRENT_DAYS } from '@clubs/infra/lib/media.ts';
import { nagPacks } from '@clubs/infra/lib/nag.ts';
import { API_P99_ALARM_MS, WEBHOOK_REFUSALS_ALARM } from '@clubs/infra/lib/operations.ts';
import {
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  routeKeyOf,
  UPLOAD_TAG,
  WEBHOOK_REFUSED_LOG_MESSAGE,
} from '@clubs/shared';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, logicalId, newApp } from './app.ts';

const build = (overrides: Partial<ClubsConfig> = {}) => {
  const config = { ...loadStageConfig({ stage: 'prod' }), webDistDir: fakeWebDist(), ...overrides };
  const app = newApp({ [BUNDLING_STACKS]: [] });
  const stack = new ClubsStack(app, config.stackName, { config });
  return { app, stack, template: Template.fromStack(stack) };
};
const nagFindings = (app: ReturnType<typeof build>['app']) =>
  nagPacks(app).flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.map(
        (v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
      ),
  );

let prod: ReturnType<typeof build>;
beforeAll(() => {
  prod = build();
});

describe('the prod stage', () => {
  it('passes cdk-nag with no unacknowledged finding', () => {
    expect(nagFindings(prod.app)).toEqual([]);
  });

  it('versions media, expires replaced versions and unattached uploads', () => {
    const bucket = prod.template.toJSON().Resources[logicalId(prod.stack.media.bucket)];
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_DAYS },
          ExpiredObjectDeleteMarker: true,
          Status: 'Enabled',
        }),
        expect.objectContaining({
          TagFilters: [{ Key: UPLOAD_TAG.key, Value: UPLOAD_TAG.staged }],
          ExpirationInDays: 1,
          Status: 'Enabled',
        }),
      ]),
    );
  });

  it('offers TOTP MFA to every user, and no SMS', () => {
    const [pool] = Object.values(prod.template.findResources('AWS::Cognito::UserPool'));
    expect(pool?.Properties).toMatchObject({
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('throttles the anonymous writes and the first call after registration tighter than the stage', () => {
    const [stage] = Object.values(prod.template.findResources('AWS::ApiGatewayV2::Stage'));
    const settings = stage?.Properties.RouteSettings as Record<string, Record<string, number>>;
    const stageRate = prod.stack.config.apiRateLimit;
    for (const [routeId, limit] of Object.entries(ROUTE_THROTTLES)) {
      const key = routeKeyOf(ROUTES[routeId as keyof typeof ROUTES]);
      expect(settings[key], key).toEqual({
        ThrottlingRateLimit: limit.rateLimit,
        ThrottlingBurstLimit: limit.burstLimit,
      });
      expect(limit.rateLimit).toBeLessThan(stageRate);
    }
    const anonymousWrites = ROUTE_IDS.filter((id) => {
      const route = ROUTES[id] as RouteDefinition;
      return route.access.kind === 'public' && route.method !== 'GET';
    });
    expect(anonymousWrites).toContain('sendContactMessage');
    for (const id of anonymousWrites) expect(Object.keys(ROUTE_THROTTLES), id).toContain(id);
  });
});

describe('alarms that reach someone', () => {
  it('alarms on p99 latency, DynamoDB throttling and refused webhook deliveries, to the e-mailed topic', () => {
    const alarms = Object.values(prod.template.findResources('AWS::CloudWatch::Alarm'));
    const latency = alarms.find((a) => a.Properties.MetricName === 'Latency');
    expect(latency?.Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: API_P99_ALARM_MS });
    const throttles = alarms.find((a) =>
      JSON.stringify(a.Properties.Metrics ?? []).includes('ThrottleEvents'),
    );
    expect(JSON.stringify(throttles?.Properties.Metrics)).toContain('WriteThrottleEvents');
    const refused = alarms.find((a) => a.Properties.MetricName === 'StripeWebhookRefused');
    expect(refused?.Properties).toMatchObject({ Namespace: 'Clubs', Threshold: WEBHOOK_REFUSALS_ALARM });
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: logicalId(prod.stack.operations.topic) }]);
    }
    prod.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: prod.stack.config.alarmEmail,
    });
  });

  it("counts the webhook's refusals from its own log group, by the message the handler logs", () => {
    const [filter] = Object.values(prod.template.findResources('AWS::Logs::MetricFilter'));
    const webhook = prod.stack.api.functions.get('stripe-webhook');
    expect(filter?.Properties).toMatchObject({
      LogGroupName: { Ref: logicalId(webhook?.logGroup as never) },
      FilterPattern: `{ $.message = "${WEBHOOK_REFUSED_LOG_MESSAGE}" }`,
    });
  });

  it('has one dashboard with the API, Lambda, DynamoDB, CloudFront and dead-letter signals', () => {
    const [dashboard] = Object.values(prod.template.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const signal of [
      'API latency',
      'p50',
      'p99',
      '4xx',
      '5xx',
      '5xxErrorRate',
      'Lambda errors',
      'Throttles',
      'Duration',
      'ReadThrottleEvents',
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ApproximateNumberOfMessagesVisible',
      'StripeWebhookRefused',
    ]) {
      expect(body, signal).toContain(signal);
    }
  });
});

describe('threat protection', () => {
  it('is off by default and, turned on, puts the pool on the Plus plan with full enforcement, nag-clean', () => {
    const [plain] = Object.values(prod.template.findResources('AWS::Cognito::UserPool'));
    expect(plain?.Properties.UserPoolTier).toBe('ESSENTIALS');
    const guarded = build({ threatProtection: true });
    const [pool] = Object.values(guarded.template.findResources('AWS::Cognito::UserPool'));
    expect(pool?.Properties).toMatchObject({
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    expect(nagFindings(guarded.app)).toEqual([]);
  });
});
