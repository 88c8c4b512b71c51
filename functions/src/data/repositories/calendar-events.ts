/**
 * A club's events and their attendances. An event is keyed by club and id (one key lookup) and
 * listed through the byStatus index under EVENTS#{clubId}, sorted by its UTC start, so upcoming
 * and past events are key ranges read in pages. Attendances live in the event's own partition and
 * are counted on the event (attendeeCount) in the same transaction; every change also counts up
 * rsvpVersion, and the first attendees' faces kept on the event are valid only while they were
 * read at the current version (a stale copy is read again once and kept under that version).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Author,
  type ClubEvent,
  clubEventSchema,
  type EventWindow,
  idSchema,
  isoDateTime,
  TABLE,
} from '@clubs/shared';
import { indexKeys, keys, prefixes, withoutKeys } from '@clubs/shared/table-keys';
import { decodeTime } from 'ulid';
import * as z from 'zod';
import { batchGet } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { type Counter, deleteCounted, putCounted, type TransactItem } from '../counted-write.ts';
import { createUnder } from '../create-under.ts';
import { deleteChildItems } from '../delete-children.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { countItems, type KeyQuery, queryPage } from '../query.ts';
import { deleteExistingItemWith, updateExistingItemWith } from '../update-item.ts';

const cardSchema = z.object({ name: z.string(), avatarUrl: z.string().nullable() });

/** One person's attendance of an event, with their card (name and photo) when it was known. */
export const attendanceSchema = z.object({
  eventId: idSchema,
  userId: idSchema,
  createdAt: isoDateTime,
  card: cardSchema.nullable().default(null),
});
export type Attendance = z.input<typeof attendanceSchema>;
type StoredAttendance = z.output<typeof attendanceSchema>;

/** An event as stored, with its first attendees' faces when they are up to date (else null). */
export interface StoredEvent {
  event: ClubEvent;
  faces: Author[] | null;
  rsvpVersion: number;
}

const facesSchema = z.array(z.object({ id: idSchema, name: z.string(), avatarUrl: z.string().nullable() }));

export function toStoredEvent(item: Record<string, unknown>): StoredEvent {
  const rsvpVersion = typeof item.rsvpVersion === 'number' ? item.rsvpVersion : 0;
  const faces = item.facesVersion === rsvpVersion ? facesSchema.safeParse(item.faces) : null;
  const { rsvpVersion: _v, faces: _f, facesVersion: _fv, ...rest } = withoutKeys(item);
  return { event: clubEventSchema.parse(rest), faces: faces?.success ? faces.data : null, rsvpVersion };
}
const toAttendance = (item: Record<string, unknown>): StoredAttendance =>
  attendanceSchema.parse(withoutKeys(item));

/** The sort key holds the start in UTC, so events of a club sort by start whatever the offset. */
const startKeyOf = (startDate: string): string => new Date(startDate).toISOString();

const counterOf = (clubId: string, eventId: string): Counter => ({
  key: keys.event(clubId, eventId),
  attribute: 'attendeeCount',
  version: 'rsvpVersion',
});

/** An event as written (the time zone defaults to UTC). */
export type NewEvent = z.input<typeof clubEventSchema>;

export function eventItem(written: NewEvent, faces?: Author[]) {
  const event = clubEventSchema.parse(written);
  return {
    ...keys.event(event.clubId, event.id),
    ...indexKeys.clubEventStart(event.clubId, startKeyOf(event.startDate), event.id),
    type: 'event',
    ...event,
    rsvpVersion: 0,
    ...(faces ? { faces, facesVersion: 0 } : {}),
  };
}

export function attendanceItem(attendance: Attendance) {
  return { ...keys.attendance(attendance.eventId, attendance.userId), type: 'attendance', ...attendance };
}

/**
 * A transaction holds at most 100 items: the club check, the event and its first attendees, less
 * one for each further change written with them (the outbox item announcing the event).
 */
export const MAX_INITIAL_ATTENDEES = 98;

