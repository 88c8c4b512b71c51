/**
 * A CloudWatch alarm in another region than the stack's: CloudFront's metrics exist only in
 * us-east-1, and an alarm must live in its metric's region (and notify a topic there). CloudFormation
 * creates resources in its stack's region only, so the alarm is put and deleted through the
 * CloudWatch API by a custom resource (aws-cdk-lib's AwsCustomResource), with the same three of
 * five evaluation as every other alarm (alarms.ts).
 */
import { ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { ALARM_EVALUATION } from './alarms.ts';

export interface GlobalAlarmProps {
  readonly region: string;
  /** The SNS topic in `region` that hears of the alarm and its recovery. */
  readonly topicArn: string;
  readonly description: string;
  /** A plain metric of `region` (no math): its namespace, name, dimensions, statistic, period. */
  readonly metric: Metric;
  /** Alarms at or above this value. */
  readonly threshold: number;
}

export class GlobalAlarm extends Construct {
  readonly alarmName: string;
  /** The PutMetricAlarm request, as the custom resource sends it. */
  readonly request: Record<string, unknown>;

  constructor(scope: Construct, id: string, props: GlobalAlarmProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.alarmName = `${stack.stackName}-${id}`;
    const { metric } = props;
    this.request = {
      AlarmName: this.alarmName,
      AlarmDescription: props.description,
      Namespace: metric.namespace,
      MetricName: metric.metricName,
      Dimensions: Object.entries(metric.dimensions ?? {}).map(([Name, Value]) => ({ Name, Value })),
      Statistic: metric.statistic,
      Period: metric.period.toSeconds(),
      EvaluationPeriods: ALARM_EVALUATION.evaluationPeriods,
      DatapointsToAlarm: ALARM_EVALUATION.datapointsToAlarm,
      Threshold: props.threshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [props.topicArn],
      OKActions: [props.topicArn],
    };
    const alarmArn = stack.formatArn({
      service: 'cloudwatch',
      region: props.region,
      resource: 'alarm',
      resourceName: this.alarmName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const put = {
      service: 'CloudWatch',
      action: 'putMetricAlarm',
      region: props.region,
      parameters: this.request,
      physicalResourceId: PhysicalResourceId.of(this.alarmName),
    };
    new AwsCustomResource(this, 'Resource', {
      onCreate: put,
      onUpdate: put,
      onDelete: {
        service: 'CloudWatch',
        action: 'deleteAlarms',
        region: props.region,
        parameters: { AlarmNames: [this.alarmName] },
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['cloudwatch:PutMetricAlarm', 'cloudwatch:DeleteAlarms'],
          resources: [alarmArn],
        }),
      ]),
      installLatestAwsSdk: false,
    });
    acknowledgeCustomResourceProvider(stack);
  }
}

/** The Lambda function aws-cdk-lib brings for AwsCustomResource (one per stack): its findings. */
function acknowledgeCustomResourceProvider(stack: Stack): void {
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')) continue;
    const acknowledge = (id: string, reason: string) => Validations.of(child).acknowledge({ id, reason });
    const managed =
      'The runtime is chosen by aws-cdk-lib for its AwsCustomResource handler, not by this app.';
    acknowledge('AwsSolutions-L1', managed);
    acknowledge('Serverless-LambdaLatestVersion', managed);
    acknowledge(
      'Serverless-LambdaDLQ',
      'Invoked synchronously by CloudFormation as a custom resource; a failure fails the deployment.',
    );
    acknowledge('Serverless-LambdaTracing', 'A deploy-time custom resource handler owned by aws-cdk-lib.');
    acknowledge(
      'Serverless-LambdaDefaultMemorySize',
      'A deploy-time custom resource handler owned by aws-cdk-lib.',
    );
    acknowledge('Serverless-LambdaLogLevel', 'A deploy-time custom resource handler owned by aws-cdk-lib.');
    acknowledge(
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "aws-cdk-lib's custom resource handler writes its logs with the basic execution role.",
    );
  }
}
