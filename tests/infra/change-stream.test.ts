/**
 * The change stream as synthesized: the table's stream of new and old images, one consumer
 * function handed only outbox insertions and profile modifications in halving, retried batches with a
 * dead-letter queue, reading the stream, querying the index of a person's memberships and putting
 * on the bus and nothing else, and alarms on its lag and its queue.
 */
import {
  CHANGE_STREAM_FILTERS,
  CHANGE_STREAM_LIMITS,
  EVENT_BUS,
  STREAM_EVENT_SOURCES,
  TABLE,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { actionsOf, logicalId, type Statement, statementsOfRole, synthForFile } from './app.ts';

const synth = synthForFile({}, { bundle: false });
const { only, resourcesOf } = synth;

describe('the change stream', () => {
  it("streams the table's writes with their new and old images", () => {
    expect(only('AWS::DynamoDB::GlobalTable')[1].Properties.StreamSpecification).toEqual({
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    });
  });

  it('hands its consumer only outbox insertions and profile modifications, in halving, retried batches, then a dead-letter queue', () => {
    const { changeStream } = synth.stack;
    const [, mapping] = only('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(changeStream.handler.function) },
    });
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: CHANGE_STREAM_LIMITS.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: CHANGE_STREAM_LIMITS.retryAttempts,
      MaximumRecordAgeInSeconds: CHANGE_STREAM_LIMITS.maxRecordAgeSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: CHANGE_STREAM_FILTERS.map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
      },
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(changeStream.deadLetterQueue), 'Arn'] } },
      },
    });
  });

  it("reads this table's streams, queries a person's memberships and puts on the bus, nothing else", () => {
    const { changeStream } = synth.stack;
    const statements = statementsOfRole(synth.template, logicalId(changeStream.handler.role));
    const actions = actionsOf(statements).filter((action) => !action.startsWith('logs:'));
    expect(new Set(actions)).toEqual(
      new Set([
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'dynamodb:Query',
        'events:PutEvents',
        'sqs:SendMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'xray:PutTraceSegments',
        'xray:PutTelemetryRecords',
      ]),
    );
    const stream = statements.find((s) => actionsOf([s]).includes('dynamodb:GetRecords'));
    expect(stream?.Resource).toEqual({
      'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(synth.stack.data.table), 'Arn'] }, '/stream/*']],
    });
    // A changed profile is announced to each club of its person: a query of one index, no other.
    const query = statements.find((s) => actionsOf([s]).includes('dynamodb:Query'));
    expect(actionsOf(query ? [query] : [])).toEqual(['dynamodb:Query']);
    expect(query?.Resource).toEqual({
      'Fn::Join': [
        '',
        [{ 'Fn::GetAtt': [logicalId(synth.stack.data.table), 'Arn'] }, `/index/${TABLE.indexes.byUser.name}`],
      ],
    });
  });

  it('alone puts change events: every other role may put only its own sources, never theirs', () => {
    const policies = Object.values(resourcesOf('AWS::IAM::Policy'));
    const puts = policies.flatMap((policy) =>
      (
        (policy.Properties.PolicyDocument as { Statement: (Statement & { Condition?: unknown })[] })
          .Statement ?? []
      )
        .filter((statement) => actionsOf([statement]).includes('events:PutEvents'))
        .map((statement) => ({ roles: policy.Properties.Roles as { Ref?: string }[], statement })),
    );
    const streamRole = logicalId(synth.stack.changeStream.handler.role);
    const streamPuts = puts.filter(({ roles }) => roles.some((role) => role.Ref === streamRole));
    expect(streamPuts.map(({ statement }) => statement.Condition)).toEqual([
      { StringEquals: { 'events:source': [...STREAM_EVENT_SOURCES] } },
    ]);
    const others = puts.filter(({ roles }) => !roles.some((role) => role.Ref === streamRole));
    expect(others.length).toBeGreaterThan(3);
    for (const { statement } of others) {
      const sources = (statement.Condition as { StringEquals?: Record<string, string[]> } | undefined)
        ?.StringEquals?.['events:source'];
      // The Scheduler's schedules put their own sources with a role of their own: not a function's.
      expect(sources ?? [EVENT_BUS.schedulerSource], JSON.stringify(statement)).not.toContain(
        EVENT_BUS.domainSource,
      );
      if (sources) for (const source of STREAM_EVENT_SOURCES) expect(sources).not.toContain(source);
    }
  });

  it('alarms when the consumer lags a minute behind the stream, fails, or parks records', () => {
    const alarms = Object.keys(resourcesOf('AWS::CloudWatch::Alarm'));
    for (const id of ['ChangeStreamAgeAlarm', 'ChangeStreamErrorsAlarm', 'ChangeStreamDlqAlarm']) {
      expect(alarms.some((alarm) => alarm.startsWith(id))).toBe(true);
    }
    expect(CHANGE_STREAM_LIMITS.iteratorAgeAlarmSeconds).toBe(60);
  });
});
