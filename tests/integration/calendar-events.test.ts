import { getStoredEvent, listAttendees } from '@clubs/functions/data/repositories/calendar-events';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { handler } from '@clubs/functions/routes/calendar-events';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import type { ClubSidebar, CreateEventInput, EventPage, EventView, RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

async function newClub() {
  const ownerId = ulid();
  const { club } = await createClubWithOwner(clubFixture({ ownerId }));
  return { clubId: club.id, ownerId };
}

const member = (clubId: string, role: 'club_member' | 'club_moderator' = 'club_member') =>
  addMember(clubId, { role });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const eventInput = (overrides: Partial<CreateEventInput> = {}): CreateEventInput => ({
  title: 'Open studio',
  description: 'Bring a sketchbook',
  date: inDays(3),
  time: '18:30',
  timeZone: 'America/New_York',
  location: 'https://meet.example/studio',
  ...overrides,
});

async function create(clubId: string, userId: string, overrides: Partial<CreateEventInput> = {}) {
  const res = await call<EventView>('createEvent', userId, {
    params: { clubId },
    body: eventInput(overrides),
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('events', () => {
  it('creates in the creator’s zone with the creator attending, lists by start and edits and deletes', async () => {
    const { clubId, ownerId } = await newClub();
    const moderator = await member(clubId, 'club_moderator');
    const later = await create(clubId, ownerId, { title: 'Later', date: inDays(10) });
    const sooner = await create(clubId, moderator, { title: 'Sooner', date: '2099-01-15', time: '09:00' });
    expect(sooner).toMatchObject({
      startDate: '2099-01-15T14:00:00.000Z',
      endDate: '2099-01-15T15:00:00.000Z',
      timeZone: 'America/New_York',
      attendeeCount: 1,
      going: true,
      canManage: true,
      attendees: [{ id: moderator }],
    });
    const reader = await member(clubId);
    const list = await call<EventPage>('listEvents', reader, { params: { clubId }, query: { limit: '1' } });
    expect(list.body).toMatchObject({
      upcomingCount: 2,
      pastCount: 0,
      items: [{ title: 'Later', going: false, canManage: false }],
    });
    const next = await call<EventPage>('listEvents', reader, {
      params: { clubId },
      query: { limit: '1', cursor: list.body.nextCursor ?? '' },
    });
    expect(next.body.items.map((e) => e.title)).toEqual(['Sooner']);

    const moved = await call<EventView>('updateEvent', ownerId, {
      params: { clubId, eventId: sooner.id },
      body: { time: '10:00', title: 'Moved' },
    });
    expect(moved.body).toMatchObject({
      title: 'Moved',
      startDate: '2099-01-15T15:00:00.000Z',
      endDate: '2099-01-15T16:00:00.000Z',
    });
    expect((await call('deleteEvent', moderator, { params: { clubId, eventId: later.id } })).status).toBe(
      200,
    );
    expect((await call('getEvent', reader, { params: { clubId, eventId: later.id } })).status).toBe(404);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const { clubId, ownerId } = await newClub();
    const bad: Partial<CreateEventInput>[] = [
      { date: '2020-01-01' },
      { title: '   ' },
      { timeZone: 'Mars/Olympus_Mons' },
      { date: '2099-02-30' },
      { date: '2099-03-08', time: '02:30' },
    ];
    for (const overrides of bad) {
      const res = await call('createEvent', ownerId, { params: { clubId }, body: eventInput(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(['bad_request', 'validation_failed']).toContain(res.body.error.code);
    }
    const list = await call<EventPage>('listEvents', ownerId, { params: { clubId } });
    expect(list.body).toMatchObject({ items: [], upcomingCount: 0, pastCount: 0 });
  });

  it('lets members register and cancel, never to another club’s event, and refuses members creating', async () => {
    const { clubId, ownerId } = await newClub();
    const alice = await member(clubId);
    expect((await call('createEvent', alice, { params: { clubId }, body: eventInput() })).status).toBe(403);
    const event = await create(clubId, ownerId);
    const going = await call<EventView>('registerForEvent', alice, { params: { clubId, eventId: event.id } });
    expect(going.body).toMatchObject({ going: true, attendeeCount: 2 });
    expect(going.body.attendees.map((a) => a.id)).toContain(alice);
    const again = await call<EventView>('registerForEvent', alice, { params: { clubId, eventId: event.id } });
    expect(again.body.attendeeCount).toBe(2);
    const other = await newClub();
    const foreign = await call('registerForEvent', other.ownerId, {
      params: { clubId: other.clubId, eventId: event.id },
    });
    expect(foreign.status).toBe(404);
    const cancelled = await call<EventView>('cancelEventRegistration', alice, {
      params: { clubId, eventId: event.id },
    });
    expect(cancelled.body).toMatchObject({ going: false, attendeeCount: 1 });
    expect(cancelled.body.attendees.map((a) => a.id)).toEqual([ownerId]);
  });

  it('refuses registration for an event that has started', async () => {
    const { clubId, ownerId } = await newClub();
    const { createEvent } = await import('@clubs/functions/data/repositories/calendar-events');
    const start = new Date(Date.now() - 3_600_000);
    const id = ulid();
    await createEvent({
      id,
      clubId,
      title: 'Yesterday',
      description: '',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      location: 'Online',
      createdBy: ownerId,
      thumbnail: null,
    });
    const alice = await member(clubId);
    const res = await call('registerForEvent', alice, { params: { clubId, eventId: id } });
    expect(res.status).toBe(400);
    expect((await getStoredEvent(clubId, id, { consistent: true }))?.event.attendeeCount).toBe(0);
    const past = await call<EventPage>('listEvents', alice, {
      params: { clubId },
      query: { window: 'past' },
    });
    expect(past.body).toMatchObject({ pastCount: 1, upcomingCount: 0, items: [{ title: 'Yesterday' }] });
  });

  it('counts 50 concurrent registrations as 50 attendees', async () => {
    const { clubId, ownerId } = await newClub();
    const event = await create(clubId, ownerId);
    const people = await Promise.all(Array.from({ length: 50 }, () => member(clubId)));
    const answers = await Promise.all(
      people.map((userId) => call('registerForEvent', userId, { params: { clubId, eventId: event.id } })),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const after = await call<EventView>('getEvent', ownerId, { params: { clubId, eventId: event.id } });
    expect(after.body.attendeeCount).toBe(51);
    expect(after.body.attendees).toHaveLength(5);
  });

  it('feeds the home sidebar the 3 soonest upcoming events from the start index', async () => {
    const { clubId, ownerId } = await newClub();
    for (const days of [9, 2, 5, 7])
      await create(clubId, ownerId, { title: `in ${days}`, date: inDays(days) });
    const res = await invoke<ClubSidebar>(
      feedHandler,
      httpEvent('getClubSidebar', { params: { clubId }, claims: memberClaims(ownerId) }),
    );
    expect(res.body.upcomingEvents.map((e) => e.title)).toEqual(['in 2', 'in 5', 'in 7']);
  });

  it('removes the attendances of a deleted event with it', async () => {
    const { clubId, ownerId } = await newClub();
    const event = await create(clubId, ownerId);
    const reader = await member(clubId);
    const going = await call<EventView>('registerForEvent', reader, {
      params: { clubId, eventId: event.id },
    });
    expect(going.body.attendeeCount).toBe(2);
    expect(await listAttendees(event.id, 10)).toHaveLength(2);
    const deleted = await call('deleteEvent', ownerId, { params: { clubId, eventId: event.id } });
    expect(deleted.status).toBe(200);
    expect(await listAttendees(event.id, 10)).toEqual([]);
    const late = await call('registerForEvent', reader, { params: { clubId, eventId: event.id } });
    expect(late.status).toBe(404);
    expect(await listAttendees(event.id, 10)).toEqual([]);
  });
});
