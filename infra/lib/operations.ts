/**
 * Operations: alarms on API 5xx responses, on every function's errors and on the depth of every
 * dead-letter queue, all notifying one SNS topic (e-mailed to alarmEmail when configured), and the
 * stack outputs an operator needs after `cdk deploy`.
 */
import { CfnOutput, Duration, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
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
  readonly outputs: Readonly<Record<string, { value: string; description: string }>>;
}

const PERIOD = Duration.minutes(5);

export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

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

    for (const [outputId, output] of Object.entries(props.outputs)) {
      new CfnOutput(scope, outputId, { value: output.value, description: output.description });
    }
    new CfnOutput(scope, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'SNS topic of every alarm',
    });
  }
}
