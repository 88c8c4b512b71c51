/** When a message came, as chat shows it: the time for today, else the date. */
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? timeFormat.format(at) : dateFormat.format(at);
}
