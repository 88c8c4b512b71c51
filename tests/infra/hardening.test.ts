/**
 * The production stage as `cdk synth -c stage=prod` builds it (functions not bundled: nothing
 * here depends on their code): cdk-nag clean, the media bucket versioned with its lifecycle
 * rules, optional TOTP MFA, threat protection behind a flag, the webhook's route throttle, and
 * monitoring that sees (three of five periods, Lambda throttles, SES rates, CloudFront in us-east-1).
 */

import { ROUTE_THROTTLES } from '@clubs/infra/lib/api.ts';
import { ClubsStack } from '@clubs/infra/lib/clubs-stack.ts';
import { type ClubsConfig, loadStageConfig } from '@clubs/infra/lib/config.ts';
import { CLIENT_RATE_LIMITS, edgeAlarmTopicName } from '@clubs/infra/lib/edge-stack.ts';
import { configurationSetNameOf, mailStackFor } from '@clubs/infra/lib/email.ts';
import { GROUP_ACCESS } from '@clubs/infra/lib/group-access.ts';
import { NONCURRENT_DAYS } from '@clubs/infra/lib/media.ts';
import { nagPacks } from '@clubs/infra/lib/nag.ts';
import {
  API_P99_ALARM_MS,
  CLOUDFRONT_5XX_ALARM_PERCENT,
  SES_BOUNCE_ALARM_PERCENT,
  SES_COMPLAINT_ALARM_PERCENT,
  WEBHOOK_REFUSALS_ALARM,
  WEBSOCKET_ERRORS_ALARM,
  WORK_AGE_ALARM_SECONDS,
} from '@clubs/infra/lib/operations.ts';
import {
  EVENT_ROUTES,
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  routeKeyOf,
  UPLOAD_TAG,
  WEBHOOK_REFUSED_LOG_MESSAGE,
} from '@clubs/shared';
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, logicalId, newApp, templateOf } from './app.ts';

const build = (overrides: Partial<ClubsConfig> = {}) => {
  const config = { ...loadStageConfig({ stage: 'prod' }), webDistDir: fakeWebDist(), ...overrides };
  const app = newApp({ [BUNDLING_STACKS]: [] });
  const stack = new ClubsStack(app, config.stackName, { config });
  return { app, stack, template: templateOf(stack) };
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

  it('throttles only the webhook for everyone; anonymous writes are limited per client at the edge', () => {
    const [stage] = Object.values(
      prod.template.findResources('AWS::ApiGatewayV2::Stage', { Properties: { StageName: '$default' } }),
    );
    const settings = stage?.Properties.RouteSettings as Record<string, Record<string, number>>;
    const stageRate = prod.stack.config.apiRateLimit;
    expect(Object.keys(ROUTE_THROTTLES)).toEqual(['stripeWebhook']);
    for (const [routeId, limit] of Object.entries(ROUTE_THROTTLES)) {
      const key = routeKeyOf(ROUTES[routeId as keyof typeof ROUTES]);
      expect(settings[key], key).toEqual({
        ThrottlingRateLimit: limit.rateLimit,
        ThrottlingBurstLimit: limit.burstLimit,
      });
      expect(limit.rateLimit).toBeLessThan(stageRate);
    }
    expect(Object.keys(settings)).toHaveLength(1);
    const anonymousWrites = ROUTE_IDS.filter((id) => {
      const route = ROUTES[id] as RouteDefinition;
      return route.access.kind === 'public' && route.method !== 'GET';
    });
    expect(anonymousWrites).toContain('sendContactMessage');
    const perClient = new Set(CLIENT_RATE_LIMITS.map((limit) => ROUTES[limit.route].path));
    for (const id of anonymousWrites) {
      expect(id in ROUTE_THROTTLES || perClient.has(ROUTES[id].path), id).toBe(true);
    }
  });
});

/** CloudFormation's limit of resources in one stack, and the room each stack (the root, each nested one) keeps below it. */
const STACK_RESOURCE_LIMIT = 500;
const STACK_ROOM = 80;

