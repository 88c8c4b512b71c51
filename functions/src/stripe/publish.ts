/**
 * Puts a verified Stripe event on the custom bus: Source EVENT_BUS.stripeSource, DetailType the
 * Stripe event type, Detail the event, Time its `created` (when present; else the time of the
 * put). The client honours EVENTBRIDGE_ENDPOINT (the local bus).
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_BUS } from '@clubs/shared';

export interface StripeEventEnvelope {
  readonly id: string;
  readonly type: string;
  /** Unix seconds; Stripe always sends it. */
  readonly created?: number;
}

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

/** Puts one entry; throws PublishError when EventBridge refuses it. */
export async function publishStripeEvent(event: StripeEventEnvelope, detail: string): Promise<string> {
  const result = await eventBridge().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: process.env.EVENT_BUS_NAME || EVENT_BUS.defaultName,
          Source: EVENT_BUS.stripeSource,
          DetailType: event.type,
          Detail: detail,
          Time: event.created === undefined ? undefined : new Date(event.created * 1000),
        },
      ],
    }),
  );
  const entry = result.Entries?.[0];
  if ((result.FailedEntryCount ?? 0) > 0 || !entry?.EventId) {
    throw new PublishError(entry?.ErrorMessage ?? 'EventBridge did not accept the event', entry?.ErrorCode);
  }
  return entry.EventId;
}
