/**
 * A queue between an event rule and its function, for bulk work (a club-wide notification's
 * batches of recipients): the function receives up to 10 messages at a time and reports the ones
 * it failed, which are received again; after MAX_RECEIVES a message waits in the dead-letter
 * queue (the one its rule and function already use), with its original body.
 */

import { EVENT_QUEUE_LIMITS, FUNCTION_TIMEOUT_SECONDS } from '@clubs/shared';
import { Duration, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Receives of a message before it is parked in the dead-letter queue. */
export const MAX_RECEIVES = 5;
/** Messages handed to one invocation. */
export const QUEUE_BATCH_SIZE = EVENT_QUEUE_LIMITS.batchSize;
/** Invocations working on the queue at once: bounds the table's write rate from one club's fan-out. */
export const QUEUE_MAX_CONCURRENCY = EVENT_QUEUE_LIMITS.maxConcurrency;

export interface EventQueueProps {
  readonly consumer: IFunction;
  readonly deadLetterQueue: IQueue;
  /** Invocations working on the queue at once (QUEUE_MAX_CONCURRENCY unless the route says fewer). */
  readonly maxConcurrency?: number;
}

export class EventQueue extends Construct {
  readonly queue: Queue;

  constructor(scope: Construct, id: string, props: EventQueueProps) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the function's timeout, as Lambda advises for an event source.
      visibilityTimeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.consumer * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: props.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });
    props.consumer.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: QUEUE_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: props.maxConcurrency ?? QUEUE_MAX_CONCURRENCY,
      }),
    );
    Validations.of(props.consumer).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        "An SQS event source takes no on-failure destination: the queue's redrive policy parks a message that " +
        'failed MAX_RECEIVES times in the dead-letter queue, with its original body.',
    });
  }
}
