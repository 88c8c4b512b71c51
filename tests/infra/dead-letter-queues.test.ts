/**
 * replay-dead-letters against a deployment (infra/ops/dead-letter-queues.ts), which needs AWS
 * itself: the calls it makes, recorded by the SDK clients' mock. It finds the queues and the bus
 * in the stack's outputs, receives each queue's messages until none are left, reads the event and
 * why it was parked, puts each event back on the bus as it was, deletes a message only once the
 * bus took its event, and leaves (visible again) what it cannot or did not replay. The local path
 * runs for real in tests/integration/notification-email-failures.test.ts.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { deploymentOf, receiveParked, release, replayParked } from '@clubs/infra/ops/dead-letter-queues.ts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';

const cloudFormation = mockClient(CloudFormationClient);
const sqs = mockClient(SQSClient);
const eventBridge = mockClient(EventBridgeClient);
afterEach(() => {
  cloudFormation.reset();
  sqs.reset();
  eventBridge.reset();
});

const clients = {
  cloudFormation: new CloudFormationClient({ region: 'eu-west-1' }),
  sqs: new SQSClient({ region: 'eu-west-1' }),
  eventBridge: new EventBridgeClient({ region: 'eu-west-1' }),
};
const URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/Clubs-NotificationDeliveryDlq';
const QUEUE = { name: 'NotificationDelivery', url: URL };

const busEvent = (source: string, detailType: string, detail: object) =>
  JSON.stringify({ version: '0', id: `evt-${detailType}`, source, 'detail-type': detailType, detail });

describe('replay-dead-letters in AWS', () => {
  it("finds the bus and the dead-letter queues in the stack's outputs", async () => {
    cloudFormation.on(DescribeStacksCommand, { StackName: 'ClubsProd' }).resolves({
      Stacks: [
        {
          StackName: 'ClubsProd',
          CreationTime: new Date(),
          StackStatus: 'UPDATE_COMPLETE',
          Outputs: [
            { OutputKey: 'EventBusName', OutputValue: 'ClubsProdBus' },
            { OutputKey: 'DeadLetterQueueNotificationDelivery', OutputValue: URL },
            { OutputKey: 'DeadLetterQueueStripeEvents', OutputValue: `${URL}-stripe` },
            { OutputKey: 'TableName', OutputValue: 'table' },
          ],
        },
      ],
    });
    expect(await deploymentOf(clients.cloudFormation, 'ClubsProd')).toEqual({
      busName: 'ClubsProdBus',
      queues: [QUEUE, { name: 'StripeEvents', url: `${URL}-stripe` }],
    });
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [] });
    await expect(deploymentOf(clients.cloudFormation, 'Other')).rejects.toThrow(/no EventBusName output/);
  });

  it('receives every message with why it was parked, and makes listed ones visible again', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [
          {
            MessageId: 'm1',
            ReceiptHandle: 'r1',
            Body: busEvent('clubs.notifications', 'notifications.email', { recipientId: 'u1' }),
            Attributes: { SentTimestamp: '1764201600000', ApproximateReceiveCount: '1' },
            // EventBridge's words for a rule target that refused.
            MessageAttributes: { ERROR_MESSAGE: { DataType: 'String', StringValue: 'Lambda throttled' } },
          },
          {
            MessageId: 'm2',
            ReceiptHandle: 'r2',
            Body: busEvent('clubs.domain', 'event.created', { eventId: 'e1' }),
            Attributes: { ApproximateReceiveCount: '2' },
            // Lambda's words for an asynchronous invocation that failed its retries.
            MessageAttributes: { ErrorMessage: { DataType: 'String', StringValue: 'Task timed out' } },
          },
        ],
      })
      .resolvesOnce({
        Messages: [{ MessageId: 'm3', ReceiptHandle: 'r3', Body: 'not json', Attributes: {} }],
      })
      .resolves({ Messages: [] });
    const parked = await receiveParked(clients.sqs, QUEUE);
    expect(parked.map((m) => [m.messageId, m.event?.['detail-type'] ?? null, m.error, m.receives])).toEqual([
      ['m1', 'notifications.email', 'Lambda throttled', 1],
      ['m2', 'event.created', 'Task timed out', 2],
      ['m3', null, 'failed every receive from its queue', 0],
    ]);
    expect(parked[0]?.sentAt).toBe('2025-11-27T00:00:00.000Z');
    const receives = sqs.commandCalls(ReceiveMessageCommand);
    expect(receives).toHaveLength(3);
    expect(receives[0]?.args[0].input).toMatchObject({
      QueueUrl: URL,
      MaxNumberOfMessages: 10,
      MessageAttributeNames: ['All'],
    });

    for (const message of parked) await release(clients.sqs, URL, message);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand).map((c) => c.args[0].input)).toEqual(
      ['r1', 'r2', 'r3'].map((ReceiptHandle) => ({ QueueUrl: URL, ReceiptHandle, VisibilityTimeout: 0 })),
    );
    expect(sqs.commandCalls(DeleteMessageCommand)).toEqual([]);
  });

  it('puts each event back on the bus and deletes only the messages whose event the bus took', async () => {
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [
          {
            MessageId: 'taken',
            ReceiptHandle: 'r-taken',
            Body: busEvent('clubs.notifications', 'notifications.email', { recipientId: 'u1' }),
          },
          {
            MessageId: 'refused',
            ReceiptHandle: 'r-refused',
            Body: busEvent('clubs.domain', 'post.created', { postId: 'p1' }),
          },
          {
            MessageId: 'ses',
            ReceiptHandle: 'r-ses',
            Body: busEvent('aws.ses', 'Email Bounced', { mail: {} }),
          },
          { MessageId: 'junk', ReceiptHandle: 'r-junk', Body: '{"hello":1}' },
        ],
      })
      .resolves({ Messages: [] });
    eventBridge
      .on(PutEventsCommand)
      .callsFake((input: { Entries: { DetailType: string }[] }) =>
        input.Entries[0]?.DetailType === 'notifications.email'
          ? { FailedEntryCount: 0, Entries: [{ EventId: 'new-1' }] }
          : { FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] },
      );

    const parked = await receiveParked(clients.sqs, QUEUE);
    const result = await replayParked(clients, 'ClubsProdBus', URL, parked);
    expect(result).toEqual({ replayed: 1, failed: 1, kept: 2 });
    expect(eventBridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries)).toEqual([
      [
        {
          EventBusName: 'ClubsProdBus',
          Source: 'clubs.notifications',
          DetailType: 'notifications.email',
          Detail: JSON.stringify({ recipientId: 'u1' }),
        },
      ],
      [
        {
          EventBusName: 'ClubsProdBus',
          Source: 'clubs.domain',
          DetailType: 'post.created',
          Detail: JSON.stringify({ postId: 'p1' }),
        },
      ],
    ]);
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: URL, ReceiptHandle: 'r-taken' },
    ]);
    expect(
      sqs.commandCalls(ChangeMessageVisibilityCommand).map((c) => c.args[0].input.ReceiptHandle),
    ).toEqual(['r-refused', 'r-ses', 'r-junk']);
  });
});
