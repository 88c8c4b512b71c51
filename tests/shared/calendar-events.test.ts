import {
  calendarUidOf,
  createEventInputSchema,
  eventCalendarFile,
  isKnownTimeZone,
  isUpcoming,
  utcToZoned,
  zonedToUtc,
} from '@clubs/shared';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('event times in the creator’s zone', () => {
  it('turns a wall-clock date and time into the UTC instant, on both sides of a DST change', () => {
    expect(zonedToUtc('2099-01-15', '09:00', 'America/New_York')).toEqual({
      ok: true,
      instant: new Date('2099-01-15T14:00:00Z'),
    });
    expect(zonedToUtc('2099-07-15', '09:00', 'America/New_York')).toEqual({
      ok: true,
      instant: new Date('2099-07-15T13:00:00Z'),
    });
    expect(zonedToUtc('2030-06-01', '18:00', 'Asia/Kolkata')).toEqual({
      ok: true,
      instant: new Date('2030-06-01T12:30:00Z'),
    });
    expect(utcToZoned(new Date('2099-07-15T13:00:00Z'), 'America/New_York')).toEqual({
      date: '2099-07-15',
      time: '09:00',
    });
  });

  it('refuses a date the calendar lacks and a time the clocks skip', () => {
    expect(zonedToUtc('2099-02-29', '10:00', 'UTC')).toEqual({ ok: false, problem: 'no_such_date' });
    expect(zonedToUtc('2099-03-08', '02:30', 'America/New_York')).toEqual({
      ok: false,
      problem: 'skipped_time',
    });
  });

  it('knows IANA zones and refuses others in the input', () => {
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    const input = { title: 'Meetup', date: '2099-01-01', timeZone: 'Mars/Olympus_Mons' };
    expect(createEventInputSchema.safeParse(input).success).toBe(false);
    expect(createEventInputSchema.parse({ ...input, timeZone: 'UTC' })).toMatchObject({
      time: '18:00',
      durationMinutes: 60,
    });
  });
});

describe('upcoming and past', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves an event from upcoming to past when its start passes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-05-01T17:59:59Z'));
    const event = { startDate: '2030-05-01T18:00:00.000Z' };
    expect(isUpcoming(event, new Date())).toBe(true);
    vi.setSystemTime(new Date('2030-05-01T18:00:00Z'));
    expect(isUpcoming(event, new Date())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isUpcoming(event, new Date())).toBe(false);
  });
});

describe('the calendar file', () => {
  it('is RFC 5545 that ical.js reads back, with UTC times and a UID stable per event', () => {
    const event = {
      id: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
      title: 'Open studio; bring paint, please',
      description: 'Line one\nLine two',
      startDate: '2099-01-15T14:00:00.000Z',
      endDate: '2099-01-15T15:00:00.000Z',
      location: 'https://meet.example/studio',
    };
    const text = eventCalendarFile(event);
    expect(eventCalendarFile(event)).toContain(`UID:${calendarUidOf(event.id)}`);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(calendarUidOf(event.id));
    expect(parsed.summary).toBe(event.title);
    expect(parsed.description).toBe(event.description);
    expect(parsed.location).toBe(event.location);
    expect(parsed.startDate.toJSDate().toISOString()).toBe(event.startDate);
    expect(parsed.startDate.zone?.tzid).toBe('UTC');
    expect(parsed.endDate.toJSDate().toISOString()).toBe(event.endDate);
  });
});