export type CreateEventResult =
  | { created: true; event: ClubEvent }
  | { created: false; reason: 'exists' | 'no_club' };

/**
 * Creates an event in an existing club together with its first attendees (the creator);
 * attendeeCount starts at exactly their number. When every attendee's
 * card is given, the event keeps their faces from the start. `also`: further changes written in
 * the same transaction (the outbox item announcing the event).
 */
export async function createEvent(
  event: Omit<NewEvent, 'attendeeCount'>,
  attendees: readonly (string | { userId: string; card: Author | null })[] = [],
  createdAt = new Date().toISOString(),
  also: readonly TransactItem[] = [],
): Promise<CreateEventResult> {
  const unique = [
    ...new Map(
      attendees.map((a) => (typeof a === 'string' ? { userId: a, card: null } : a)).map((a) => [a.userId, a]),
    ).values(),
  ];
  const allowed = MAX_INITIAL_ATTENDEES - also.length;
  if (unique.length > allowed) {
    throw new RangeError(`At most ${allowed} attendees can be added with the event`);
  }
  const stored: ClubEvent = clubEventSchema.parse({ ...event, attendeeCount: unique.length });
  const cards = unique.flatMap((a) => (a.card ? [a.card] : []));
  const faces = cards.length === unique.length ? cards.slice(0, 5) : undefined;
  const result = await createUnder(
    keys.club(event.clubId),
    [
      eventItem(stored, faces),
      ...unique.map((a) =>
        attendanceItem({
          eventId: event.id,
          userId: a.userId,
          createdAt,
          card: a.card ? { name: a.card.name, avatarUrl: a.card.avatarUrl } : null,
        }),
      ),
    ],
    { alongside: also },
  );
  if (result.created) return { created: true, event: stored };
  return { created: false, reason: result.reason === 'no_parent' ? 'no_club' : 'exists' };
}

/** An event of this club by id: one key lookup (null when there is none in this club). */
export async function getStoredEvent(
  clubId: string,
  eventId: string,
  options?: ReadOptions,
): Promise<StoredEvent | null> {
  return getEntity(keys.event(clubId, eventId), toStoredEvent, options);
}

export async function getEvent(clubId: string, eventId: string): Promise<ClubEvent | null> {
  return (await getStoredEvent(clubId, eventId))?.event ?? null;
}

export type EventChanges = Partial<
  Pick<ClubEvent, 'title' | 'description' | 'startDate' | 'endDate' | 'timeZone' | 'location'>
>;

/**
 * Changes an existing event's fields (a new start moves its index entry) in one transaction with
 * `also` (the outbox item announcing the change): false when the event is gone, and nothing was
 * written.
 */
export async function updateEvent(
  clubId: string,
  eventId: string,
  changes: EventChanges,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  const fields: Record<string, unknown> = { ...changes };
  if (changes.startDate) {
    Object.assign(fields, {
      [TABLE.indexes.byStatus.sortKey]: indexKeys.clubEventStart(
        clubId,
        startKeyOf(changes.startDate),
        eventId,
      ).gsi1sk,
    });
  }
  return updateExistingItemWith(keys.event(clubId, eventId), fields, also);
}

/**
 * The index query of a club's upcoming events (start now or later), soonest first, or of its past
 * events, latest first.
 */
function windowQuery(clubId: string, window: EventWindow, now: Date): KeyQuery {
  const boundary = now.toISOString();
  const upcoming = window === 'upcoming';
  return {
    index: TABLE.indexes.byStatus,
    partition: indexKeys.clubEventsPartition(clubId),
    // A start key is "{ISO instant}#{id}": every one at the boundary or later sorts at or after
    // the boundary itself; '\uffff' sorts after every one.
    sortKey: upcoming ? { atLeast: boundary } : { below: boundary },
    order: upcoming ? 'ascending' : 'descending',
  };
}

/**
 * Upcoming events soonest first, or past events latest first (upcoming when the start is now or
 * later), paged by cursor: one query of the start index.
 */
