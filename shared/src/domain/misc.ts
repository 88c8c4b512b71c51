import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { emailSchema, idSchema, isoDateTime, requiredText, trimmed } from './common.ts';

/** An invitation to a club; the token is the secret part of /invite/{clubId}/{token}. */
export const inviteSchema = z.object({
  token: z.string().min(16).max(64),
  clubId: idSchema,
  createdBy: idSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type Invite = z.infer<typeof inviteSchema>;

/** An invite row on the invite page (part 2 section 3). */
export const inviteRowSchema = z.strictObject({
  name: trimmed(LIMITS.personName).default(''),
  email: emailSchema,
});

/** The contact form (part 1 section 3): all four fields required. */
export const contactMessageSchema = z.strictObject({
  name: requiredText(LIMITS.personName),
  email: emailSchema,
  subject: requiredText(LIMITS.contactSubject),
  message: requiredText(LIMITS.contactMessage),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Billing (part 2): real data from Stripe replaces the spec's mock of the same shape. */
export const billingSummarySchema = z.object({
  plan: z.string(),
  status: z.string(),
  cardBrand: z.string().nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  invoices: z.array(
    z.object({
      id: z.string(),
      date: isoDateTime,
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      description: z.string(),
    }),
  ),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;
