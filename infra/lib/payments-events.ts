/**
 * Payments events: the custom EventBridge bus the Stripe webhook puts verified events on, an
 * archive of them for replay, the Stripe secrets in Secrets Manager, and one rule per entry of
 * the shared event manifest, each targeting its handler group's function with a retry policy and
 * an SQS dead-letter queue. EventBridge invokes Lambda asynchronously, so the same queue is also
 * the function's own dead-letter queue: an event that fails delivery, or fails in the handler
 * after Lambda's retries, lands there with its original body either way.
 */
import { EVENT_ROUTES, type EventHandlerGroup } from '@clubs/shared';
import { Aws, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { EventBus, type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EventQueue } from './event-queue.ts';
import { environmentFor, GROUP_ACCESS, grantAccess, type HandlerResources } from './group-access.ts';
import { HandlerFunction, SIZES } from './handler-function.ts';
import { pascal } from './names.ts';

export interface PaymentsEventsProps {
  readonly archiveRetention: Duration;
}

/** EventBridge's delivery retries before an event goes to the dead-letter queue. */
export const RULE_RETRY_ATTEMPTS = 8;
export const RULE_MAX_EVENT_AGE = Duration.hours(24);
/** Lambda's own retries of a failed asynchronous invocation. */
export const FUNCTION_RETRY_ATTEMPTS = 2;

export class PaymentsEvents extends Construct {
  readonly bus: EventBus;
  readonly stripeSecretKey: Secret;
  readonly stripeWebhookSecret: Secret;
  /** Signs the links e-mails carry that need no sign-in (unsubscribe); generated at the first deploy. */
  readonly linkSigningSecret: Secret;
  readonly functions = new Map<EventHandlerGroup, HandlerFunction>();
  readonly deadLetterQueues = new Map<EventHandlerGroup, Queue>();
  readonly rules: Rule[] = [];
  /** The queues of the manifest's queued event routes, by route id. */
  readonly eventQueues = new Map<string, EventQueue>();

  constructor(scope: Construct, id: string, props: PaymentsEventsProps) {
    super(scope, id);

    // The name is generated (unique per stack); handlers read it from EVENT_BUS_NAME.
    this.bus = new EventBus(this, 'Bus', { description: 'Clubs domain events (verified Stripe events)' });
    // Every event put on the bus (all come from this account), whatever its source, for replay.
    this.bus.archive('StripeArchive', {
      description: 'Every event of the bus (verified Stripe events, club suspensions), for replay',
      eventPattern: { account: [Aws.ACCOUNT_ID] },
      retention: props.archiveRetention,
    });

    // Created with a random placeholder; the operator puts the real values (docs/DEPLOY.md).
    this.stripeSecretKey = new Secret(this, 'StripeSecretKey', {
      description: 'Stripe secret API key (sk_live_… or sk_test_…), plain text',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stripeWebhookSecret = new Secret(this, 'StripeWebhookSecret', {
      description: "Signing secret of Stripe's webhook endpoint (whsec_…), plain text",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.linkSigningSecret = new Secret(this, 'LinkSigningSecret', {
      description: 'HMAC key of the unsubscribe links in notification e-mails',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.linkSigningSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating it would void the unsubscribe links of every e-mail already sent; the functions read it at run ' +
        'time (cached for minutes), so a manual roll (docs/DEPLOY.md) takes effect without a deploy.',
    });
    for (const secret of [this.stripeSecretKey, this.stripeWebhookSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe issues and rolls these keys in its dashboard (rolling keeps the old one valid for a chosen ' +
          'period); Secrets Manager cannot rotate them. docs/DEPLOY.md describes the roll.',
      });
    }
  }

  /**
   * Creates each event handler group's function (with its dead-letter queue) and one rule per
   * event manifest entry (with its queue when queued), all in `scope`: the stack's consumers
   * live in a nested stack of their own, apart from the bus and secrets they use.
   */
  routeEvents(resources: HandlerResources, logRetention: RetentionDays, scope: Construct): void {
    for (const route of EVENT_ROUTES) {
      const { fn, dlq } = this.handlerFor(scope, route.group, resources, logRetention);
      const rule = new Rule(scope, `${route.id}Rule`, {
        // AWS services (SES's bounces and complaints) put their events on the account's default bus.
        eventBus: 'bus' in route && route.bus === 'default' ? this.defaultBus() : this.bus,
        description: route.description,
        eventPattern: { source: [route.source], detailType: [...route.detailTypes] },
      });
      if ('queued' in route && route.queued) {
        // Bulk work goes through a queue the function consumes in small batches.
        const queue = new EventQueue(scope, `${route.id}Queue`, {
          consumer: fn.function,
          deadLetterQueue: dlq,
          maxConcurrency: 'queueConcurrency' in route ? route.queueConcurrency : undefined,
        });
        this.eventQueues.set(route.id, queue);
        rule.addTarget(
          new SqsQueue(queue.queue, {
            deadLetterQueue: dlq,
            retryAttempts: RULE_RETRY_ATTEMPTS,
            maxEventAge: RULE_MAX_EVENT_AGE,
          }),
        );
      } else {
        rule.addTarget(
          new LambdaFunction(fn.function, {
            deadLetterQueue: dlq,
            retryAttempts: RULE_RETRY_ATTEMPTS,
            maxEventAge: RULE_MAX_EVENT_AGE,
          }),
        );
      }
      this.rules.push(rule);
    }
  }

  private defaultBusRef: IEventBus | undefined;

  private defaultBus(): IEventBus {
    this.defaultBusRef ??= EventBus.fromEventBusName(this, 'DefaultBus', 'default');
    return this.defaultBusRef;
  }

  private handlerFor(
    scope: Construct,
    group: EventHandlerGroup,
    resources: HandlerResources,
    logRetention: RetentionDays,
  ): { fn: HandlerFunction; dlq: Queue } {
    const existing = this.functions.get(group);
    const existingDlq = this.deadLetterQueues.get(group);
    if (existing && existingDlq) return { fn: existing, dlq: existingDlq };

    const dlq = new Queue(scope, `${pascal(group)}Dlq`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(dlq).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the dead-letter queue of the ${group} rules and function.`,
    });
    Validations.of(dlq).acknowledge({
      id: 'Serverless-SQSRedrivePolicy',
      reason: `This queue is itself the dead-letter queue of the ${group} rules and function; it has no further one.`,
    });

    const fn = new HandlerFunction(scope, `${pascal(group)}Handler`, {
      handler: group,
      description: GROUP_ACCESS[group].description,
      ...SIZES[GROUP_ACCESS[group].size],
      logRetention,
      environment: environmentFor(group, resources),
      deadLetterQueue: dlq,
    });
    grantAccess(group, fn, resources);
    fn.function.configureAsyncInvoke({
      retryAttempts: FUNCTION_RETRY_ATTEMPTS,
      maxEventAge: Duration.hours(6),
    });
    Validations.of(fn.function).acknowledge({
      id: 'Serverless-LambdaAsyncFailureDestination',
      reason:
        'Failed asynchronous invocations go to the dead-letter queue (DeadLetterConfig) shared with the rules, ' +
        'so every failed event waits in one queue with its original body; an on-failure destination would ' +
        'duplicate each of them there.',
    });
    this.functions.set(group, fn);
    this.deadLetterQueues.set(group, dlq);
    return { fn, dlq };
  }
}