export function listEvents(
  clubId: string,
  options: { window: EventWindow; now?: Date; limit: number; cursor?: string },
) {
  return queryPage(windowQuery(clubId, options.window, options.now ?? new Date()), options, toStoredEvent);
}

/** How many upcoming or past events a club has (the tab counts): a counting query of the index. */
export function countEvents(clubId: string, window: EventWindow, now = new Date()): Promise<number> {
  return countItems(windowQuery(clubId, window, now));
}

/**
 * Deletes the event item in one transaction with `also` (the outbox item announcing it); false
 * when there was none, and nothing was written. Attendance items stay in their partition.
 */
export function deleteEvent(
  clubId: string,
  eventId: string,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  return deleteExistingItemWith(keys.event(clubId, eventId), also);
}

/** Pages of 100 attendances a deleted event's cleanup removes (one per member: 10,000). */
const ATTENDANCE_PAGES = 100;

/**
 * Removes a deleted event's attendances (its own partition). Nobody can register once the event
 * is gone (a registration is counted on the event item, which must exist), so this removes them
 * all; they would be unreachable anyway, as only listed events' attendances are ever read.
 */
export function deleteAttendances(eventId: string): Promise<void> {
  return deleteChildItems(keys.attendance(eventId, '').pk, prefixes.attendee, ATTENDANCE_PAGES);
}

export type AddAttendeeResult = { created: true } | { created: false; reason: 'exists' | 'no_event' };

/** Registers a person for an event once; the attendance and the count change together. */
export async function addAttendee(
  clubId: string,
  attendance: Attendance,
  /** Further changes written with the registration (the outbox item announcing it). */
  also: readonly TransactItem[] = [],
): Promise<AddAttendeeResult> {
  const outcome = await putCounted(attendanceItem(attendance), counterOf(clubId, attendance.eventId), also);
  if (outcome === 'created') return { created: true };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_event' };
}

/** Cancels a registration: true when one was removed (and counted down). */
export function removeAttendee(
  clubId: string,
  eventId: string,
  userId: string,
  /** Further changes written with the cancellation (the outbox item announcing it). */
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  return deleteCounted(keys.attendance(eventId, userId), counterOf(clubId, eventId), { also });
}

export async function isAttending(eventId: string, userId: string): Promise<boolean> {
  return (await attendingEventIds([eventId], userId)).has(eventId);
}

/** Which of these events the user is registered for: key lookups in one batch. */
export async function attendingEventIds(eventIds: readonly string[], userId: string): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const found = await batchGet(
    eventIds.map((eventId) => keys.attendance(eventId, userId)),
    ['eventId'],
  );
  return new Set(
    [...found.values()].flatMap((item) => (typeof item.eventId === 'string' ? [item.eventId] : [])),
  );
}

/** The first attendees of an event (the avatars on an event card), in registration key order. */
export async function listAttendees(eventId: string, limit: number): Promise<StoredAttendance[]> {
  const partition = keys.attendance(eventId, '').pk;
  const first = await queryPage(
    { partition, sortKey: { beginsWith: prefixes.attendee }, consistentRead: true },
    { limit },
    toAttendance,
  );
  return first.items;
}

/**
 * Keeps the first attendees' faces on the event as read at `version`; a change of attendance in
 * the meantime (the version moved on) leaves them for the next reader to read again.
 */
export async function keepEventFaces(clubId: string, eventId: string, version: number, faces: Author[]) {
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.event(clubId, eventId),
        UpdateExpression: 'SET faces = :faces, facesVersion = :version',
        ConditionExpression:
          'attribute_exists(pk) AND (rsvpVersion = :version OR attribute_not_exists(rsvpVersion))',
        ExpressionAttributeValues: { ':faces': faces, ':version': version },
      }),
    ),
  );
}

/** When an event was created: its id is a ULID made then (null for an id of another form). */
export function eventCreatedAt(eventId: string): Date | null {
  try {
    return new Date(decodeTime(eventId));
  } catch {
    return null;
  }
}
