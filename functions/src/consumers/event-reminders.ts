/**
 * Target of the EventReminderSchedules rule of the event manifest, through its queue: each club
 * event created, edited or deleted has its reminder's schedule brought to the event as stored now
 * (services/notifications/reminder-schedules.ts). A record the Scheduler refused is reported
 * alone, so only it is delivered again, and after its last try it waits in the dead-letter queue;
 * the member's request that changed the event has long been answered.
 */
import { detailTypesOf, idSchema } from '@clubs/shared';
import * as z from 'zod';
import { defineConsumer, sameForEach } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { syncEventReminder } from '../services/notifications/reminder-schedules.ts';

const eventChangeSchema = z.object({ clubId: idSchema, eventId: idSchema });

export const handler = defineConsumer(
  'event-reminders',
  sameForEach(
    detailTypesOf('event-reminders'),
    () => eventChangeSchema,
    async ({ clubId, eventId }) => {
      const outcome = await syncEventReminder(clubId, eventId);
      logger.info('event reminder schedule', { eventId, outcome });
      return 'processed';
    },
  ),
  { failureMessage: 'event reminder schedule failed' },
);
