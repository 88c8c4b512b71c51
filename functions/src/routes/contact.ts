import { contactRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { viewerAddress } from '../http/viewer-address.ts';
import { sendContactMessage } from '../services/contact.ts';

// Over the limits the service refuses with a 429 whose Retry-After says when the full windows end.
export const handler = defineGroup('contact', contactRoutes, {
  sendContactMessage: ({ input, event }) => sendContactMessage(input.body, viewerAddress(event)),
});
