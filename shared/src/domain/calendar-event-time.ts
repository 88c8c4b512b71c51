/**
 * Event times: a date and time entered in the creator's IANA zone become one UTC instant, with
 * Intl's zone rules (no library), refusing dates that do not exist and local times a daylight-
 * saving change skips.
 */

const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone: zone }).formatToParts(new Date(utcMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}

export type ZonedTimeProblem = 'no_such_date' | 'skipped_time';

/**
 * The UTC instant of `date` (YYYY-MM-DD) at `time` (HH:MM) on the wall clocks of `zone`, or why
 * there is none: a date the calendar does not have (February 30th), or a time the zone skips
 * when its clocks go forward.
 */
export function zonedToUtc(
  date: string,
  time: string,
  zone: string,
): { ok: true; instant: Date } | { ok: false; problem: ZonedTimeProblem } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const calendar = new Date(wall);
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    return { ok: false, problem: 'no_such_date' };
  }
  // Two steps settle on the offset in force at the instant itself (it differs near a change).
  const first = wall - offsetAt(wall, zone);
  const instant = wall - offsetAt(first, zone);
  if (instant + offsetAt(instant, zone) !== wall) return { ok: false, problem: 'skipped_time' };
  return { ok: true, instant: new Date(instant) };
}

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant on the wall clocks of `zone`. */
export function utcToZoned(instant: Date, zone: string): { date: string; time: string } {
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), zone));
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
