/**
 * Change events come from the table's stream (a transactional outbox): a write that others should
 * hear of stores, in its own transaction, one small outbox item holding the change event it means
 * (id and time included). The table's stream carries the item's insertion to one consumer, which
 * puts the event on the bus; a write that happened always yields its event, and a refused one
 * wrote no outbox item, so it yields none. The outbox items of a club share one partition, so the
 * stream hands a club's changes over in the order they were written; TTL removes them after a day.
 * An outbox item holds either a change event (for the domain's consumers) or a platform event
 * (a club's state its members' billing follows). A person's profile is read from the stream as
 * it is changed: a changed name or bio concerns every club they belong to, so the consumer, not
 * the request, expands it to one member card change per membership. A profile's creation is not
 * read: a person's profile is made before any membership of theirs (profileOfCaller on every way
 * in), so a new profile has no club to tell; the one exception (a club created before its owner's
 * first page) announces its card with the profile's creation (services/profiles.ts).
 */
import * as z from 'zod';
import { idSchema, isoDateTime } from '../domain/common.ts';
import { type AnyChangeEvent, anyChangeEventSchema } from './change-events.ts';
import { PLATFORM_EVENTS } from './routing.ts';

export const CHANGE_OUTBOX = {
  /** The item attribute `type` of an outbox item (the one item kind the stream's filter lets through). */
  itemType: 'change',
  /** The attribute holding the change event. */
  attribute: 'change',
  /** The attribute holding a platform event instead (PlatformChange). */
  platformAttribute: 'platform',
  /** How long an outbox item is kept once written (the stream keeps its record 24 hours anyway). */
  keptSeconds: 24 * 3600,
} as const;

/** The stream's view: the item as written and as it was (the consumer reads the new image). */
export const CHANGE_STREAM_VIEW = 'NEW_AND_OLD_IMAGES';

/** The item attribute `type` of a person's profile, whose name and bio each club's search finds them by. */
export const PROFILE_ITEM_TYPE = 'profile';

/**
 * The stream records the consumer is handed, as the event source's filters (Lambda's
 * FilterCriteria: a record is handed over when it matches any of them): an outbox item inserted,
 * and a profile modified. Outbox items are never modified; a profile's insertion (a new person,
 * who belongs to no club yet), every other kind of item and TTL's removals are dropped before any
 * invocation. A filter cannot compare the old image with the new, so a profile modified without a
 * change to its name or bio passes too and the consumer drops it without a read.
 */
export const CHANGE_STREAM_FILTERS = [
  { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: [CHANGE_OUTBOX.itemType] } } } },
  { eventName: ['MODIFY'], dynamodb: { NewImage: { type: { S: [PROFILE_ITEM_TYPE] } } } },
] as const;

/**
 * A platform event an outbox item holds: a club's suspension or status changed, and its members'
 * billing follows (detail `{ clubId }` on the bus, source EVENT_BUS.platformSource).
 */
export const platformChangeSchema = z.object({
  id: idSchema,
  at: isoDateTime,
  detailType: z.enum([PLATFORM_EVENTS.suspensionChanged, PLATFORM_EVENTS.statusChanged]),
  clubId: idSchema,
});
export type PlatformChange = z.infer<typeof platformChangeSchema>;

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

/** A stream record as the mapper reads it: what happened and the item after (and before) it, unmarshalled. */
export interface ChangeStreamRecord {
  readonly eventName?: string;
  readonly newImage?: Record<string, unknown>;
  readonly oldImage?: Record<string, unknown>;
}

/** Whether a record passes one of CHANGE_STREAM_FILTERS (the local stream reader filters with them). */
export function passesChangeFilter(record: {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, { S?: string } | undefined> };
}): boolean {
  const type = record.dynamodb?.NewImage?.type?.S;
  return CHANGE_STREAM_FILTERS.some(
    (filter) =>
      (filter.eventName as readonly string[]).includes(record.eventName ?? '') &&
      type !== undefined &&
      (filter.dynamodb.NewImage.type.S as readonly string[]).includes(type),
  );
}

/** What a stream record means for the bus: a change event, a platform event, or a profile written. */
export type StreamEntry =
  | { readonly kind: 'change'; readonly change: AnyChangeEvent }
  | { readonly kind: 'platform'; readonly event: PlatformChange }
  | {
      readonly kind: 'profile';
      readonly userId: string;
      /** The profile before the write and after it, as stored. */
      readonly before: Record<string, unknown> | null;
      readonly after: Record<string, unknown>;
    };

export class MalformedOutboxItem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedOutboxItem';
  }
}

const malformed = (image: Record<string, unknown>, error: z.ZodError) =>
  new MalformedOutboxItem(
    `outbox item ${String(image.pk)} ${String(image.sk)}: ${error.issues[0]?.message ?? 'invalid'}`,
  );

/**
 * What a stream record means: an outbox item's insertion gives the change event (or platform
 * event) it holds, a profile modified gives the profile before and after; any other record (a
 * profile created among them) gives nothing. An outbox item whose event the schema refuses throws (the record is
 * retried, then parked in the consumer's dead-letter queue, never silently dropped).
 */
export function entryOfStreamRecord(record: ChangeStreamRecord): StreamEntry | null {
  const image = record.newImage;
  if (!image) return null;
  if (image.type === PROFILE_ITEM_TYPE) {
    if (record.eventName !== 'MODIFY' || typeof image.id !== 'string') return null;
    return { kind: 'profile', userId: image.id, before: record.oldImage ?? null, after: image };
  }
  if (record.eventName !== 'INSERT' || image.type !== CHANGE_OUTBOX.itemType) return null;
  if (image[CHANGE_OUTBOX.attribute] === undefined && image[CHANGE_OUTBOX.platformAttribute] !== undefined) {
    const parsed = platformChangeSchema.safeParse(image[CHANGE_OUTBOX.platformAttribute]);
    if (!parsed.success) throw malformed(image, parsed.error);
    return { kind: 'platform', event: parsed.data };
  }
  const parsed = anyChangeEventSchema.safeParse(image[CHANGE_OUTBOX.attribute]);
  if (!parsed.success) throw malformed(image, parsed.error);
  return { kind: 'change', change: parsed.data };
}

/** The change event a stream record means (an outbox item's insertion holding one), or null. */
export function changeOfStreamRecord(record: ChangeStreamRecord): AnyChangeEvent | null {
  const entry = entryOfStreamRecord(record);
  return entry?.kind === 'change' ? entry.change : null;
}
