/**
 * Puts one entry on the custom bus (EVENT_BUS_NAME). The client honours EVENTBRIDGE_ENDPOINT
 * (the local bus), so the same code runs locally and in AWS.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_BUS } from '@clubs/shared';
import { clientPerEndpoint } from '../client-per-endpoint.ts';

const clientFor = clientPerEndpoint((endpoint) => new EventBridgeClient({ endpoint }));

const eventBridge = (): EventBridgeClient => clientFor(process.env.EVENTBRIDGE_ENDPOINT || undefined);

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
  /** The account's default bus instead of the app's (where AWS services put their events). */
  readonly bus?: 'default';
}

/** Puts one entry; throws PublishError when EventBridge refuses it. Answers the event id. */
export async function putBusEvent(entry: BusEntry): Promise<string> {
  const [id] = await putBusEvents([entry]);
  if (!id) throw new PublishError('EventBridge did not accept the event');
  return id;
}

/** PutEvents takes at most this many entries per request. */
export const BUS_ENTRIES_PER_REQUEST = 10;

/**
 * Puts entries, ten per request; throws PublishError when EventBridge refuses any of them.
 * Answers the event ids in order.
 */
export async function putBusEvents(entries: readonly BusEntry[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += BUS_ENTRIES_PER_REQUEST) {
    const chunk = entries.slice(start, start + BUS_ENTRIES_PER_REQUEST);
    const result = await eventBridge().send(
      new PutEventsCommand({
        Entries: chunk.map((entry) => ({
          EventBusName: entry.bus ?? (process.env.EVENT_BUS_NAME || EVENT_BUS.defaultName),
          Source: entry.source,
          DetailType: entry.detailType,
          Detail: entry.detail,
          Time: entry.time,
        })),
      }),
    );
    const answers = result.Entries ?? [];
    const refused = answers.find((answer) => !answer.EventId);
    if ((result.FailedEntryCount ?? 0) > 0 || answers.length !== chunk.length || refused) {
      throw new PublishError(
        refused?.ErrorMessage ?? 'EventBridge did not accept the event',
        refused?.ErrorCode,
      );
    }
    ids.push(...answers.map((answer) => answer.EventId ?? ''));
  }
  return ids;
}
