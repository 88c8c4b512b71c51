/**
 * One-time EventBridge Scheduler schedules that put an event on the app's bus: created or moved
 * (create, and update when one of that name exists) and deleted, in the app's schedule group,
 * with the role that lets them put their event on the bus. A run the bus refuses is retried as
 * every schedule's is (SCHEDULE_RETRY), then parked in the dead-letter queue of the deployment
 * (SCHEDULE_DEAD_LETTER_ARN) instead of being dropped without a trace. The client honours SCHEDULER_ENDPOINT
 * (the local stack's Scheduler emulation), so the same code runs locally and in AWS.
 */
import {
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { atExpression, SCHEDULE_RETRY } from '@clubs/shared';
import { clientPerEndpoint } from '../client-per-endpoint.ts';

const clientFor = clientPerEndpoint((endpoint) => new SchedulerClient({ endpoint }));

const scheduler = (): SchedulerClient => clientFor(process.env.SCHEDULER_ENDPOINT || undefined);

/** The schedule group, the bus the schedules target and the role they act as (the deployment's). */
function settings() {
  const groupName = process.env.SCHEDULE_GROUP_NAME;
  const targetArn = process.env.SCHEDULE_TARGET_ARN;
  const roleArn = process.env.SCHEDULE_ROLE_ARN;
  if (!groupName || !targetArn || !roleArn) {
    throw new Error('SCHEDULE_GROUP_NAME, SCHEDULE_TARGET_ARN and SCHEDULE_ROLE_ARN must be set');
  }
  // The local stack's Scheduler emulation has no queue to park a failed run in.
  const deadLetterArn = process.env.SCHEDULE_DEAD_LETTER_ARN || undefined;
  return { groupName, targetArn, roleArn, deadLetterArn };
}

export interface OneTimeSchedule {
  readonly name: string;
  /** When it fires, to the second (UTC). */
  readonly at: Date;
  /** The event it puts on the bus: its source, detail-type and detail (JSON). */
  readonly source: string;
  readonly detailType: string;
  readonly detail: string;
  /** Ids only: a schedule's description is readable by operators, not members' words. */
  readonly description: string;
}

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;

/** Creates the schedule, or moves the one of that name to this time and detail. */
export async function putOneTimeSchedule(schedule: OneTimeSchedule): Promise<'created' | 'updated'> {
  const { groupName, targetArn, roleArn, deadLetterArn } = settings();
  const input: CreateScheduleCommandInput = {
    Name: schedule.name,
    GroupName: groupName,
    Description: schedule.description,
    ScheduleExpression: atExpression(schedule.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    // A fired one-time schedule deletes itself: nothing is left to clean up.
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: targetArn,
      RoleArn: roleArn,
      Input: schedule.detail,
      EventBridgeParameters: { Source: schedule.source, DetailType: schedule.detailType },
      RetryPolicy: {
        MaximumRetryAttempts: SCHEDULE_RETRY.attempts,
        MaximumEventAgeInSeconds: SCHEDULE_RETRY.maxEventAgeSeconds,
      },
      ...(deadLetterArn ? { DeadLetterConfig: { Arn: deadLetterArn } } : {}),
    },
  };
  try {
    await scheduler().send(new CreateScheduleCommand(input));
    return 'created';
  } catch (error) {
    if (errorName(error) !== 'ConflictException') throw error;
  }
  await scheduler().send(new UpdateScheduleCommand(input));
  return 'updated';
}

/** Deletes the schedule of that name; one already gone (fired, or never made) is fine. */
export async function deleteOneTimeSchedule(name: string): Promise<'deleted' | 'absent'> {
  const { groupName } = settings();
  try {
    await scheduler().send(new DeleteScheduleCommand({ Name: name, GroupName: groupName }));
    return 'deleted';
  } catch (error) {
    if (errorName(error) === 'ResourceNotFoundException') return 'absent';
    throw error;
  }
}
