import { reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import { RateLimited, sendContactMessage } from '../services/contact.ts';

export const handler = defineGroup('contact', {
  sendContactMessage: async ({ input }) => {
    try {
      return await sendContactMessage(input.body);
    } catch (error) {
      // 429 with Retry-After: when the sender's window ends.
      if (error instanceof RateLimited) {
        return reply(error.status, error.toBody(), { 'retry-after': String(error.retryAfterSeconds) });
      }
      throw error;
    }
  },
});
