/**
 * How every alarm of the product decides and whom it tells: a signal breaches when three of the
 * last five five-minute periods cross the threshold (one stray data point never pages anyone),
 * no data counts as fine, and both the alarm and its recovery go to an SNS topic that e-mails the
 * operator. The topic lives in the alarm's region (CloudWatch notifies a topic of its own region
 * only), so the edge stack has its own.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** The period every alarm and dashboard widget aggregates over. */
export const ALARM_PERIOD = Duration.minutes(5);
/** Periods looked at, and how many of them must breach. */
export const ALARM_EVALUATION = { evaluationPeriods: 5, datapointsToAlarm: 3 } as const;
/**
 * For a count of things that are lost when they happen once (a schedule's run dropped, a backup
 * job failed): the one period it happens in alarms, since it never repeats for three periods.
 */
export const ONCE_EVALUATION = { evaluationPeriods: 1, datapointsToAlarm: 1 } as const;

/** An SNS topic for alarm notifications, e-mailed to `email` when given. */
export function alarmTopic(
  scope: Construct,
  id: string,
  email: string | undefined,
  topicName?: string,
): Topic {
  const topic = new Topic(scope, id, { displayName: 'Clubs alarms', enforceSSL: true, topicName });
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason:
      'Alarm notifications carry only alarm names and states; encrypting the topic with a KMS key would ' +
      'need a customer managed key (CloudWatch cannot publish with the AWS managed one) for no gain.',
  });
  if (email) {
    const subscription = topic.addSubscription(new EmailSubscription(email));
    Validations.of(subscription).acknowledge({
      id: 'Serverless-SNSRedrivePolicy',
      reason:
        'An e-mail subscription for alarm notifications: SNS retries e-mail delivery itself, and a lost ' +
        'notification stays visible as the alarm state in CloudWatch; a dead-letter queue would add nothing.',
    });
  }
  return topic;
}

export interface AlarmSpec {
  readonly description: string;
  readonly metric: IMetric;
  /** Alarms at or above this value. */
  readonly threshold: number;
  /** `once`: one breaching period alarms (ONCE_EVALUATION); three of five otherwise. */
  readonly evaluation?: 'three-of-five' | 'once';
}

/** An alarm on `metric`, evaluated three of five periods (or once), notifying `topic` of alarm and recovery. */
export function alarmTo(scope: Construct, id: string, topic: ITopic, spec: AlarmSpec): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: spec.description,
    metric: spec.metric,
    threshold: spec.threshold,
    ...(spec.evaluation === 'once' ? ONCE_EVALUATION : ALARM_EVALUATION),
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  const action = new SnsAction(topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
  return alarm;
}
