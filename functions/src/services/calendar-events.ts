/**
 * Club events: owners and moderators create, edit and delete them;
 * members register and cancel. Dates and times are entered in the creator's time zone and stored
 * as UTC instants; an event must start in the future when created or moved; only upcoming
 * events take registrations. The access check has already refused callers the route does not
 * allow and handed over the club and the caller's membership.
 */
import {
  type Author,
  type ClubEvent,
  type CreateEventFields,
  type Deleted,
  EVENT_MAX_AVATARS,
  type EventPage,
  type EventView,
  type EventWindow,
  isClubManager,
  isUpcoming,
  type UpdateEventInput,
  utcToZoned,
  zonedToUtc,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { changeOutbox } from '../bus/change-events.ts';
import type { Caller, Viewer } from '../caller.ts';
import {
  addAttendee,
  attendingEventIds,
  countEvents,
  deleteAttendances,
  getStoredEvent,
  createEvent as insertEvent,
  keepEventFaces,
  listAttendees,
  listEvents as readEvents,
  removeAttendee,
  deleteEvent as removeEvent,
  type StoredEvent,
  updateEvent,
} from '../data/repositories/calendar-events.ts';
import { memberCardOf } from '../data/repositories/member-cards.ts';
import { getProfile, getProfiles } from '../data/repositories/profiles.ts';
import { badRequest, notFound } from '../errors.ts';

const MINUTE = 60_000;
const DEFAULT_LOCATION = 'Online';

export const eventNotFound = () => notFound('Event not found');

/** The UTC start of a date and time in a zone, or a 400 saying why there is none or it is past. */
function startOf(date: string, time: string, timeZone: string, now: Date): Date {
  const start = zonedToUtc(date, time, timeZone);
  if (!start.ok) {
    throw start.problem === 'no_such_date'
      ? badRequest(`${date} is not a date in the calendar`, { field: 'date' })
      : badRequest(`${time} does not exist on ${date} in ${timeZone} (the clocks skip it)`, {
          field: 'time',
        });
  }
  if (start.instant.getTime() < now.getTime()) {
    throw badRequest('The event must start in the future', { field: 'date' });
  }
  return start.instant;
}

/** The first attendees' faces: kept on the event, or read again (once per change) and kept. */
async function facesOf(clubId: string, stored: StoredEvent): Promise<Author[]> {
  if (stored.faces) return stored.faces;
  const attendees = await listAttendees(stored.event.id, EVENT_MAX_AVATARS);
  const missing = attendees.filter((a) => !a.card).map((a) => a.userId);
  const profiles = missing.length > 0 ? await getProfiles(missing) : new Map();
  const faces = attendees.map((a) => ({
    id: a.userId,
    ...(a.card ?? memberCardOf(profiles.get(a.userId) ?? null)),
  }));
  await keepEventFaces(clubId, stored.event.id, stored.rsvpVersion, faces);
  return faces;
}

async function viewsOf(clubId: string, stored: StoredEvent[], viewer: Viewer): Promise<EventView[]> {
  const [going, faces] = await Promise.all([
    attendingEventIds(
      stored.map((s) => s.event.id),
      viewer.userId,
    ),
    Promise.all(stored.map((s) => facesOf(clubId, s))),
  ]);
  return stored.map((s, i) => ({
    ...s.event,
    // The place or meeting link is for members; a super admin overseeing is not one.
    location: viewer.role ? s.event.location : null,
    attendees: faces[i] ?? [],
    going: going.has(s.event.id),
    canManage: isClubManager(viewer.role),
  }));
}

async function viewOf(clubId: string, stored: StoredEvent, viewer: Viewer): Promise<EventView> {
  const [view] = await viewsOf(clubId, [stored], viewer);
  if (!view) throw eventNotFound();
  return view;
}

export async function listClubEvents(
  clubId: string,
  viewer: Viewer,
  query: { window: EventWindow; limit: number; cursor?: string },
  now = new Date(),
): Promise<EventPage> {
  const [page, upcomingCount, pastCount] = await Promise.all([
    readEvents(clubId, { ...query, now }),
    countEvents(clubId, 'upcoming', now),
    countEvents(clubId, 'past', now),
  ]);
  return {
    items: await viewsOf(clubId, page.items, viewer),
    nextCursor: page.nextCursor,
    upcomingCount,
    pastCount,
  };
}

export async function getClubEvent(clubId: string, eventId: string, viewer: Viewer): Promise<EventView> {
  const stored = await getStoredEvent(clubId, eventId);
  if (!stored) throw eventNotFound();
  return viewOf(clubId, stored, viewer);
}

/** Creates an event with its creator as the first attendee, announced in the same transaction. */
export async function createClubEvent(
  clubId: string,
  auth: Caller,
  viewer: Viewer,
  input: CreateEventFields,
  now = new Date(),
): Promise<EventView> {
  const start = startOf(input.date, input.time, input.timeZone, now);
  const profile = await getProfile(auth.userId);
  const card = { id: auth.userId, ...memberCardOf(profile) };
  const event: Omit<ClubEvent, 'attendeeCount'> = {
    id: ulid(now.getTime()),
    clubId,
    title: input.title,
    description: input.description,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + input.durationMinutes * MINUTE).toISOString(),
    timeZone: input.timeZone,
    location: input.location || DEFAULT_LOCATION,
    createdBy: auth.userId,
    thumbnail: input.thumbnail ?? null,
  };
  const result = await insertEvent(
    event,
    [{ userId: auth.userId, card }],
    now.toISOString(),
    changeOutbox(
      {
        type: 'event.created',
        clubId,
        actorId: auth.userId,
        eventId: event.id,
        title: event.title,
        startsAt: event.startDate,
      },
      now,
    ),
  );
  if (!result.created) throw notFound('Club not found');
  return {
    ...result.event,
    attendees: [card],
    going: true,
    canManage: isClubManager(viewer.role),
  };
}

