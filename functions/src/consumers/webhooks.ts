/**
 * Target of the WebhookChanges and WebhookAttempts rules of the event manifest, each through its
 * queue: a change in a club becomes one delivery per subscribed endpoint, and one attempt of a
 * delivery is signed, sent and logged (services/webhooks/fan-out.ts, attempts.ts). A run that fails is
 * delivered again; both are safe to repeat.
 */
import {
  anyChangeEventSchema,
  WEBHOOK_ATTEMPT_TYPE,
  WEBHOOK_CHANGE_TYPES,
  webhookAttemptSchema,
} from '@clubs/shared';
import { defineConsumer, sameForEach, withDetailType } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { attemptDelivery } from '../services/webhooks/attempts.ts';
import { fanOutChange } from '../services/webhooks/fan-out.ts';

export const handler = defineConsumer(
  'webhooks',
  {
    ...sameForEach(
      WEBHOOK_CHANGE_TYPES,
      (type) => withDetailType(type, anyChangeEventSchema),
      async (change) => {
        const queued = await fanOutChange(change);
        logger.info('webhook deliveries', { type: change.type, id: change.id, queued });
        return queued > 0 ? 'processed' : 'ignored';
      },
    ),
    [WEBHOOK_ATTEMPT_TYPE]: {
      schema: webhookAttemptSchema,
      handle: async (work) => {
        const outcome = await attemptDelivery(work);
        logger.info('webhook attempt', { ...work, outcome });
        return outcome === 'duplicate' ? 'duplicate' : 'processed';
      },
    },
  },
  { failureMessage: 'webhook run failed' },
);
