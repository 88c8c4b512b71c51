/**
 * Event reminders in the synthesized stack: a schedule group, the role the schedules act as
 * (assumed by the Scheduler for this account's schedules of that group only, named by the
 * group's ARN as Scheduler presents it, allowed to put events on the app's bus and to park a run
 * that failed every retry in the reminders' dead-letter queue, and nothing else), the function that manages the schedules (fed
 * through a queue by the event's change events; create/update/delete on the group's reminder
 * schedules only, passing that role to the Scheduler only) and the rule that hands a due
 * reminder to notification delivery.
 */

import { usesOf } from '@clubs/infra/lib/group-access.ts';
import {
  CHANGE_EVENT_TYPES,
  EVENT_BUS,
  EVENT_REMINDER_DUE_TYPE,
  EVENT_REMINDER_SCHEDULE_PREFIX,
  QUIET_CHANGE_TYPES,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { logicalId, type Statement, statementsOfRole, synthForFile } from './app.ts';

const synth = synthForFile({}, { bundle: false });
const { resourcesOf, only } = synth;

const handler = (group: 'event-reminders' | 'notification-delivery') => {
  const fn = synth.stack.payments.functions.get(group);
  if (!fn) throw new Error(`no ${group} function`);
  return fn;
};

const resolved = (value: unknown) => JSON.stringify(synth.stack.resolve(value));

describe('event reminders: the schedules', () => {
  it('live in a group of their own and act as a role trusted by that group only, which may only put events on the bus and park failures', () => {
    const [groupId] = only('AWS::Scheduler::ScheduleGroup');
    expect(groupId).toBe(logicalId(synth.stack.reminderSchedules.group));
    const roleId = logicalId(synth.stack.reminderSchedules.role);
    const role = resourcesOf('AWS::IAM::Role')[roleId];
    const trust = (
      role?.Properties.AssumeRolePolicyDocument as { Statement: Record<string, unknown>[] } | undefined
    )?.Statement;
    expect(trust).toEqual([
      expect.objectContaining({
        Action: 'sts:AssumeRole',
        Principal: { Service: 'scheduler.amazonaws.com' },
        // Scheduler's aws:SourceArn is the schedule group's ARN (its user guide, confused-deputy
        // prevention), never a schedule's: a pattern of schedule ARNs would never match.
        Condition: {
          StringEquals: {
            'aws:SourceAccount': { Ref: 'AWS::AccountId' },
            'aws:SourceArn': { 'Fn::GetAtt': [groupId, 'Arn'] },
          },
        },
      }),
    ]);
    const deadLetters = synth.stack.payments.deadLetterQueues.get('notification-delivery');
    if (!deadLetters) throw new Error('no notification-delivery dead-letter queue');
    const statements = statementsOfRole(synth.template, roleId);
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'events:PutEvents',
        Resource: { 'Fn::GetAtt': [logicalId(synth.stack.payments.bus), 'Arn'] },
      },
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [logicalId(deadLetters), 'Arn'] },
      },
    ]);
  });
});

describe('event reminders: the function that manages them', () => {
  it("takes the event's change events through a queue", () => {
    const fn = logicalId(handler('event-reminders').function);
    const queue = synth.stack.payments.eventQueues.get('EventReminderSchedules');
    if (!queue) throw new Error('no EventReminderSchedules queue');
    const [, rule] = only('AWS::Events::Rule', {
      EventPattern: {
        source: [EVENT_BUS.domainSource],
        'detail-type': [CHANGE_EVENT_TYPES.eventCreated, QUIET_CHANGE_TYPES.eventChanged],
      },
    });
    expect(JSON.stringify(rule.Properties.Targets)).toContain(logicalId(queue.queue));
    const [, mapping] = only('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(queue.queue), 'Arn'] },
    });
    expect(mapping.Properties.FunctionName).toEqual({ Ref: fn });
  });

  it("creates, moves and deletes only the group's reminder schedules, and passes their role to the Scheduler only", () => {
    const { group, role } = synth.stack.reminderSchedules;
    const statements = statementsOfRole(synth.template, logicalId(handler('event-reminders').role));
    const scheduling = statements.find((s) => [s.Action].flat().includes('scheduler:CreateSchedule'));
    expect([scheduling?.Action].flat().sort()).toEqual([
      'scheduler:CreateSchedule',
      'scheduler:DeleteSchedule',
      'scheduler:UpdateSchedule',
    ]);
    expect(resolved(scheduling?.Resource)).toContain(
      `:schedule/${group.scheduleGroupName}/${EVENT_REMINDER_SCHEDULE_PREFIX}*`,
    );
    const passRole = statements.find((s) => [s.Action].flat().includes('iam:PassRole')) as
      | (Statement & { Condition?: unknown })
      | undefined;
    expect(passRole?.Resource).toEqual({ 'Fn::GetAtt': [logicalId(role), 'Arn'] });
    expect(passRole?.Condition).toEqual({
      StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
    });
    const fn = resourcesOf('AWS::Lambda::Function')[logicalId(handler('event-reminders').function)];
    const variables =
      (fn?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
    expect(variables.SCHEDULE_GROUP_NAME).toBe(group.scheduleGroupName);
    expect(variables.SCHEDULE_ROLE_ARN).toEqual({ 'Fn::GetAtt': [logicalId(role), 'Arn'] });
    expect(variables.SCHEDULE_DEAD_LETTER_ARN).toEqual({
      'Fn::GetAtt': [
        logicalId(synth.stack.payments.deadLetterQueues.get('notification-delivery') ?? role),
        'Arn',
      ],
    });
    expect(variables.SCHEDULE_TARGET_ARN).toEqual({
      'Fn::GetAtt': [logicalId(synth.stack.payments.bus), 'Arn'],
    });
    // Only the groups that declare schedules:manage (the reminders, the webhook retries) manage
    // schedules, and only in this group (least-privilege.test.ts holds the resources).
    const managers = [...synth.stack.payments.functions.keys()].filter((group) =>
      usesOf(group).has('schedules:manage'),
    );
    expect(managers.sort()).toEqual(['event-reminders', 'webhooks']);
    for (const [group, other] of synth.stack.payments.functions) {
      if (managers.includes(group)) continue;
      const actions = statementsOfRole(synth.template, logicalId(other.role)).flatMap((s) =>
        [s.Action].flat(),
      );
      expect(
        actions.filter((a) => a.startsWith('scheduler:') || a === 'iam:PassRole'),
        group,
      ).toEqual([]);
    }
  });

  it('hands a due reminder on the bus to notification delivery', () => {
    const [, rule] = only('AWS::Events::Rule', {
      EventPattern: { source: [EVENT_BUS.schedulerSource], 'detail-type': [EVENT_REMINDER_DUE_TYPE] },
    });
    expect(JSON.stringify(rule.Properties.Targets)).toContain(
      logicalId(handler('notification-delivery').function),
    );
    expect(rule.Properties.EventBusName).toEqual({ Ref: logicalId(synth.stack.payments.bus) });
  });
});
