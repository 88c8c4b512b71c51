/**
 * The change stream: the table's stream (new and old images) read by one small consumer function
 * (functions/src/consumers/change-stream.ts) through a Lambda event source mapping that hands it
 * only outbox items' insertions and profiles' modifications (CHANGE_STREAM_FILTERS), in batches, in order
 * per shard. A batch that fails is halved and retried from the failed record; what still fails
 * after its retries or its age goes, as a description of the records, to a dead-letter queue. The
 * function may read the table's stream, query the index of a person's memberships (a changed
 * profile is announced to each of their clubs) and put events on the bus, nothing else.
 */
import { CHANGE_STREAM_FILTERS, CHANGE_STREAM_LIMITS, STREAM_EVENT_SOURCES, TABLE } from '@clubs/shared';
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { HandlerFunction, SIZES } from './handler-function.ts';
import { acknowledgeWildcardResource } from './nag.ts';

export interface ChangeStreamProps {
  readonly table: ITableV2;
  readonly bus: IEventBus;
  readonly logRetention: RetentionDays;
  readonly logLevel: string;
}

/** The consumer's handler entry (functions/src/consumers/change-stream.ts). */
export const CHANGE_STREAM_HANDLER = 'change-stream';

export class ChangeStream extends Construct {
  readonly handler: HandlerFunction;
  /** Where records that failed every retry are described (the stream itself still holds them for 24 hours). */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ChangeStreamProps) {
    super(scope, id);
    const streamArn = props.table.tableStreamArn;
    if (!streamArn) throw new Error('The change stream needs the table to have a stream');

    this.deadLetterQueue = new Queue(this, 'Dlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is itself the change stream's on-failure destination.",
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'Serverless-SQSRedrivePolicy',
      reason: "This queue is itself the change stream's on-failure destination; it has no further one.",
    });

    this.handler = new HandlerFunction(this, 'Handler', {
      handler: CHANGE_STREAM_HANDLER,
      description:
        "The change stream: each outbox item's change event, from the table's stream, onto the bus",
      ...SIZES.consumer,
      logRetention: props.logRetention,
      environment: {
        POWERTOOLS_SERVICE_NAME: `clubs-${CHANGE_STREAM_HANDLER}`,
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        EVENT_BUS_NAME: props.bus.eventBusName,
        TABLE_NAME: props.table.tableName,
      },
    });
    // The stream's consumer alone puts the change events and the platform events outbox items hold.
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['events:PutEvents'],
        resources: [props.bus.eventBusArn],
        conditions: { StringEquals: { 'events:source': [...STREAM_EVENT_SOURCES] } },
      }),
    );
    // A changed profile is announced to each club of its person: Query on the byUser index only.
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${props.table.tableArn}/index/${TABLE.indexes.byUser.name}`],
      }),
    );
    // The stream's own actions, on the table's streams only (the DynamoDB Developer Guide's policy
    // for a function reading a stream: arn:…:table/{name}/stream/*).
    const streams = `${props.table.tableArn}/stream/*`;
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:DescribeStream',
          'dynamodb:GetRecords',
          'dynamodb:GetShardIterator',
          'dynamodb:ListStreams',
        ],
        resources: [streams],
      }),
    );
    acknowledgeWildcardResource(
      this.handler.role,
      streams,
      "A table's stream ARN carries the time it was enabled; the grant covers the streams of this one table only.",
    );

    this.handler.function.addEventSourceMapping('Stream', {
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: CHANGE_STREAM_LIMITS.batchSize,
      bisectBatchOnError: true,
      retryAttempts: CHANGE_STREAM_LIMITS.retryAttempts,
      maxRecordAge: Duration.seconds(CHANGE_STREAM_LIMITS.maxRecordAgeSeconds),
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(this.deadLetterQueue),
      // A record is handed over when it matches any of the filters.
      filters: CHANGE_STREAM_FILTERS.map((pattern) =>
        FilterCriteria.filter(pattern as unknown as Record<string, unknown>),
      ),
    });
  }

  /** The age of the newest record the function was handed when it got it (ms): how far it lags. */
  metricIteratorAge() {
    return this.handler.function.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' });
  }
}
