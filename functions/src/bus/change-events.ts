/**
 * The one module the write path announces changes through: after a write others should hear of
 * (a post, a comment, a like, a join request, an approval, an event, and the quiet changes open
 * pages follow: an edit, a deletion, a like taken back, a course or event changed, a member
 * removed) it puts one change event on the bus (shared/src/bus/change-events.ts), which routes it to
 * notifications and to live updates. The write has already happened, so a bus that cannot take the event is logged and the
 * request still succeeds; without a bus configured (EVENT_BUS_NAME in AWS, EVENTBRIDGE_ENDPOINT
 * locally) nothing is put, nor inside withoutChangeEvents.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type AnyChangeEvent, anyChangeEventSchema, EVENT_BUS } from '@clubs/shared';
import { ulid } from 'ulid';
import { logger } from '../logger.ts';
import { putBusEvent } from './put-events.ts';

/** What a change says, before it gets its id and time (one of the union's members). */
export type ChangeInput = AnyChangeEvent extends infer E
  ? E extends AnyChangeEvent
    ? Omit<E, 'id' | 'at'>
    : never
  : never;

const busConfigured = () => Boolean(process.env.EVENT_BUS_NAME || process.env.EVENTBRIDGE_ENDPOINT);

const quiet = new AsyncLocalStorage<true>();

/**
 * Runs a bulk writer whose writes put no change event on the bus: one that builds afterwards,
 * once for all its writes, what the events' consumers would have derived one by one (the local
 * demo seed rebuilds each club's search index; nothing else follows the events it would put).
 * Only the writes made inside `work` (and what it awaits) are quiet; requests beside it are not.
 */
export function withoutChangeEvents<T>(work: () => Promise<T>): Promise<T> {
  return quiet.run(true, work);
}

/** Puts the change on the bus; answers it as sent (or null when no bus is configured or it failed). */
export async function emitChange(input: ChangeInput, now = new Date()): Promise<AnyChangeEvent | null> {
  if (!busConfigured() || quiet.getStore()) return null;
  const change = anyChangeEventSchema.parse({ ...input, id: ulid(now.getTime()), at: now.toISOString() });
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
