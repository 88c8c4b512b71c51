/**
 * The recurring schedules of the shared declaration (shared/src/bus/schedules.ts), as EventBridge
 * Scheduler schedules in UTC: each puts its event on the app's bus, where the event manifest's
 * rule hands it to its consumer. The scheduled time goes into the detail (Scheduler's
 * `<aws.scheduler.scheduled-time>`), so a retried run names the same period. A run Scheduler
 * cannot deliver is retried, then parked in the consumer group's dead-letter queue.
 */
import { EVENT_ROUTES, RECURRING_SCHEDULES, SCHEDULE_RETRY } from '@clubs/shared';
import { Duration, Stack } from 'aws-cdk-lib';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { EventBridgePutEvents } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface RecurringSchedulesProps {
  readonly bus: IEventBus;
  /** The dead-letter queue of the group that consumes a schedule's event. */
  readonly deadLetterQueueOf: (source: string, detailType: string) => IQueue;
}

/** The event manifest's group that consumes what a schedule puts on the bus. */
export function consumerGroupOf(source: string, detailType: string) {
  const route = EVENT_ROUTES.find(
    (r) => r.source === source && (r.detailTypes as readonly string[]).includes(detailType),
  );
  if (!route) throw new Error(`no event route takes ${source} ${detailType}`);
  return route.group;
}

export class RecurringSchedules extends Construct {
  readonly schedules: Schedule[] = [];

  constructor(scope: Construct, id: string, props: RecurringSchedulesProps) {
    super(scope, id);
    for (const declared of RECURRING_SCHEDULES) {
      const { source, detailType, detail } = declared.target;
      // A role of its own: it puts on the bus and parks in its own consumer's queue, nothing else.
      const role = new Role(this, `${declared.id}Role`, {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
        }),
      });
      const target = new EventBridgePutEvents(
        {
          eventBus: props.bus,
          source,
          detailType,
          detail: ScheduleTargetInput.fromObject({ ...detail, scheduledAt: ContextAttribute.scheduledTime }),
        },
        {
          role,
          deadLetterQueue: props.deadLetterQueueOf(source, detailType),
          retryAttempts: SCHEDULE_RETRY.attempts,
          maxEventAge: Duration.seconds(SCHEDULE_RETRY.maxEventAgeSeconds),
        },
      );
      this.schedules.push(
        new Schedule(this, declared.id, {
          description: declared.description,
          schedule: ScheduleExpression.expression(declared.expression),
          target,
        }),
      );
    }
  }
}
