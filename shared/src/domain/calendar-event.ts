import * as z from 'zod';
import { EVENT_DEFAULT_TIME, EVENT_DURATION_MINUTES, LIMITS } from '../constants.ts';
import {
  changesOf,
  idSchema,
  isoDateTime,
  mediaUrlSchema,
  pageOf,
  pageQuerySchema,
  requiredText,
  trimmed,
} from './common.ts';
import { authorSchema } from './post.ts';

/** Whether the runtime knows this IANA time zone (Intl refuses unknown names with a RangeError). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, 'is not a known IANA time zone');

/** A club event; attendees are separate items, counted on the event. */
export const clubEventSchema = z.object({
  id: idSchema,
  clubId: idSchema,
  title: z.string(),
  description: z.string(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  /** The creator's IANA time zone, in which the date and time were entered. */
  timeZone: z.string().default('UTC'),
  location: z.string(),
  attendeeCount: z.number().int().min(0),
  createdBy: idSchema,
  thumbnail: z.string().nullable(),
});
export type ClubEvent = z.infer<typeof clubEventSchema>;

const dateSchema = z.iso.date();
const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');

/**
 * Title, date and time are required, the time defaulting to 18:00; the end is
 * start plus the duration (one hour unless given); the time zone is the creator's, in which the
 * date and time are meant. The server refuses a start in the past or a local time the zone skips.
 */
export const createEventInputSchema = z.strictObject({
  title: requiredText(LIMITS.eventTitle),
  description: trimmed(LIMITS.eventDescription).default(''),
  date: dateSchema,
  time: timeSchema.default(EVENT_DEFAULT_TIME),
  timeZone: timeZoneSchema,
  durationMinutes: z.number().int().min(5).max(LIMITS.eventDurationMinutes).default(EVENT_DURATION_MINUTES),
  location: trimmed(LIMITS.eventLocation).optional(),
  thumbnail: mediaUrlSchema.nullable().optional(),
});
export type CreateEventInput = z.input<typeof createEventInputSchema>;
export type CreateEventFields = z.output<typeof createEventInputSchema>;

/** An edit names what changes; a new date or time is read in the given (or the stored) zone. */
export const updateEventInputSchema = changesOf({
  title: requiredText(LIMITS.eventTitle),
  description: trimmed(LIMITS.eventDescription),
  date: dateSchema,
  time: timeSchema,
  timeZone: timeZoneSchema,
  durationMinutes: z.number().int().min(5).max(LIMITS.eventDurationMinutes),
  location: trimmed(LIMITS.eventLocation),
});
export type UpdateEventInput = z.input<typeof updateEventInputSchema>;

export const EVENT_WINDOWS = ['upcoming', 'past'] as const;
export type EventWindow = (typeof EVENT_WINDOWS)[number];

export const eventListQuerySchema = pageQuerySchema.extend({
  window: z.enum(EVENT_WINDOWS).default('upcoming'),
});

/** An event as a club member sees it: the first attendees' faces, and whether they are going. */
export const eventViewSchema = clubEventSchema.extend({
  /** Members only: null for a reader who is not an active member (a super admin overseeing). */
  location: z.string().nullable(),
  attendees: z.array(authorSchema),
  going: z.boolean(),
  canManage: z.boolean(),
});
export type EventView = z.infer<typeof eventViewSchema>;

export const eventPageSchema = pageOf(eventViewSchema).extend({
  /** The tab counts: how many upcoming and past events the club has. */
  upcomingCount: z.number().int().min(0),
  pastCount: z.number().int().min(0),
});
export type EventPage = z.infer<typeof eventPageSchema>;

/** Upcoming when the start is now or later. */
export const isUpcoming = (event: Pick<ClubEvent, 'startDate'>, now: Date): boolean =>
  new Date(event.startDate).getTime() >= now.getTime();
