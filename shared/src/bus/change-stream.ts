/**
 * Change events come from the table's stream (a transactional outbox): a write that others should
 * hear of stores, in its own transaction, one small outbox item holding the change event it means
 * (id and time included). The table's stream carries the item's insertion to one consumer, which
 * puts the event on the bus; a write that happened always yields its event, and a refused one
 * wrote no outbox item, so it yields none. The outbox items of a club share one partition, so the
 * stream hands a club's changes over in the order they were written; TTL removes them after a day.
 */
import { type AnyChangeEvent, anyChangeEventSchema } from './change-events.ts';

export const CHANGE_OUTBOX = {
  /** The item attribute `type` of an outbox item (the one item kind the stream's filter lets through). */
  itemType: 'change',
  /** The attribute holding the change event. */
  attribute: 'change',
  /** How long an outbox item is kept once written (the stream keeps its record 24 hours anyway). */
  keptSeconds: 24 * 3600,
} as const;

/** The stream's view: the item as written and as it was (the consumer reads the new image). */
export const CHANGE_STREAM_VIEW = 'NEW_AND_OLD_IMAGES';

/**
 * The stream records the consumer is handed, as an event source filter (Lambda's FilterCriteria
 * pattern over the record): insertions of outbox items only. An item's other changes, every other
 * kind of item and TTL's removals are dropped before any invocation.
 */
export const CHANGE_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [CHANGE_OUTBOX.itemType] } } },
} as const;

/**
 * How the stream's records reach the consumer (its event source mapping in AWS; the local reader
 * reads batches of the same size): batches of up to `batchSize` records, a failing batch halved
 * and retried up to `retryAttempts` times or until its records are `maxRecordAgeSeconds` old, then
 * parked in the dead-letter queue; `iteratorAgeAlarmSeconds` of delay raises the alarm.
 */
export const CHANGE_STREAM_LIMITS = {
  batchSize: 100,
  retryAttempts: 8,
  maxRecordAgeSeconds: 6 * 3600,
  iteratorAgeAlarmSeconds: 60,
} as const;

/** A stream record as the mapper reads it: what happened and the item after it, unmarshalled. */
export interface ChangeStreamRecord {
  readonly eventName?: string;
  readonly newImage?: Record<string, unknown>;
}

/** Whether a record passes CHANGE_STREAM_FILTER (the local stream reader filters with it). */
export function passesChangeFilter(record: {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, { S?: string } | undefined> };
}): boolean {
  return record.eventName === 'INSERT' && record.dynamodb?.NewImage?.type?.S === CHANGE_OUTBOX.itemType;
}

export class MalformedOutboxItem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedOutboxItem';
  }
}

/**
 * The change event a stream record means: an outbox item's insertion gives the event it holds;
 * any other record gives none. An outbox item whose event the schema refuses throws (the record
 * is retried, then parked in the consumer's dead-letter queue, never silently dropped).
 */
export function changeOfStreamRecord(record: ChangeStreamRecord): AnyChangeEvent | null {
  const image = record.newImage;
  if (record.eventName !== 'INSERT' || image?.type !== CHANGE_OUTBOX.itemType) return null;
  const parsed = anyChangeEventSchema.safeParse(image[CHANGE_OUTBOX.attribute]);
  if (!parsed.success) {
    throw new MalformedOutboxItem(
      `outbox item ${String(image.pk)} ${String(image.sk)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
