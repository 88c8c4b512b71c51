/**
 * Operations: alarms on API 5xx responses and p99 latency, on every function's errors and
 * throttles, on the depth of every dead-letter queue, on how long work waits for its consumer
 * (the age of the oldest message of every work queue, the age of events in Lambda's own queue of
 * every function EventBridge invokes), on the live WebSocket API's errors, on failed AWS Backup
 * and copy jobs, on runs EventBridge Scheduler dropped, on DynamoDB throttling, on refused Stripe
 * webhook deliveries (a wrong signing secret refuses every one), on SES bounce and complaint rates
 * and, in production, on CloudFront's 5xx rate (created in us-east-1, where CloudFront's metrics
 * live: GlobalAlarm); all notify one SNS topic (e-mailed to alarmEmail) and decide three of five
 * periods (alarms.ts). One dashboard of the same signals, CloudFront's read from us-east-1 with
 * Region=Global; and the stack outputs an operator needs.
 *
 * The alarms, the dashboard and the metric filter live in a nested stack (Monitoring): they grow
 * with every function and queue, and CloudFormation allows 500 resources a stack. The topic (its
 * confirmed e-mail subscription), CloudFront's alarm (named after the main stack) and the outputs
 * stay in the main stack; the nested stack reads what it watches as parameters.
 */

import { CHANGE_STREAM_LIMITS, WEBHOOK_REFUSED_LOG_MESSAGE } from '@clubs/shared';
import { CfnOutput, Duration, NestedStack } from 'aws-cdk-lib';
import type { HttpApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  type Alarm,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ALARM_PERIOD, type AlarmSpec, alarmTo, alarmTopic } from './alarms.ts';
import { EDGE_REGION } from './edge-stack.ts';
import { SES_METRIC_DIMENSION } from './email.ts';
import { GlobalAlarm } from './global-alarm.ts';
import { pascal } from './names.ts';

export interface OperationsProps {
  readonly alarmEmail?: string;
  readonly httpApi: HttpApi;
  /** Functions by a readable name (the handler group or trigger). */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly deadLetterQueues: ReadonlyMap<string, IQueue>;
  readonly table: ITableV2;
  readonly distribution: Distribution;
  /** The Stripe webhook function's log group (its refusals are counted). */
  readonly webhookLogs: ILogGroup;
  /** The app's SES configuration set (the mail stack's), whose bounce and complaint rates alarm. */
  readonly emailConfigurationSet?: string;
  /**
   * Where work waits for its consumer: the SQS queue of a queued event route (by route id), a
   * function EventBridge invokes asynchronously (Lambda's own queue, by handler group), or a
   * function reading a stream (the change stream: the age of the records it is handed).
   */
  readonly work: ReadonlyMap<
    string,
    { readonly queue: IQueue } | { readonly consumer: IFunction } | { readonly stream: IFunction }
  >;
  /** The live WebSocket API's stage, whose errors alarm. */
  readonly live: WebSocketStage;
  /** The Scheduler groups whose schedules run (the reminders' and the default one of the digests). */
  readonly scheduleGroups: ReadonlyMap<string, IScheduleGroup>;
  /** The edge stack's alarm topic (us-east-1), which CloudFront's alarm notifies; production only. */
  readonly edgeAlarmTopicArn?: string;
  readonly outputs: Readonly<Record<string, { value: string; description: string }>>;
}

const PERIOD = ALARM_PERIOD;
/** p99 latency of the API above this many milliseconds alarms. */
export const API_P99_ALARM_MS = 2000;
/** Refused webhook deliveries in 5 minutes that alarm (one stray probe does not). */
export const WEBHOOK_REFUSALS_ALARM = 3;
/** CloudFront's 5xx rate (percent of requests) that alarms. */
export const CLOUDFRONT_5XX_ALARM_PERCENT = 5;
/** SES rates (percent of sent mail over an hour) that alarm, below SES's own review levels. */
export const SES_BOUNCE_ALARM_PERCENT = 4;
export const SES_COMPLAINT_ALARM_PERCENT = 0.08;
/**
 * How long work may wait for its consumer (oldest message of a queue, or event in Lambda's
 * asynchronous queue, its maximum over 5 minutes, 3 periods of 5) before it alarms: stuck or
 * throttled consumers leave no error anywhere else. Live messages matter only while fresh; the
 * e-mail queue drains at SES's send rate (EMAIL_SEND_RATE), so a digest run of tens of
 * thousands of mails legitimately waits up to an hour.
 */
