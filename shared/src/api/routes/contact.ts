import * as z from 'zod';
import { isoDateTime } from '../../domain/common.ts';
import { contactMessageSchema } from '../../domain/misc.ts';
import { PUBLIC, routesOf } from '../route-builder.ts';
import type { RouteDefinition } from '../route-definition.ts';

const contact = routesOf('contact');

export const contactReceiptSchema = z.object({ id: z.string(), receivedAt: isoDateTime });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

export const contactRoutes = {
  sendContactMessage: contact.post('/api/contact', {
    access: PUBLIC,
    summary:
      'Stores a message from the contact form within CONTACT_RATE_LIMIT per source address, for all senders and per e-mail address (429 beyond)',
    body: contactMessageSchema,
    response: contactReceiptSchema,
    status: 201,
  }),
} as const satisfies Record<string, RouteDefinition>;
