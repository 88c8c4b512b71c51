import {
  addAttendee,
  countEvents,
  createEvent,
  deleteEvent,
  getEvent,
  getStoredEvent,
  isAttending,
  listAttendees,
  listEvents,
  removeAttendee,
} from '@clubs/functions/data/repositories/calendar-events';
import type { ClubEvent } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newClub } from './helpers.ts';

const HOUR = 3_600_000;

const eventFixture = (clubId: string, startMs: number, overrides: Partial<ClubEvent> = {}) => ({
  id: ulid(),
  clubId,
  title: 'Meetup',
  description: '',
  startDate: new Date(startMs).toISOString(),
  endDate: new Date(startMs + HOUR).toISOString(),
  timeZone: 'Europe/Paris',
  location: 'Online',
  createdBy: ulid(),
  thumbnail: null,
  ...overrides,
});

describe('events repository', () => {
  it('creates an event with its first attendees counted, in an existing club only', async () => {
    const club = await newClub();
    const creator = ulid();
    const event = eventFixture(club.id, Date.now() + HOUR, { createdBy: creator });
    expect(await createEvent(event, [creator, creator])).toEqual({
      created: true,
      event: { ...event, attendeeCount: 1 },
    });
    expect(await isAttending(event.id, creator)).toBe(true);
    expect(await getEvent(club.id, event.id)).toEqual({ ...event, attendeeCount: 1 });
    expect(await getEvent(ulid(), event.id)).toBeNull();
    expect(await createEvent(event)).toEqual({ created: false, reason: 'exists' });
    const orphan = eventFixture(ulid(), Date.now());
    expect(await createEvent(orphan, [creator])).toEqual({ created: false, reason: 'no_club' });
    expect(await getEvent(orphan.clubId, orphan.id)).toBeNull();
  });

  it('splits upcoming (soonest first) and past (latest first) at now, with counts', async () => {
    const club = await newClub();
    const now = new Date();
    const at = (offsetHours: number, title: string) =>
      createEvent(eventFixture(club.id, now.getTime() + offsetHours * HOUR, { title }));
    await at(48, 'in two days');
    await at(2, 'soon');
    await at(-1, 'an hour ago');
    await at(-72, 'three days ago');
    const upcoming = await listEvents(club.id, { window: 'upcoming', now, limit: 10 });
    expect(upcoming.items.map((e) => e.event.title)).toEqual(['soon', 'in two days']);
    const past = await listEvents(club.id, { window: 'past', now, limit: 1 });
    expect(past.items.map((e) => e.event.title)).toEqual(['an hour ago']);
    const older = await listEvents(club.id, {
      window: 'past',
      now,
      limit: 1,
      cursor: past.nextCursor ?? undefined,
    });
    expect(older.items.map((e) => e.event.title)).toEqual(['three days ago']);
    expect(await countEvents(club.id, 'upcoming', now)).toBe(2);
    expect(await countEvents(club.id, 'past', now)).toBe(2);
  });

  it('orders by start in UTC whatever the offset written', async () => {
    const club = await newClub();
    const now = new Date('2030-01-01T12:00:00Z');
    // As strings '13:30:00Z' sorts first; in time 14:00+01:00 (13:00 UTC) comes first.
    await createEvent(eventFixture(club.id, 0, { title: 'second', startDate: '2030-01-01T13:30:00Z' }));
    await createEvent(eventFixture(club.id, 0, { title: 'first', startDate: '2030-01-01T14:00:00+01:00' }));
    const upcoming = await listEvents(club.id, { window: 'upcoming', now, limit: 10 });
    expect(upcoming.items.map((e) => e.event.title)).toEqual(['first', 'second']);
  });

  it('counts attendees exactly, once per person, and never below zero', async () => {
    const club = await newClub();
    const created = await createEvent(eventFixture(club.id, Date.now() + HOUR));
    if (!created.created) throw new Error('not created');
    const { event } = created;
    const users = Array.from({ length: 8 }, () => ulid());
    const first = users[0] ?? '';
    const attend = (userId: string, eventId = event.id) =>
      addAttendee(club.id, { eventId, userId, createdAt: new Date().toISOString() });
    const results = await Promise.all([...users.map((u) => attend(u)), attend(first), attend(first)]);
    const added = results.filter((r) => r.created).length;
    expect(added).toBe(users.length);
    const stored = await getStoredEvent(club.id, event.id, { consistent: true });
    expect(stored).toMatchObject({ event: { attendeeCount: added }, rsvpVersion: added });
    expect((await listAttendees(event.id, 100)).length).toBe(added);
    expect(await removeAttendee(club.id, event.id, first)).toBe(true);
    expect(await removeAttendee(club.id, event.id, first)).toBe(false);
    expect(await getStoredEvent(club.id, event.id, { consistent: true })).toMatchObject({
      event: { attendeeCount: added - 1 },
      rsvpVersion: added + 1,
    });
    expect(await attend(first, ulid())).toEqual({
      created: false,
      reason: 'no_event',
    });
  });

  it('deletes once', async () => {
    const club = await newClub();
    const event = eventFixture(club.id, Date.now());
    await createEvent(event);
    expect(await deleteEvent(club.id, event.id)).toBe(true);
    expect(await deleteEvent(club.id, event.id)).toBe(false);
    expect(await getEvent(club.id, event.id)).toBeNull();
  });
});
