import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { emailSchema, isoDateTime, requiredText } from './common.ts';

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
