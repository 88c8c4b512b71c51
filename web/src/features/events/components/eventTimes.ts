/** An event's times as the viewer reads them: in the viewer's own time zone, with its abbreviation. */
const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, options);

const day = format({ day: 'numeric' });
const month = format({ month: 'short' });
const time = format({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
const longDate = format({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

export function eventTimes(startDate: string) {
  const start = new Date(startDate);
  return {
    day: day.format(start),
    month: month.format(start),
    time: time.format(start),
    longDate: longDate.format(start),
  };
}

/** The viewer's IANA time zone: new events are entered in it. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Today's date on the viewer's calendar (YYYY-MM-DD), the date field's minimum. */
export function todayOnViewerCalendar(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
