import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { emailSchema, requiredText } from './common.ts';

/** The contact form: all four fields required. */
export const contactMessageSchema = z.strictObject({
  name: requiredText(LIMITS.personName),
  email: emailSchema,
  subject: requiredText(LIMITS.contactSubject),
  message: requiredText(LIMITS.contactMessage),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
