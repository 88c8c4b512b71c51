/**
 * The recurring schedules in the template: one EventBridge Scheduler schedule per entry of the
 * shared declaration, in UTC, putting its event (the scheduled time in the detail) on the app's
 * bus, retried and then parked in the dead-letter queue of the group that consumes it, through a
 * role that may put events on that bus only; and the event manifest's rule that hands the event
 * to that group's function.
 */

import { consumerGroupOf } from '@clubs/infra/lib/schedules.ts';
import { DIGEST_DUE_TYPE, EVENT_BUS, RECURRING_SCHEDULES } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { actionsOf, logicalId, statementsOfRole, synthForFile } from './app.ts';

interface ScheduleProperties {
  State: string;
  FlexibleTimeWindow: unknown;
  ScheduleExpressionTimezone?: string;
  Target: {
    Arn: unknown;
    EventBridgeParameters: unknown;
    Input: string;
    DeadLetterConfig: unknown;
    RetryPolicy: { MaximumRetryAttempts: number };
    RoleArn: { 'Fn::GetAtt': [string, string] };
  };
}

const synth = synthForFile({}, { bundle: false });

describe('recurring schedules', () => {
  it('puts each declared event on the app bus at its UTC time, retried, then parked in its consumer’s dead-letter queue', () => {
    const schedules = Object.values(synth.resourcesOf('AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(RECURRING_SCHEDULES.length);
    const bus = logicalId(synth.stack.payments.bus);
    for (const declared of RECURRING_SCHEDULES) {
      // Each run is parked in the dead-letter queue of the group that consumes its event.
      const group = consumerGroupOf(declared.target.source, declared.target.detailType);
      const dlq = synth.stack.payments.deadLetterQueues.get(group);
      if (!dlq) throw new Error(`no ${group} dead-letter queue`);
      const schedule = schedules.find((s) => s.Properties.ScheduleExpression === declared.expression);
      expect(schedule, declared.id).toBeDefined();
      const props = schedule?.Properties as unknown as ScheduleProperties;
      expect(props.State).toBe('ENABLED');
      expect(props.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      expect(props.ScheduleExpressionTimezone ?? 'Etc/UTC').toBe('Etc/UTC');
      expect(props.Target.Arn).toEqual({ 'Fn::GetAtt': [bus, 'Arn'] });
      expect(props.Target.EventBridgeParameters).toEqual({
        DetailType: declared.target.detailType,
        Source: EVENT_BUS.schedulerSource,
      });
      expect(JSON.parse(props.Target.Input)).toEqual({
        ...declared.target.detail,
        scheduledAt: '<aws.scheduler.scheduled-time>',
      });
      expect(props.Target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [logicalId(dlq), 'Arn'] } });
      expect(props.Target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
      // Its role may put events on the app's bus, and park a run in that queue, nothing else.
      const [role] = props.Target.RoleArn['Fn::GetAtt'];
      const statements = statementsOfRole(synth.template, role);
      expect(new Set(actionsOf(statements))).toEqual(new Set(['events:PutEvents', 'sqs:SendMessage']));
      for (const statement of statements) {
        const target = actionsOf([statement]).includes('events:PutEvents') ? bus : logicalId(dlq);
        expect(statement.Resource).toEqual({ 'Fn::GetAtt': [target, 'Arn'] });
      }
    }
  });

  it("routes the digest's event on the bus to the notification-delivery function", () => {
    const [, rule] = synth.only('AWS::Events::Rule', {
      EventPattern: { source: [EVENT_BUS.schedulerSource], 'detail-type': [DIGEST_DUE_TYPE] },
    });
    const fn = synth.stack.payments.functions.get('notification-delivery');
    if (!fn) throw new Error('no notification-delivery function');
    expect(JSON.stringify(rule.Properties.Targets)).toContain(logicalId(fn.function));
  });
});
