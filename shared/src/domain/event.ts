import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { idSchema, isoDateTime, mediaUrlSchema, requiredText, trimmed } from './common.ts';

/** A club event (part 2 section 3); attendees are separate items, counted on the event. */
export const clubEventSchema = z.object({
  id: idSchema,
  clubId: idSchema,
  title: z.string(),
  description: z.string(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  location: z.string(),
  attendeeCount: z.number().int().min(0),
  createdBy: idSchema,
  thumbnail: z.string().nullable(),
});
export type ClubEvent = z.infer<typeof clubEventSchema>;

/** Title, date and time are required (part 2 section 5); the end is start plus one hour. */
export const createEventInputSchema = z.strictObject({
  title: requiredText(LIMITS.eventTitle),
  description: trimmed(LIMITS.eventDescription).default(''),
  date: z.iso.date(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM'),
  location: trimmed(LIMITS.eventTitle).optional(),
  thumbnail: mediaUrlSchema.nullable().optional(),
});