describe('room to grow', () => {
  it('splits the stage into the root stack and two nested ones, each well under the limit', () => {
    const resourcesIn = (stack: Stack) =>
      Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string }>);
    const nested = prod.stack.node
      .findAll()
      .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === prod.stack);
    expect(nested.map((stack) => stack.node.id).sort()).toEqual(['Consumers', 'Monitoring']);
    const main = resourcesIn(prod.stack);
    expect(main.filter((r) => r.Type === 'AWS::CloudFormation::Stack')).toHaveLength(nested.length);
    for (const stack of [prod.stack, ...nested]) {
      expect(resourcesIn(stack).length, stack.node.path).toBeLessThanOrEqual(
        STACK_RESOURCE_LIMIT - STACK_ROOM,
      );
    }
    for (const stack of nested) {
      expect(resourcesIn(stack).filter((r) => r.Type === 'AWS::CloudFormation::Stack')).toEqual([]);
    }
    // The table stays in the root stack: a nested stack's table would be replaced with it.
    expect(main.filter((r) => r.Type === 'AWS::DynamoDB::GlobalTable')).toHaveLength(1);
  });

  it('keeps the alarms, the dashboard and the metric filter in Monitoring', () => {
    const resourcesIn = (stack: Stack) =>
      Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string }>);
    const main = resourcesIn(prod.stack);
    const monitoring = resourcesIn(prod.stack.operations.monitoring);
    const consumers = resourcesIn(prod.stack.consumers);
    for (const outside of [main, consumers]) {
      expect(
        outside.filter(
          (r) => r.Type === 'AWS::CloudWatch::Dashboard' || r.Type === 'AWS::Logs::MetricFilter',
        ),
      ).toEqual([]);
    }
    // Only the user pool's web ACL alarm stays beside its ACL; every other alarm is nested.
    expect(main.filter((r) => r.Type === 'AWS::CloudWatch::Alarm')).toHaveLength(1);
    expect(consumers.filter((r) => r.Type === 'AWS::CloudWatch::Alarm')).toEqual([]);
    expect(monitoring.filter((r) => r.Type === 'AWS::CloudWatch::Alarm').length).toBe(
      prod.stack.operations.alarms.length,
    );
    expect(monitoring.length).toBeLessThan(STACK_RESOURCE_LIMIT / 2);
  });

  it("keeps every event consumer in Consumers: each group's function, dead-letter queue, rules and queues", () => {
    const consumers = Template.fromStack(prod.stack.consumers);
    const main = Template.fromStack(prod.stack);
    expect(Object.keys(main.findResources('AWS::Events::Rule'))).toEqual([]);
    expect(Object.keys(main.findResources('AWS::Lambda::EventSourceMapping'))).toEqual([]);
    expect(Object.keys(consumers.findResources('AWS::Events::Rule'))).toHaveLength(EVENT_ROUTES.length);
    // The consumer groups' functions and queues, and the table stream's consumer with its mapping.
    expect(Object.keys(consumers.findResources('AWS::Lambda::Function'))).toHaveLength(
      prod.stack.payments.functions.size + 1,
    );
    expect(Object.keys(consumers.findResources('AWS::Lambda::EventSourceMapping'))).toHaveLength(
      prod.stack.payments.eventQueues.size + 1,
    );
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
    // Scheduler's lost runs (dropped, or not even parked) for the reminders' group and the digests' default one.
    const lostRuns = alarms.filter(
      (a) =>
        a.Properties.Namespace === 'AWS/Scheduler' &&
        ['InvocationDroppedCount', 'InvocationsFailedToBeSentToDeadLetterCount'].includes(
          a.Properties.MetricName,
        ),
    );
    expect(lostRuns.map((a) => JSON.stringify(a.Properties.Dimensions))).toHaveLength(4);
    expect(JSON.stringify(lostRuns)).toContain('"Value":"default"');
    const backupJobs = alarms.filter((a) => JSON.stringify(a.Properties).includes('AWS/Backup'));
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: logicalId(prod.stack.operations.topic) }]);
      // Three breaching periods of five, never one data point; but a run lost or a backup failed once is lost for good.
      expect(alarm.Properties, String(alarm.Properties.AlarmDescription)).toMatchObject(
        lostRuns.includes(alarm) || backupJobs.includes(alarm)
          ? { EvaluationPeriods: 1, DatapointsToAlarm: 1, Threshold: 1 }
          : { EvaluationPeriods: 5, DatapointsToAlarm: 3 },
      );
    }
    prod.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: prod.stack.config.alarmEmail,
    });
  });

  it('alarms on what fails silently: backup and copy jobs, waiting work, the live WebSocket API', () => {
    type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions?: unknown[] } };
    const alarms = Object.values(prod.template.findResources('AWS::CloudWatch::Alarm'));
    const metricsOf = (alarm: (typeof alarms)[number]): MetricStat['Metric'][] =>
      alarm.Properties.Metrics
        ? (alarm.Properties.Metrics as { MetricStat?: MetricStat }[]).flatMap((m) =>
            m.MetricStat ? [m.MetricStat.Metric] : [],
          )
        : [
            {
              Namespace: alarm.Properties.Namespace,
              MetricName: alarm.Properties.MetricName,
              Dimensions: alarm.Properties.Dimensions,
            },
          ];
    const on = (namespace: string, metricName: string) =>
      alarms.filter((alarm) =>
        metricsOf(alarm).some((m) => m.Namespace === namespace && m.MetricName === metricName),
      );
    // AWS Backup's jobs of the table (counted by resource type), failing once.
    for (const metric of [
      'NumberOfBackupJobsFailed',
      'NumberOfBackupJobsExpired',
      'NumberOfCopyJobsFailed',
    ]) {
      const [alarm] = on('AWS/Backup', metric);
      expect(alarm?.Properties, metric).toMatchObject({
        EvaluationPeriods: 1,
        DatapointsToAlarm: 1,
        Threshold: 1,
      });
      expect(JSON.stringify(alarm?.Properties), metric).toContain(
        '{"Name":"ResourceType","Value":"DynamoDB"}',
      );
    }
    // Every work queue's oldest message: the notification batches, the e-mails, the reminders' schedules.
    const ages = on('AWS/SQS', 'ApproximateAgeOfOldestMessage');
    const queued = EVENT_ROUTES.filter((route) => 'queued' in route && route.queued);
    expect(queued.map((route) => route.id)).toEqual(
      expect.arrayContaining(['NotificationBatches', 'NotificationEmails']),
    );
    expect(ages).toHaveLength(queued.length);
    for (const route of queued) {
      const queue = prod.stack.payments.eventQueues.get(route.id)?.queue;
      if (!queue) throw new Error(`no queue for ${route.id}`);
      const alarm = ages.find((a) =>
        JSON.stringify(a.Properties).includes(`"Fn::GetAtt":["${logicalId(queue)}","QueueName"]`),
      );
      expect(alarm?.Properties.Threshold, route.id).toBe(
        WORK_AGE_ALARM_SECONDS[route.id] ?? WORK_AGE_ALARM_SECONDS.default,
      );
    }
    // The functions EventBridge invokes directly (search, live, notifications, Stripe's) wait in Lambda's own queue.
    const asyncAges = on('AWS/Lambda', 'AsyncEventAge');
    const direct = new Set(
      EVENT_ROUTES.filter((route) => !('queued' in route && route.queued)).map((route) => route.group),
    );
    expect([...direct]).toEqual(
      expect.arrayContaining(['search-index', 'live-fanout', 'notification-delivery']),
    );
    expect(asyncAges).toHaveLength(direct.size);
    for (const group of direct) {
      const fn = prod.stack.payments.functions.get(group)?.function;
      if (!fn) throw new Error(`no function for ${group}`);
      const alarm = asyncAges.find((a) =>
        JSON.stringify(a.Properties).includes(`{"Ref":"${logicalId(fn)}"}`),
      );
      expect(alarm?.Properties.Threshold, group).toBe(
        WORK_AGE_ALARM_SECONDS[group] ?? WORK_AGE_ALARM_SECONDS.default,
      );
    }
    expect(WORK_AGE_ALARM_SECONDS['live-fanout']).toBeLessThan(WORK_AGE_ALARM_SECONDS.default ?? 0);
    // The live WebSocket API's integration and execution errors, on its own API id and stage.
    const [websocket] = on('AWS/ApiGateway', 'IntegrationError');
    expect(on('AWS/ApiGateway', 'ExecutionError')).toEqual([websocket]);
    expect(websocket?.Properties.Threshold).toBe(WEBSOCKET_ERRORS_ALARM);
    const dimensions = JSON.stringify(metricsOf(websocket as (typeof alarms)[number])[0]?.Dimensions);
    expect(dimensions).toContain(`{"Name":"ApiId","Value":{"Ref":"${logicalId(prod.stack.live.api)}"}}`);
    expect(dimensions).toContain('"Name":"Stage"');
  });

  it("alarms when Lambda throttles any function, summing at most ten functions' throttles per alarm", () => {
    const alarms = Object.values(prod.template.findResources('AWS::CloudWatch::Alarm'));
    const throttled = alarms.flatMap((alarm) =>
      ((alarm.Properties.Metrics ?? []) as { MetricStat?: { Metric: Record<string, unknown> } }[])
        .filter((m) => m.MetricStat?.Metric.MetricName === 'Throttles')
        .map((m) => JSON.stringify(m.MetricStat?.Metric.Dimensions)),
    );
    const functions = prod.template.findResources('AWS::Lambda::Function');
    // The app's own functions (HandlerFunction: Node.js on arm64), not aws-cdk-lib's deploy-time handlers.
    const ours = Object.keys(functions).filter(
      (id) =>
        (functions[id]?.Properties.Architectures ?? []).includes('arm64') &&
        String(functions[id]?.Properties.Runtime).startsWith('nodejs'),
    );
    expect(throttled).toHaveLength(ours.length);
    for (const id of ours)
      expect(
        throttled.some((dims) => dims.includes(`"Ref":"${id}"`)),
        id,
      ).toBe(true);
  });

  it("alarms on the app's SES bounce and complaint rates, counted by its configuration set's event destination", () => {
    const config = loadStageConfig({ stage: 'prod' });
    const mail = mailStackFor(newApp(), config, {});
    if (!mail) throw new Error('the prod stage names a sender');
    const [destination] = Object.values(
      Template.fromStack(mail).findResources('AWS::SES::ConfigurationSetEventDestination', {
        Properties: { EventDestination: { CloudWatchDestination: Match.anyValue() } },
      }),
    );
    expect(destination?.Properties.EventDestination).toMatchObject({
      Enabled: true,
      MatchingEventTypes: expect.arrayContaining(['send', 'bounce', 'complaint']),
      CloudWatchDestination: {
        DimensionConfigurations: [
          {
            DimensionName: 'ses:configuration-set',
            DimensionValueSource: 'messageTag',
            DefaultDimensionValue: 'none',
          },
        ],
      },
    });
    const alarms = Object.values(prod.template.findResources('AWS::CloudWatch::Alarm'));
    const sesAlarm = (metricName: string) =>
      alarms.find((alarm) =>
        ((alarm.Properties.Metrics ?? []) as { MetricStat?: { Metric: Record<string, unknown> } }[]).some(
          (m) =>
            m.MetricStat?.Metric.Namespace === 'AWS/SES' && m.MetricStat.Metric.MetricName === metricName,
        ),
      );
    expect(JSON.stringify(sesAlarm('Bounce')?.Properties.Metrics)).toContain(
      `"ses:configuration-set","Value":"${configurationSetNameOf(config.stackName)}"`,
    );
    expect(sesAlarm('Bounce')?.Properties.Threshold).toBe(SES_BOUNCE_ALARM_PERCENT);
    expect(sesAlarm('Complaint')?.Properties.Threshold).toBe(SES_COMPLAINT_ALARM_PERCENT);
  });

  it("puts CloudFront's 5xx alarm in us-east-1 on the Region=Global metric, notifying the edge stack's topic", () => {
    const alarm = prod.stack.operations.cloudFrontAlarm;
    expect(alarm).toBeDefined();
    const [resource] = Object.values(prod.template.findResources('Custom::AWS'));
    const create = JSON.stringify(resource?.Properties.Create);
    expect(create).toContain('"region\\":\\"us-east-1');
    expect(create).toContain('putMetricAlarm');
    expect(prod.stack.resolve(alarm?.request)).toMatchObject({
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: [
        { Name: 'DistributionId', Value: { Ref: logicalId(prod.stack.site.distribution) } },
        { Name: 'Region', Value: 'Global' },
      ],
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
      Threshold: CLOUDFRONT_5XX_ALARM_PERCENT,
    });
    const topic = JSON.stringify(prod.stack.resolve(alarm?.request.AlarmActions));
    expect(topic).toContain(`:sns:us-east-1:`);
    expect(topic).toContain(edgeAlarmTopicName(prod.stack.config.stackName));
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
      '\\"region\\":\\"us-east-1\\"',
      '\\"Region\\",\\"Global\\"',
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

describe('least privilege in production', () => {
  it("reserves concurrency for Stripe's webhook and the bus's functions, and only them", () => {
    const reserved = Object.entries(GROUP_ACCESS).filter(([, access]) => access.reservedConcurrency);
    expect(reserved.map(([group]) => group).sort()).toEqual([
      'club-billing',
      'stripe-events',
      'stripe-webhook',
    ]);
    for (const [group, access] of reserved) {
      const handler =
        prod.stack.api.functions.get(group as never) ?? prod.stack.payments.functions.get(group as never);
      const fn = prod.template.toJSON().Resources[logicalId(handler?.function as never)];
      expect(fn.Properties.ReservedConcurrentExecutions, group).toBe(access.reservedConcurrency);
    }
    const functions = Object.values(prod.template.findResources('AWS::Lambda::Function'));
    expect(functions.filter((f) => f.Properties.ReservedConcurrentExecutions)).toHaveLength(reserved.length);
  });
});

describe('threat protection', () => {
  it('is off by default on the Lite plan; audit or enforced put the pool on the Plus plan, nag-clean', () => {
    const poolOf = (built: typeof prod) =>
      Object.values(built.template.findResources('AWS::Cognito::UserPool'))[0]?.Properties;
    expect(poolOf(prod)?.UserPoolTier).toBe('LITE');
    for (const [threatProtection, mode] of [
      ['audit', 'AUDIT'],
      ['enforced', 'ENFORCED'],
    ] as const) {
      const built = build({ threatProtection });
      expect(poolOf(built), threatProtection).toMatchObject({
        UserPoolTier: 'PLUS',
        UserPoolAddOns: { AdvancedSecurityMode: mode },
      });
      expect(nagFindings(built.app), threatProtection).toEqual([]);
    }
  });
});
