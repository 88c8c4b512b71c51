import * as z from 'zod';
import { isoDateTime } from '../../domain/common.ts';
import { contactMessageSchema } from '../../domain/misc.ts';
import { POST, PUBLIC, routesOf } from '../route-builder.ts';

export const contactReceiptSchema = z.object({ id: z.string(), receivedAt: isoDateTime });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

export const contactRoutes = routesOf('contact', {
  sendContactMessage: POST('/api/contact', {
    access: PUBLIC,
    summary:
      'Stores a message from the contact form within CONTACT_RATE_LIMIT per source address, for all senders and per e-mail address (429 beyond)',
    body: contactMessageSchema,
    response: contactReceiptSchema,
    status: 201,
  }),
});
