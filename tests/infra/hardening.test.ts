/**
 * The production stage as `cdk synth -c stage=prod` builds it (functions not bundled: nothing
 * here depends on their code): cdk-nag clean, the media bucket versioned with its lifecycle
 * rules, optional TOTP MFA, threat protection behind a flag, and per-route throttling.
 */
import { ROUTE_IDS, ROUTES, type RouteDefinition, routeKeyOf } from '@clubs/shared';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_THROTTLES } from '../../infra/lib/api.ts';
import { ClubsStack } from '../../infra/lib/clubs-stack.ts';
import { type ClubsConfig, loadStageConfig } from '../../infra/lib/config.ts';
import { NONCURRENT_DAYS, STAGING_PREFIX } from '../../infra/lib/media.ts';
import { nagPacks } from '../../infra/lib/nag.ts';
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
        expect.objectContaining({ Prefix: STAGING_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }),
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
