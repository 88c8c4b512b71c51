/**
 * A deployment's dead-letter queues, for `npm run replay-dead-letters -- --stack <name>`: one SQS
 * queue per event handler group (infra/lib/payments-events.ts), named in the stack's outputs
 * (`DeadLetterQueue{Group}`), holding what its rules could not deliver, what its function failed
 * after Lambda's retries and what its queued routes failed MAX_RECEIVES times. Every one of them
 * holds the bus's event as its body. Listing receives the messages and makes them visible again
 * at once; replaying puts each event back on the app's bus (its rules deliver it again, and each
 * consumer applies an event at most once) and deletes the message only once the bus took it. An
 * event of an AWS service's own source (SES's bounces) cannot be put on a bus by anyone else: it
 * is listed and left in its queue.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { DEAD_LETTER_OUTPUT_PREFIX, EVENT_BUS_OUTPUT } from '../lib/stack-outputs.ts';

/** Messages read from one queue at most, per run. */
const MAX_MESSAGES = 500;
/** How long a received message stays hidden while it is replayed. */
const VISIBILITY_SECONDS = 60;

export interface Deployment {
  busName: string;
  queues: { name: string; url: string }[];
}

export interface ParkedMessage {
  queue: string;
  messageId: string;
  receiptHandle: string;
  sentAt: string | null;
  receives: number;
  /** The bus's event the body holds (null when it holds something else). */
  event: { id?: string; source: string; 'detail-type': string; detail: unknown } | null;
  /** Why it was parked, as EventBridge or Lambda said (a queue's own redrive says nothing). */
  error: string;
}

export interface AwsClients {
  cloudFormation: CloudFormationClient;
  sqs: SQSClient;
  eventBridge: EventBridgeClient;
}

export const awsClients = (region?: string): AwsClients => ({
  cloudFormation: new CloudFormationClient({ region }),
  sqs: new SQSClient({ region }),
  eventBridge: new EventBridgeClient({ region }),
});

/** The bus and the dead-letter queues the stack's outputs name. */
export async function deploymentOf(
  cloudFormation: CloudFormationClient,
  stackName: string,
): Promise<Deployment> {
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = Stacks?.[0]?.Outputs ?? [];
  const busName = outputs.find((output) => output.OutputKey === EVENT_BUS_OUTPUT)?.OutputValue;
  if (!busName) throw new Error(`stack ${stackName} has no ${EVENT_BUS_OUTPUT} output`);
  const queues = outputs
    .filter((output) => output.OutputKey?.startsWith(DEAD_LETTER_OUTPUT_PREFIX) && output.OutputValue)
    .map((output) => ({
      name: (output.OutputKey as string).slice(DEAD_LETTER_OUTPUT_PREFIX.length),
      url: output.OutputValue as string,
    }));
  return { busName, queues };
}

function eventOf(body: string | undefined): ParkedMessage['event'] {
  try {
    const value = JSON.parse(body ?? '') as ParkedMessage['event'];
    return value && typeof value.source === 'string' && typeof value['detail-type'] === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

function parkedOf(queue: string, message: Message): ParkedMessage {
  const attribute = (name: string) => message.MessageAttributes?.[name]?.StringValue;
  const sent = Number(message.Attributes?.SentTimestamp);
  return {
    queue,
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    sentAt: Number.isFinite(sent) && sent > 0 ? new Date(sent).toISOString() : null,
    receives: Number(message.Attributes?.ApproximateReceiveCount ?? 0),
    event: eventOf(message.Body),
    error: attribute('ERROR_MESSAGE') ?? attribute('ErrorMessage') ?? 'failed every receive from its queue',
  };
}

/** Receives the queue's messages, ten at a time, hiding each while this run works on it. */
export async function receiveParked(
  sqs: SQSClient,
  queue: { name: string; url: string },
): Promise<ParkedMessage[]> {
  const parked: ParkedMessage[] = [];
  while (parked.length < MAX_MESSAGES) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queue.url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
        VisibilityTimeout: VISIBILITY_SECONDS,
        MessageSystemAttributeNames: ['SentTimestamp', 'ApproximateReceiveCount'],
        MessageAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) break;
    parked.push(...Messages.map((message) => parkedOf(queue.name, message)));
  }
  return parked;
}

/** Makes a received message visible again at once (listed only, or not replayed). */
export async function release(sqs: SQSClient, url: string, message: ParkedMessage): Promise<void> {
  await sqs.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: url,
      ReceiptHandle: message.receiptHandle,
      VisibilityTimeout: 0,
    }),
  );
}

/** One line saying what a parked message is, where it waits and why. */
export const describeParked = (message: ParkedMessage): string =>
  `${message.sentAt ?? '?'} ${message.queue} ${message.event?.['detail-type'] ?? '(not an event)'} ` +
  `(${message.event?.id ?? message.messageId}), ${message.receives} receives: ${message.error}`;

export interface AwsReplayResult {
  replayed: number;
  failed: number;
  /** Not an event, or an AWS service's own: left in the queue. */
  kept: number;
}

/** Puts each parked event back on the bus and deletes its message once the bus took it. */
export async function replayParked(
  clients: Pick<AwsClients, 'sqs' | 'eventBridge'>,
  busName: string,
  url: string,
  messages: readonly ParkedMessage[],
  log: (message: string) => void = () => undefined,
): Promise<AwsReplayResult> {
  const result: AwsReplayResult = { replayed: 0, failed: 0, kept: 0 };
  for (const message of messages) {
    const { event } = message;
    if (!event || event.source.startsWith('aws.')) {
      result.kept += 1;
      log(`kept: ${describeParked(message)}`);
      await release(clients.sqs, url, message);
      continue;
    }
    const answer = await clients.eventBridge.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: busName,
            Source: event.source,
            DetailType: event['detail-type'],
            Detail: JSON.stringify(event.detail ?? {}),
          },
        ],
      }),
    );
    if ((answer.FailedEntryCount ?? 0) > 0 || !answer.Entries?.[0]?.EventId) {
      result.failed += 1;
      log(`failed again: ${describeParked(message)}: ${answer.Entries?.[0]?.ErrorMessage ?? 'refused'}`);
      await release(clients.sqs, url, message);
      continue;
    }
    await clients.sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.receiptHandle }));
    result.replayed += 1;
    log(`replayed ${event['detail-type']} (${event.id ?? message.messageId}) from ${message.queue}`);
  }
  return result;
}
