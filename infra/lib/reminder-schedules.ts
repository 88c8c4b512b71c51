/**
 * Event reminders' one-time schedules (EventBridge Scheduler): the schedule group the functions
 * create them in, and the role the schedules act as when they fire, which may put events on the
 * app's bus and send a run that failed every retry to the reminders' dead-letter queue, and do
 * nothing else. Scheduler assumes that role naming the schedule's group as `aws:SourceArn` (the
 * Scheduler user guide's confused-deputy prevention), so the trust names this group's ARN exactly. The functions that manage the schedules (resource use
 * `schedules:manage`) may create, update and delete the reminder schedules of this group only and
 * hand them this role only (grantManageSchedules).
 */
import { EVENT_REMINDER_SCHEDULE_PREFIX, WEBHOOK_RETRY_SCHEDULE_PREFIX } from '@clubs/shared';
import { Aws, Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from './nag.ts';

export interface ReminderSchedulesProps {
  readonly bus: IEventBus;
}

/** The actions that create, move and delete a schedule. */
export const SCHEDULE_ACTIONS = [
  'scheduler:CreateSchedule',
  'scheduler:UpdateSchedule',
  'scheduler:DeleteSchedule',
] as const;

export class ReminderSchedules extends Construct {
  readonly group: ScheduleGroup;
  /** The role the schedules act as: events:PutEvents on the app's bus only. */
  readonly role: Role;
  readonly bus: IEventBus;

  constructor(scope: Construct, id: string, props: ReminderSchedulesProps) {
    super(scope, id);
    this.bus = props.bus;
    // Deleting the stack deletes the group and every schedule still in it.
    this.group = new ScheduleGroup(this, 'Group', { removalPolicy: RemovalPolicy.DESTROY });
    this.role = new Role(this, 'Role', {
      description: "Event reminders' schedules: put the reminder's event on the app's bus",
      // Only this account's schedules of this group may act as it (no confused deputy).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID, 'aws:SourceArn': this.group.scheduleGroupArn },
        },
      }),
    });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['events:PutEvents'], resources: [props.bus.eventBusArn] }),
    );
  }

  private deadLetterQueue: IQueue | undefined;

  /**
   * Where a reminder's run goes when the bus refused it through every retry (SCHEDULE_RETRY): the
   * dead-letter queue of the group that consumes reminders, which the schedules' role may write.
   */
  deliverFailuresTo(queue: IQueue): void {
    this.deadLetterQueue = queue;
    // SendMessage only: Scheduler needs nothing else of the queue (grantSendMessages adds reads).
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }),
    );
  }

  /** The ARN of this group's schedules whose name matches `name` (a pattern may end in `*`). */
  scheduleArn(name: string): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.scheduleGroupName}/${name}`,
    });
  }

  /**
   * Lets a function create, move and delete the one-time schedules of this group whose names start
   * with `prefix` (event reminders' EVENT_REMINDER_SCHEDULE_PREFIX, webhook retries'
   * WEBHOOK_RETRY_SCHEDULE_PREFIX) and hand them this role, to the Scheduler only.
   */
  grantManageSchedules(role: IRole, prefix = EVENT_REMINDER_SCHEDULE_PREFIX): void {
    const schedules = this.scheduleArn(`${prefix}*`);
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...SCHEDULE_ACTIONS], resources: [schedules] }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    acknowledgeWildcardResource(
      role,
      schedules,
      prefix === WEBHOOK_RETRY_SCHEDULE_PREFIX
        ? "Each failed webhook delivery has a retry schedule of its own, named after the delivery's id; the function manages " +
            'the webhook retry schedules of this group only.'
        : "Each club event has a reminder schedule of its own, named after the event's id; the function manages " +
            'the reminder schedules of this group only.',
    );
  }

  /** The environment of a function that manages the schedules (functions/src/bus/scheduler.ts). */
  environment(): Record<string, string> {
    return {
      SCHEDULE_GROUP_NAME: this.group.scheduleGroupName,
      SCHEDULE_TARGET_ARN: this.bus.eventBusArn,
      SCHEDULE_ROLE_ARN: this.role.roleArn,
      SCHEDULE_DEAD_LETTER_ARN: Lazy.string({
        produce: () => {
          if (!this.deadLetterQueue) throw new Error('the reminder schedules have no dead-letter queue');
          return this.deadLetterQueue.queueArn;
        },
      }),
    };
  }
}