/** This club's event as stored, or 404 (an id of another club's event is not found here). */
async function storedEventOfClub(clubId: string, eventId: string): Promise<StoredEvent> {
  const stored = await getStoredEvent(clubId, eventId);
  if (!stored) throw eventNotFound();
  return stored;
}

const eventOfClub = async (clubId: string, eventId: string): Promise<ClubEvent> =>
  (await storedEventOfClub(clubId, eventId)).event;

/**
 * Edits an event: a new date or time is read in the given zone or the event's own. The change is
 * announced in its own transaction (its reminder's schedule follows it).
 */
export async function editClubEvent(
  clubId: string,
  eventId: string,
  viewer: Viewer,
  input: UpdateEventInput,
  now = new Date(),
): Promise<EventView> {
  const stored = await storedEventOfClub(clubId, eventId);
  const event = stored.event;
  const zone = input.timeZone ?? event.timeZone;
  const current = utcToZoned(new Date(event.startDate), zone);
  const timeChanged = input.date !== undefined || input.time !== undefined || input.timeZone !== undefined;
  const start = timeChanged
    ? startOf(input.date ?? current.date, input.time ?? current.time, zone, now)
    : new Date(event.startDate);
  const duration =
    input.durationMinutes !== undefined
      ? input.durationMinutes * MINUTE
      : new Date(event.endDate).getTime() - new Date(event.startDate).getTime();
  const changes = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.location !== undefined ? { location: input.location || DEFAULT_LOCATION } : {}),
    timeZone: zone,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + duration).toISOString(),
  };
  const written = await updateEvent(
    event.clubId,
    event.id,
    changes,
    changeOutbox(
      { type: 'event.changed', clubId: event.clubId, actorId: viewer.userId, eventId: event.id },
      now,
    ),
  );
  if (!written) throw eventNotFound();
  // The event as read above, with the edit: a transaction answers no new item.
  const updated: StoredEvent = { ...stored, event: { ...event, ...changes } };
  return viewOf(event.clubId, updated, viewer);
}

/** Deletes an event, announced in the same transaction (its reminder's schedule goes), then its attendances. */
export async function deleteClubEvent(
  clubId: string,
  eventId: string,
  actorId: string,
  now = new Date(),
): Promise<Deleted> {
  const announced = changeOutbox({ type: 'event.changed', clubId, actorId, eventId }, now);
  if (!(await removeEvent(clubId, eventId, announced))) throw eventNotFound();
  await deleteAttendances(eventId);
  return { id: eventId, deleted: true };
}

/**
 * Registers the caller for an upcoming event, or cancels their registration (a repeat changes
 * nothing either way), and answers the event as it stands after the change.
 */
export async function setRegistration(
  clubId: string,
  eventId: string,
  going: boolean,
  auth: Caller,
  viewer: Viewer,
  now = new Date(),
): Promise<EventView> {
  const event = await eventOfClub(clubId, eventId);
  if (!isUpcoming(event, now)) throw badRequest('This event has already started; registration is closed');
  // The registration or its cancellation is announced in its own transaction, so only a change is
  // announced (a repeat writes nothing and announces nothing).
  const rsvp = changeOutbox(
    {
      type: 'event.rsvp',
      clubId,
      actorId: auth.userId,
      memberId: auth.userId,
      eventId,
      title: event.title,
      startsAt: event.startDate,
      going,
    },
    now,
  );
  if (going) {
    const card = memberCardOf(await getProfile(auth.userId));
    const result = await addAttendee(
      clubId,
      { eventId, userId: auth.userId, createdAt: now.toISOString(), card },
      rsvp,
    );
    if (!result.created && result.reason === 'no_event') throw eventNotFound();
  } else {
    await removeAttendee(clubId, eventId, auth.userId, rsvp);
  }
  // A strongly consistent read: the count and faces include the change just made.
  const stored = await getStoredEvent(clubId, eventId, { consistent: true });
  if (!stored) throw eventNotFound();
  return viewOf(clubId, stored, viewer);
}
