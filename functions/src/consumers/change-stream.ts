/**
 * The change stream's consumer: the table's stream, filtered to outbox items' insertions
 * (CHANGE_STREAM_FILTER), hands it batches of records in the order they were written, and each
 * outbox item's change event goes on the bus, in that order, ten per PutEvents. When a record
 * cannot be put (the bus refused it, or its outbox item does not hold a change event), the answer
 * names it as the first failure: the stream hands it and every later record of the batch over
 * again (halving the batch on errors, then parking it in the dead-letter queue), and the records
 * before it stay put. A record handed over twice puts its event twice with the same id, which
 * the consumers apply once.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type AnyChangeEvent, changeOfStreamRecord, EVENT_BUS } from '@clubs/shared';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { BUS_ENTRIES_PER_REQUEST, type BusEntry, putBusEvents } from '../bus/put-events.ts';
import { logger } from '../logger.ts';

interface Pending {
  readonly sequenceNumber: string;
  readonly change: AnyChangeEvent;
}

const entryOf = (change: AnyChangeEvent): BusEntry => ({
  source: EVENT_BUS.domainSource,
  detailType: change.type,
  detail: JSON.stringify(change),
  time: new Date(change.at),
});

/** The change a record means (null: none); throws for an outbox item that holds no change event. */
function changeOf(record: DynamoDBRecord): AnyChangeEvent | null {
  const image = record.dynamodb?.NewImage;
  return changeOfStreamRecord({
    eventName: record.eventName,
    // Lambda's record holds the image in the same attribute-value shape the SDK's unmarshall reads.
    newImage: image ? unmarshall(image as Parameters<typeof unmarshall>[0]) : undefined,
  });
}

/** The answer that has the stream hand over again everything from `sequenceNumber` on. */
const failedFrom = (sequenceNumber: string | undefined): DynamoDBBatchResponse => ({
  batchItemFailures: [{ itemIdentifier: sequenceNumber ?? '' }],
});

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  let pending: Pending[] = [];
  let put = 0;
  const flush = async (): Promise<string | null> => {
    for (let start = 0; start < pending.length; start += BUS_ENTRIES_PER_REQUEST) {
      const chunk = pending.slice(start, start + BUS_ENTRIES_PER_REQUEST);
      try {
        await putBusEvents(chunk.map((item) => entryOf(item.change)));
        put += chunk.length;
      } catch (error) {
        logger.error('change events not put on the bus', {
          first: chunk[0]?.change.id,
          count: chunk.length,
          error: error instanceof Error ? error.message : String(error),
        });
        return chunk[0]?.sequenceNumber ?? null;
      }
    }
    pending = [];
    return null;
  };

  for (const record of event.Records) {
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
    let change: AnyChangeEvent | null;
    try {
      change = changeOf(record);
    } catch (error) {
      const failed = await flush();
      logger.error('outbox item holds no change event', {
        sequenceNumber,
        error: error instanceof Error ? error.message : String(error),
      });
      return failedFrom(failed ?? sequenceNumber);
    }
    if (change) pending.push({ sequenceNumber, change });
    if (pending.length >= BUS_ENTRIES_PER_REQUEST) {
      const failed = await flush();
      if (failed !== null) return failedFrom(failed);
    }
  }
  const failed = await flush();
  if (failed !== null) return failedFrom(failed);
  logger.debug('change events put', { records: event.Records.length, put });
  return { batchItemFailures: [] };
}
