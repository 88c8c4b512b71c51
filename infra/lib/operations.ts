/**
 * Operations: alarms on API 5xx responses and p99 latency, on every function's errors, on the
 * depth of every dead-letter queue, on DynamoDB throttling and on refused Stripe webhook
 * deliveries (a wrong signing secret refuses every one), all notifying one SNS topic (e-mailed to
 * alarmEmail); one dashboard of the same signals; and the stack outputs an operator needs.
 */

import { WEBHOOK_REFUSED_LOG_MESSAGE } from '@clubs/shared';
import { CfnOutput, Duration, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
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
  readonly outputs: Readonly<Record<string, { value: string; description: string }>>;
}

const PERIOD = Duration.minutes(5);
/** p99 latency of the API above this many milliseconds alarms. */
export const API_P99_ALARM_MS = 2000;
/** Refused webhook deliveries in 5 minutes that alarm (one stray probe does not). */
export const WEBHOOK_REFUSALS_ALARM = 3;

export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);

    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Clubs alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and states; encrypting the topic with a KMS key would ' +
        'need a customer managed key (CloudWatch cannot publish with the AWS managed one) for no gain.',
    });
    if (props.alarmEmail) {
      const subscription = this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
      Validations.of(subscription).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason:
          'An e-mail subscription for alarm notifications: SNS retries e-mail delivery itself, and a lost ' +
          'notification stays visible as the alarm state in CloudWatch; a dead-letter queue would add nothing.',
      });
    }
    const action = new SnsAction(this.topic);

    const alarm = (alarmId: string, description: string, metric: IMetric, threshold: number) => {
      const created = new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
    };

    alarm(
      'Api5xxAlarm',
      'The HTTP API answered 5xx at least 5 times in 5 minutes',
      props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
      5,
    );
    for (const [name, fn] of props.functions) {
      alarm(
        `${pascal(name)}ErrorsAlarm`,
        `The ${name} function failed at least once in 5 minutes`,
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

    const p99 = props.httpApi.metricLatency({ period: PERIOD, statistic: 'p99' });
    alarm(
      'ApiLatencyAlarm',
      `The HTTP API's p99 latency exceeded ${API_P99_ALARM_MS} ms over 5 minutes`,
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

    const refusals = new MetricFilter(this, 'WebhookRefusals', {
      logGroup: props.webhookLogs,
      filterPattern: FilterPattern.stringValue('$.message', '=', WEBHOOK_REFUSED_LOG_MESSAGE),
      metricNamespace: 'Clubs',
      metricName: 'StripeWebhookRefused',
      metricValue: '1',
    }).metric({ period: PERIOD, statistic: 'Sum' });
    alarm(
      'WebhookRefusedAlarm',
      `The Stripe webhook refused ${WEBHOOK_REFUSALS_ALARM} or more deliveries in 5 minutes: check the signing secret (docs/DEPLOY.md)`,
      refusals,
      WEBHOOK_REFUSALS_ALARM,
    );

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const functions = [...props.functions];
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
        title: 'CloudFront 5xx rate (%)',
        left: [props.distribution.metric5xxErrorRate({ period: PERIOD })],
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
}
