import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type ClubEvent, clubEventSchema, idSchema, isoDateTime } from '@clubs/shared';
import * as z from 'zod';
import { db, tableName } from '../client.ts';
import { deleteCounted, putCounted } from '../counted-write.ts';
import { createUnder } from '../create-under.ts';
import { isConditionFailed } from '../errors.ts';
import { keys, prefixes, withoutKeys } from '../keys.ts';
import { countItems, type KeyQuery, queryFirst, queryPage } from '../query.ts';

/** One person's attendance of an event; counted on the event as attendeeCount. */
export const attendanceSchema = z.object({ eventId: idSchema, userId: idSchema, createdAt: isoDateTime });
export type Attendance = z.infer<typeof attendanceSchema>;

/** What locates an event item: its club, its start (part of the sort key) and its id. */
export type EventRef = Pick<ClubEvent, 'clubId' | 'startDate' | 'id'>;

const toEvent = (item: Record<string, unknown>): ClubEvent => clubEventSchema.parse(withoutKeys(item));
const toAttendance = (item: Record<string, unknown>): Attendance => attendanceSchema.parse(withoutKeys(item));

/** The sort key holds the start in UTC, so events of a club sort by start whatever the offset. */
const startKeyOf = (startDate: string): string => new Date(startDate).toISOString();
const eventKey = (event: EventRef) => keys.event(event.clubId, startKeyOf(event.startDate), event.id);

export function eventItem(event: ClubEvent) {
  return { ...eventKey(event), type: 'event', ...event };
}

export function attendanceItem(attendance: Attendance) {
  return { ...keys.attendance(attendance.eventId, attendance.userId), type: 'attendance', ...attendance };
}

/** A transaction holds at most 100 items: the event, the club check and the first attendees. */
export const MAX_INITIAL_ATTENDEES = 98;

export type CreateEventResult =
  | { created: true; event: ClubEvent }
  | { created: false; reason: 'exists' | 'no_club' };

/**
 * Creates an event in an existing club together with its first attendees (the creator, as the
 * spec's createEvent does); attendeeCount starts at exactly their number.
 */
export async function createEvent(
  event: Omit<ClubEvent, 'attendeeCount'>,
  attendeeIds: readonly string[] = [],
  createdAt = new Date().toISOString(),
): Promise<CreateEventResult> {
  const attendees = [...new Set(attendeeIds)];
  if (attendees.length > MAX_INITIAL_ATTENDEES) {
    throw new RangeError(`At most ${MAX_INITIAL_ATTENDEES} attendees can be added with the event`);
  }
  const stored: ClubEvent = { ...event, attendeeCount: attendees.length };
  const result = await createUnder(keys.club(event.clubId), [
    eventItem(stored),
    ...attendees.map((userId) => attendanceItem({ eventId: event.id, userId, createdAt })),
  ]);
  if (result.created) return { created: true, event: stored };
  return { created: false, reason: result.reason === 'no_parent' ? 'no_club' : 'exists' };
}

/** An event by its full reference: one key lookup. */
export async function getEventAt(event: EventRef): Promise<ClubEvent | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: eventKey(event) }));
  return Item ? toEvent(Item) : null;
}

/**
 * An event by club and id only: the start is part of the key, so this reads the club's event
 * range (one query, filtered on the id). Prefer getEventAt when the start is known.
 */
export function getEvent(clubId: string, eventId: string): Promise<ClubEvent | null> {
  return queryFirst(
    {
      partition: keys.club(clubId).pk,
      sortKey: { beginsWith: prefixes.event },
      filter: { expression: '#id = :id', names: { '#id': 'id' }, values: { ':id': eventId } },
    },
    toEvent,
  );
}

export type EventWindow = 'upcoming' | 'past';

/**
 * The query of a club's upcoming events (start now or later), soonest first, or of its past
 * events, latest first: a sort-key range of the club's partition.
 */
function windowQuery(clubId: string, window: EventWindow, now: Date): KeyQuery {
  const boundary = `${prefixes.event}${now.toISOString()}`;
  // '\uffff' sorts after every character of an ISO date and an id.
  const upcoming = window === 'upcoming';
  return {
    partition: keys.club(clubId).pk,
    sortKey: { between: upcoming ? [boundary, `${prefixes.event}\uffff`] : [prefixes.event, boundary] },
    order: upcoming ? 'ascending' : 'descending',
  };
}

/**
 * Upcoming events soonest first, or past events latest first (spec: upcoming when the start is
 * now or later), paged by cursor.
 */
export function listEvents(
  clubId: string,
  options: { window: EventWindow; now?: Date; limit: number; cursor?: string },
) {
  return queryPage(windowQuery(clubId, options.window, options.now ?? new Date()), options, toEvent);
}

/** How many upcoming or past events a club has (the tab counts): a counting query. */
export function countEvents(clubId: string, window: EventWindow, now = new Date()): Promise<number> {
  return countItems(windowQuery(clubId, window, now));
}

/** Deletes the event item; false when there was none. Attendance items stay in their partition. */
export async function deleteEvent(event: EventRef): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: eventKey(event),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export type AddAttendeeResult =
  | { created: true; attendance: Attendance }
  | { created: false; reason: 'exists' | 'no_event' };

/** Registers a person for an event once; the attendance and the count change together. */
export async function addAttendee(
  event: EventRef,
  userId: string,
  createdAt = new Date().toISOString(),
): Promise<AddAttendeeResult> {
  const attendance: Attendance = { eventId: event.id, userId, createdAt };
  const outcome = await putCounted(attendanceItem(attendance), {
    key: eventKey(event),
    attribute: 'attendeeCount',
  });
  if (outcome === 'created') return { created: true, attendance };
  return { created: false, reason: outcome === 'exists' ? 'exists' : 'no_event' };
}

/** Cancels a registration: true when one was removed (and counted down). */
export async function removeAttendee(event: EventRef, userId: string): Promise<boolean> {
  return deleteCounted(keys.attendance(event.id, userId), {
    key: eventKey(event),
    attribute: 'attendeeCount',
  });
}

export async function isAttending(eventId: string, userId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.attendance(eventId, userId),
      ProjectionExpression: 'pk',
    }),
  );
  return Boolean(Item);
}

/** The first attendees of an event (the avatars on an event card), in user id order. */
export async function listAttendees(eventId: string, limit: number): Promise<Attendance[]> {
  const partition = keys.attendance(eventId, '').pk;
  const first = await queryPage(
    { partition, sortKey: { beginsWith: prefixes.attendee } },
    { limit },
    toAttendance,
  );
  return first.items;
}