export const WORK_AGE_ALARM_SECONDS: Readonly<Record<string, number>> = {
  default: 600,
  'live-fanout': 60,
  NotificationEmails: 3600,
  // Every change event waits on the stream: notifications, live updates and the search index lag with it.
  'change-stream': CHANGE_STREAM_LIMITS.iteratorAgeAlarmSeconds,
};
/** Errors of the live WebSocket API (its Lambda integration failing, or API Gateway's own) in 5 minutes that alarm. */
export const WEBSOCKET_ERRORS_ALARM = 5;
/** The resource type AWS Backup counts the table's jobs under. */
const BACKUP_RESOURCE_TYPE = 'DynamoDB';
/** A metric math alarm takes at most 10 metrics: throttles are summed this many functions at a time. */
const METRICS_PER_EXPRESSION = 10;

/** CloudFront's metric of a distribution: in us-east-1, with the Region=Global dimension. */
export function cloudFrontMetric(distribution: Distribution, metricName: string, statistic: string): Metric {
  return new Metric({
    namespace: 'AWS/CloudFront',
    metricName,
    dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
    region: EDGE_REGION,
    period: PERIOD,
    statistic,
  });
}

export class Operations extends Construct {
  readonly topic: Topic;
  /** The nested stack of the alarms, the dashboard and the metric filter. */
  readonly monitoring: NestedStack;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  /** CloudFront's 5xx alarm in us-east-1 (production only). */
  readonly cloudFrontAlarm: GlobalAlarm | undefined;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);

    this.topic = alarmTopic(this, 'AlarmTopic', props.alarmEmail);
    this.monitoring = new NestedStack(this, 'Monitoring', {
      description: 'Clubs: alarms, the dashboard and the webhook refusals metric of the main stack',
    });
    const monitoring = this.monitoring;
    const alarm = (
      alarmId: string,
      description: string,
      metric: IMetric,
      threshold: number,
      evaluation: AlarmSpec['evaluation'] = 'three-of-five',
    ) => {
      const spec: AlarmSpec = { description, metric, threshold, evaluation };
      this.alarms.push(alarmTo(monitoring, alarmId, this.topic, spec));
    };

    alarm(
      'Api5xxAlarm',
      'The HTTP API answered 5xx at least 5 times in 5 minutes, in 3 of 5 such periods',
      props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
      5,
    );
    for (const [name, fn] of props.functions) {
      alarm(
        `${pascal(name)}ErrorsAlarm`,
        `The ${name} function failed in 3 of the last 5 periods of 5 minutes`,
        fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
    }
    for (const [name, queue] of props.deadLetterQueues) {
      alarm(
        `${pascal(name)}DlqAlarm`,
        `Events wait in the ${name} dead-letter queue: inspect and replay them (docs/DEPLOY.md)`,
        queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        1,
      );
    }

    for (const [route, waiting] of props.work) {
      const limit = WORK_AGE_ALARM_SECONDS[route] ?? WORK_AGE_ALARM_SECONDS.default ?? 0;
      // A function's own figure of how old what it is handed is (ms), in seconds.
      const secondsOf = (fn: IFunction, metricName: string, label: string) =>
        new MathExpression({
          expression: 'age / 1000',
          usingMetrics: { age: fn.metric(metricName, { period: PERIOD, statistic: 'Maximum' }) },
          label: `${route}: ${label} (s)`,
          period: PERIOD,
        });
      const age =
        'queue' in waiting
          ? waiting.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' })
          : 'stream' in waiting
            ? // The age of the newest record of each batch the stream consumer was handed.
              secondsOf(waiting.stream, 'IteratorAge', 'iterator age')
            : // Lambda's own queue of asynchronous invocations: the age of the events it hands the function.
              secondsOf(waiting.consumer, 'AsyncEventAge', 'oldest event');
      alarm(
        `${pascal(route)}AgeAlarm`,
        `${route}: work waited ${limit} s or more for its consumer in 3 of 5 periods of 5 minutes (stuck, throttled or too slow)`,
        age,
        limit,
      );
    }

    const webSocketMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.live.api.apiId, Stage: props.live.stageName },
        period: PERIOD,
        statistic: 'Sum',
      });
    alarm(
      'LiveWebSocketErrorsAlarm',
      `The live WebSocket API failed ${WEBSOCKET_ERRORS_ALARM} or more messages or connections in 5 minutes (its integration or API Gateway), 3 periods of 5`,
      new MathExpression({
        expression: 'integration + execution',
        usingMetrics: {
          integration: webSocketMetric('IntegrationError'),
          execution: webSocketMetric('ExecutionError'),
        },
        label: 'Live WebSocket errors',
        period: PERIOD,
      }),
      WEBSOCKET_ERRORS_ALARM,
    );

    // A backup or copy that failed is a day without a restorable copy, with no error anywhere else.
    const backupMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/Backup',
        metricName,
        dimensionsMap: { ResourceType: BACKUP_RESOURCE_TYPE },
        period: PERIOD,
        statistic: 'Sum',
      });
    alarm(
      'BackupJobsFailedAlarm',
      "An AWS Backup job of the table failed, was aborted or expired before it ran: that day's recovery point is missing",
      new MathExpression({
        expression: 'failed + aborted + expired',
        usingMetrics: {
          failed: backupMetric('NumberOfBackupJobsFailed'),
          aborted: backupMetric('NumberOfBackupJobsAborted'),
          expired: backupMetric('NumberOfBackupJobsExpired'),
        },
        label: 'Failed backup jobs',
        period: PERIOD,
      }),
      1,
      'once',
    );
    alarm(
      'BackupCopyJobsFailedAlarm',
      'An AWS Backup copy job of the table failed: a recovery point was not copied to the copy vault (another region or account)',
      backupMetric('NumberOfCopyJobsFailed'),
      1,
      'once',
    );

    for (const [name, group] of props.scheduleGroups) {
      // A run Scheduler gave up on, or could not even park in its dead-letter queue, is lost:
      // a reminder never sent or a digest never made, with no error anywhere else.
      alarm(
        `${pascal(name)}SchedulesDroppedAlarm`,
        `Scheduler dropped a run of the ${name} schedules after its retries: check the target's dead-letter queue and the schedules' role`,
        group.metricDropped({ period: PERIOD, statistic: 'Sum' }),
        1,
        'once',
      );
      alarm(
        `${pascal(name)}SchedulesDeadLetterFailedAlarm`,
        `Scheduler could not put a failed run of the ${name} schedules into its dead-letter queue: the run is lost`,
        group.metricFailedToBeSentToDLQ(undefined, { period: PERIOD, statistic: 'Sum' }),
        1,
        'once',
      );
    }

    const p99 = props.httpApi.metricLatency({ period: PERIOD, statistic: 'p99' });
    alarm(
      'ApiLatencyAlarm',
      `The HTTP API's p99 latency exceeded ${API_P99_ALARM_MS} ms in 3 of 5 periods of 5 minutes`,
      p99,
      API_P99_ALARM_MS,
    );

    const tableMetric = (metricName: string, statistic = 'Sum') =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        period: PERIOD,
        statistic,
      });
    const throttles = new MathExpression({
      expression: 'reads + writes',
      usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
      label: 'DynamoDB throttle events',
      period: PERIOD,
    });
    alarm('TableThrottleAlarm', 'DynamoDB throttled reads or writes of the table', throttles, 1);

    const functions = [...props.functions];
    for (let first = 0; first < functions.length; first += METRICS_PER_EXPRESSION) {
      const chunk = functions.slice(first, first + METRICS_PER_EXPRESSION);
      const usingMetrics = Object.fromEntries(
        chunk.map(([, fn], i) => [`t${i}`, fn.metricThrottles({ period: PERIOD, statistic: 'Sum' })]),
      );
      const part = first / METRICS_PER_EXPRESSION + 1;
      alarm(
        `LambdaThrottlesAlarm${part}`,
        `Lambda throttled ${chunk.map(([name]) => name).join(', ')}: concurrency is exhausted (reserved or the account's)`,
        new MathExpression({
          expression: `SUM([${Object.keys(usingMetrics).join(',')}])`,
          usingMetrics,
          label: `Lambda throttles (${part})`,
          period: PERIOD,
        }),
        1,
      );
    }

    if (props.emailConfigurationSet) this.alarmOnEmailReputation(props.emailConfigurationSet, alarm);

    const cloudFront5xx = cloudFrontMetric(props.distribution, '5xxErrorRate', 'Average');
    this.cloudFrontAlarm = props.edgeAlarmTopicArn
      ? new GlobalAlarm(this, 'CloudFront5xxAlarm', {
          region: EDGE_REGION,
          topicArn: props.edgeAlarmTopicArn,
          description: `CloudFront answered 5xx to ${CLOUDFRONT_5XX_ALARM_PERCENT}% or more of requests in 3 of 5 periods of 5 minutes`,
          metric: cloudFront5xx,
          threshold: CLOUDFRONT_5XX_ALARM_PERCENT,
        })
      : undefined;

    const refusals = new MetricFilter(monitoring, 'WebhookRefusals', {
      logGroup: props.webhookLogs,
      filterPattern: FilterPattern.stringValue('$.message', '=', WEBHOOK_REFUSED_LOG_MESSAGE),
      metricNamespace: 'Clubs',
      metricName: 'StripeWebhookRefused',
      metricValue: '1',
    }).metric({ period: PERIOD, statistic: 'Sum' });
    alarm(
      'WebhookRefusedAlarm',
      `The Stripe webhook refused ${WEBHOOK_REFUSALS_ALARM} or more deliveries in 5 minutes, 3 periods of 5: check the signing secret (docs/DEPLOY.md)`,
      refusals,
      WEBHOOK_REFUSALS_ALARM,
    );

    this.dashboard = new Dashboard(monitoring, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const perFunction = (name: string, metric: (fn: IFunction) => IMetric) =>
      new GraphWidget({ title: name, left: functions.map(([, fn]) => metric(fn)), width: 8 });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API latency (ms)',
        left: [props.httpApi.metricLatency({ period: PERIOD, statistic: 'p50' }), p99],
        width: 8,
      }),
      new GraphWidget({
        title: 'API 4xx / 5xx',
        left: [
          props.httpApi.metricClientError({ period: PERIOD, statistic: 'Sum' }),
          props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'CloudFront requests and 5xx rate (%)',
        left: [cloudFront5xx],
        right: [cloudFrontMetric(props.distribution, 'Requests', 'Sum')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      perFunction('Lambda errors', (fn) => fn.metricErrors({ period: PERIOD, statistic: 'Sum' })),
      perFunction('Lambda throttles', (fn) => fn.metricThrottles({ period: PERIOD, statistic: 'Sum' })),
      perFunction('Lambda duration p99 (ms)', (fn) =>
        fn.metricDuration({ period: PERIOD, statistic: 'p99' }),
      ),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'DynamoDB throttles', left: [throttles], width: 8 }),
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Dead letters and webhook refusals',
        left: [
          ...[...props.deadLetterQueues.values()].map((queue) =>
            queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
          ),
          refusals,
        ],
        width: 8,
      }),
    );

    for (const [outputId, output] of Object.entries(props.outputs)) {
      new CfnOutput(scope, outputId, { value: output.value, description: output.description });
    }
    new CfnOutput(scope, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'SNS topic of every alarm',
    });
  }

  /**
   * SES bounce and complaint rates of the app's mail over an hour, from its configuration set's
   * CloudWatch event destination (email.ts); quiet hours (under 20 messages) do not count.
   */
  private alarmOnEmailReputation(
    configurationSetName: string,
    alarm: (alarmId: string, description: string, metric: IMetric, threshold: number) => void,
  ): void {
    const ses = (metricName: string) =>
      new Metric({
        namespace: 'AWS/SES',
        metricName,
        dimensionsMap: { [SES_METRIC_DIMENSION]: configurationSetName },
        period: Duration.hours(1),
        statistic: 'Sum',
      });
    const rate = (metricName: string, label: string) =>
      new MathExpression({
        expression: 'IF(sent >= 20, 100 * events / sent, 0)',
        usingMetrics: { sent: ses('Send'), events: ses(metricName) },
        label,
        period: Duration.hours(1),
      });
    alarm(
      'EmailBounceRateAlarm',
      `${SES_BOUNCE_ALARM_PERCENT}% or more of the app's e-mail bounced, 3 hours of 5: SES reviews senders from 5%`,
      rate('Bounce', 'SES bounce rate (%)'),
      SES_BOUNCE_ALARM_PERCENT,
    );
    alarm(
      'EmailComplaintRateAlarm',
      `${SES_COMPLAINT_ALARM_PERCENT}% or more of the app's e-mail drew complaints, 3 hours of 5: SES reviews senders from 0.1%`,
      rate('Complaint', 'SES complaint rate (%)'),
      SES_COMPLAINT_ALARM_PERCENT,
    );
  }
}
