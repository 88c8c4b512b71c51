import * as z from 'zod';
import { AVATAR_UPLOAD, LIMITS, PASSWORD_MIN_LENGTH } from '../constants.ts';
import {
  emailSchema,
  idSchema,
  isoDateTime,
  mediaUrlSchema,
  requiredText,
  trimmed,
  uploadFileShape,
} from './common.ts';

/** A person's profile, keyed by the Cognito sub. */
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

/** The caller, as GET /api/me returns it: the profile plus the app role. */
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

export const AVATAR_TYPE_MESSAGE = 'Only image files are allowed';
export const AVATAR_SIZE_MESSAGE = 'File size must be less than 10MB';

/** What the browser says about the photo it wants to upload; checked before anything is signed. */
export const avatarUploadInputSchema = z.strictObject(
  uploadFileShape(AVATAR_UPLOAD, { type: AVATAR_TYPE_MESSAGE, size: AVATAR_SIZE_MESSAGE }),
);
export type AvatarUploadInput = z.infer<typeof avatarUploadInputSchema>;

/**
 * A presigned POST: the browser sends `fields` plus the file (last) as multipart/form-data to
 * `url`; once stored, the object is served at `mediaUrl` (same origin, /media/...).
 */
export const presignedUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  mediaUrl: z.string(),
  expiresAt: isoDateTime,
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

/** A new password, as Cognito's policy takes it: the forms check it with this schema too. */
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(LIMITS.password);

/** Registration and login payloads; confirm and terms live only in the form. */
export const registrationSchema = z.strictObject({
  name: requiredText(LIMITS.personName),
  email: emailSchema,
  password: passwordSchema,
});
export type Registration = z.infer<typeof registrationSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(LIMITS.password),
});
export type Login = z.infer<typeof loginSchema>;
