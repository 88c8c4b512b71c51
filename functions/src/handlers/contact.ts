import { contactRoutes } from '@clubs/shared';
import { reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import { viewerAddress } from '../http/viewer-address.ts';
import { RateLimited, sendContactMessage } from '../services/contact.ts';

export const handler = defineGroup('contact', contactRoutes, {
  sendContactMessage: async ({ input, event }) => {
    try {
      return await sendContactMessage(input.body, viewerAddress(event));
    } catch (error) {
      // 429 with Retry-After: when the full windows end.
      if (error instanceof RateLimited) {
        return reply(error.status, error.toBody(), { 'retry-after': String(error.retryAfterSeconds) });
      }
      throw error;
    }
  },
});
