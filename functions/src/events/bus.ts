/**
 * Puts one entry on the custom bus (EVENT_BUS_NAME). The client honours EVENTBRIDGE_ENDPOINT
 * (the local bus), so the same code runs locally and in AWS.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_BUS } from '@clubs/shared';

let client: EventBridgeClient | undefined;

function eventBridge(): EventBridgeClient {
  client ??= new EventBridgeClient({ endpoint: process.env.EVENTBRIDGE_ENDPOINT || undefined });
  return client;
}

export class PublishError extends Error {
  constructor(
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

export interface BusEntry {
  readonly source: string;
  readonly detailType: string;
  /** The detail, already JSON. */
  readonly detail: string;
  readonly time?: Date;
}

/** Puts one entry; throws PublishError when EventBridge refuses it. Answers the event id. */
export async function putBusEvent(entry: BusEntry): Promise<string> {
  const result = await eventBridge().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: process.env.EVENT_BUS_NAME || EVENT_BUS.defaultName,
          Source: entry.source,
          DetailType: entry.detailType,
          Detail: entry.detail,
          Time: entry.time,
        },
      ],
    }),
  );
  const answer = result.Entries?.[0];
  if ((result.FailedEntryCount ?? 0) > 0 || !answer?.EventId) {
    throw new PublishError(answer?.ErrorMessage ?? 'EventBridge did not accept the event', answer?.ErrorCode);
  }
  return answer.EventId;
}
