/**
 * The older way a write announced a change, still used by the writes not yet moved to the outbox
 * (change-events.ts): the event is put on the bus after the write, so a bus that cannot take it
 * loses it (it is only logged). Only the files of DIRECT_CHANGE_EMITTERS
 * (scripts/import-boundaries.ts) may import this module; that list only shrinks.
 */
import { type AnyChangeEvent, EVENT_BUS } from '@clubs/shared';
import { logger } from '../logger.ts';
import { type ChangeInput, changesQuiet, eventOf } from './change-events.ts';
import { putBusEvent } from './put-events.ts';

const busConfigured = () => Boolean(process.env.EVENT_BUS_NAME || process.env.EVENTBRIDGE_ENDPOINT);

/** Puts the change on the bus; answers it as sent (or null when no bus is configured or it failed). */
export async function emitChange(input: ChangeInput, now = new Date()): Promise<AnyChangeEvent | null> {
  if (!busConfigured() || changesQuiet()) return null;
  const change = eventOf(input, now);
  try {
    await putBusEvent({
      source: EVENT_BUS.domainSource,
      detailType: change.type,
      detail: JSON.stringify(change),
      time: now,
    });
    return change;
  } catch (error) {
    logger.error('change event not put on the bus', {
      type: change.type,
      id: change.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
