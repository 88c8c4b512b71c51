/**
 * Target of the EventReminderSchedules rule of the event manifest, through its queue: each club
 * event created, edited or deleted has its reminder's schedule brought to the event as stored now
 * (services/notifications/reminder-schedules.ts). A record the Scheduler refused is reported
 * alone, so only it is delivered again, and after its last try it waits in the dead-letter queue;
 * the member's request that changed the event has long been answered. Anything malformed is
 * acknowledged and ignored.
 */
import { idSchema } from '@clubs/shared';
import type { EventBridgeEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../logger.ts';
import { syncEventReminder } from '../services/notifications/reminder-schedules.ts';

const eventChangeSchema = z.object({ clubId: idSchema, eventId: idSchema });

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const busEvent = JSON.parse(record.body) as EventBridgeEvent<string, unknown>;
      const change = eventChangeSchema.safeParse(busEvent.detail);
      if (!change.success) {
        logger.warn('ignored malformed event', { detailType: busEvent['detail-type'] });
        continue;
      }
      const outcome = await syncEventReminder(change.data.clubId, change.data.eventId);
      logger.info('event reminder schedule', { eventId: change.data.eventId, outcome });
    } catch (error) {
      logger.error('event reminder schedule failed', { messageId: record.messageId, error: error as Error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
