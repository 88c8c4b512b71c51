import * as z from 'zod';
import { LIMITS, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { emailSchema, idSchema, isoDateTime, mediaUrlSchema, requiredText, trimmed } from './common.ts';

/** A person's profile (part 2 section 3), keyed by the Cognito sub. */
export const profileSchema = z.object({
  id: idSchema,
  email: z.string(),
  fullName: z.string(),
  bio: z.string(),
  location: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Profile = z.infer<typeof profileSchema>;

/** The caller, as GET /api/me returns it: the profile plus the app role (part 1 section 3). */
export const meSchema = profileSchema.extend({
  name: z.string(),
  isSuperAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const updateProfileInputSchema = z.strictObject({
  fullName: trimmed(LIMITS.personName).optional(),
  bio: trimmed(LIMITS.bio).optional(),
  location: trimmed(LIMITS.location).optional(),
  avatarUrl: mediaUrlSchema.nullable().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** Registration and login payloads (part 1 section 3); confirm and terms live only in the form. */
export const registrationSchema = z.strictObject({
  name: requiredText(LIMITS.personName),
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH).max(256),
});
export type Registration = z.infer<typeof registrationSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(256),
});
export type Login = z.infer<typeof loginSchema>;
