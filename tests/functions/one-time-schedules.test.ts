/**
 * A one-time schedule (an event's reminder) as the Scheduler receives it: at its time in UTC,
 * deleting itself once fired, and, like every schedule, retried as SCHEDULE_RETRY says and then
 * parked in the deployment's dead-letter queue rather than dropped; moved with the same settings
 * when one of that name exists.
 */
import { CreateScheduleCommand, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { putOneTimeSchedule } from '@clubs/functions/bus/scheduler';
import { SCHEDULE_RETRY } from '@clubs/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const scheduler = mockClient(SchedulerClient);
const DEAD_LETTERS = 'arn:aws:sqs:eu-west-1:123456789012:ClubsProd-NotificationDeliveryDlq';

const reminder = {
  name: 'event-reminder-e1',
  at: new Date('2026-12-01T09:30:00Z'),
  source: 'clubs.scheduler',
  detailType: 'event.reminder-due',
  detail: '{"eventId":"e1"}',
  description: 'reminder of event e1',
};

beforeEach(() => {
  scheduler.reset();
  vi.stubEnv('SCHEDULE_GROUP_NAME', 'ClubsProd-reminders');
  vi.stubEnv('SCHEDULE_TARGET_ARN', 'arn:aws:events:eu-west-1:123456789012:event-bus/clubs');
  vi.stubEnv('SCHEDULE_ROLE_ARN', 'arn:aws:iam::123456789012:role/reminders');
});
afterEach(() => vi.unstubAllEnvs());

describe('putOneTimeSchedule', () => {
  it('retries a refused run and parks it in the dead-letter queue', async () => {
    vi.stubEnv('SCHEDULE_DEAD_LETTER_ARN', DEAD_LETTERS);
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    expect(await putOneTimeSchedule(reminder)).toBe('created');
    const [call] = scheduler.commandCalls(CreateScheduleCommand);
    expect(call?.args[0].input).toMatchObject({
      Name: reminder.name,
      GroupName: 'ClubsProd-reminders',
      ScheduleExpression: 'at(2026-12-01T09:30:00)',
      ActionAfterCompletion: 'DELETE',
      Target: {
        RetryPolicy: {
          MaximumRetryAttempts: SCHEDULE_RETRY.attempts,
          MaximumEventAgeInSeconds: SCHEDULE_RETRY.maxEventAgeSeconds,
        },
        DeadLetterConfig: { Arn: DEAD_LETTERS },
      },
    });
  });

  it('moves an existing schedule with the same retry policy and dead-letter queue', async () => {
    vi.stubEnv('SCHEDULE_DEAD_LETTER_ARN', DEAD_LETTERS);
    scheduler
      .on(CreateScheduleCommand)
      .rejects(Object.assign(new Error('exists'), { name: 'ConflictException' }));
    scheduler.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    expect(await putOneTimeSchedule(reminder)).toBe('updated');
    const [call] = scheduler.commandCalls(UpdateScheduleCommand);
    expect(call?.args[0].input.Target?.DeadLetterConfig).toEqual({ Arn: DEAD_LETTERS });
    expect(call?.args[0].input.Target?.RetryPolicy?.MaximumRetryAttempts).toBe(SCHEDULE_RETRY.attempts);
  });

  it('names no dead-letter queue where the deployment gives none (the local emulation)', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await putOneTimeSchedule(reminder);
    const [call] = scheduler.commandCalls(CreateScheduleCommand);
    expect(call?.args[0].input.Target?.DeadLetterConfig).toBeUndefined();
  });
});
