/**
 * The one module the write path announces changes through. A write others should hear of (a
 * post, a comment, a like, a join request, an approval, an event, and the quiet changes open
 * pages follow: an edit, a deletion, a like taken back, a course or event changed, a member
 * removed) carries the change event it means as an outbox item in its own transaction
 * (`changeOutbox`, shared/src/bus/change-stream.ts); the table's stream hands the item to the
 * change-stream consumer, which puts the event on the bus (shared/src/bus/change-events.ts) for
 * notifications, live updates, the search index and the other roll-ups. So a stored write always
 * yields its event and a refused one never does. Inside withoutChangeEvents no outbox item is
 * written.
 *
 * `emitChange` is the older path, still used by the writes not yet moved to the outbox: it puts
 * the event on the bus after the write, and a bus that cannot take it only logs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type AnyChangeEvent, anyChangeEventSchema, CHANGE_OUTBOX, EVENT_BUS, TABLE } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { tableName } from '../data/client.ts';
import type { TransactItem } from '../data/counted-write.ts';
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
 * Runs a bulk writer whose writes announce no change: one that builds afterwards, once for all
 * its writes, what the events' consumers would have derived one by one (the local demo seed
 * rebuilds each club's search index; nothing else follows the events it would put). Only the
 * writes made inside `work` (and what it awaits) are quiet; requests beside it are not.
 */
export function withoutChangeEvents<T>(work: () => Promise<T>): Promise<T> {
  return quiet.run(true, work);
}

/** The change as its consumers take it: its time-ordered id and its time added. */
const eventOf = (input: ChangeInput, now: Date): AnyChangeEvent =>
  anyChangeEventSchema.parse({ ...input, id: ulid(now.getTime()), at: now.toISOString() });

/**
 * The outbox item announcing `input`, as actions for the write's own transaction: one Put (none
 * inside withoutChangeEvents). The stream's consumer puts the event it holds on the bus.
 */
export function changeOutbox(input: ChangeInput, now = new Date()): TransactItem[] {
  if (quiet.getStore()) return [];
  const change = eventOf(input, now);
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.changeOutbox(change.clubId, change.id),
          type: CHANGE_OUTBOX.itemType,
          [CHANGE_OUTBOX.attribute]: change,
          [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + CHANGE_OUTBOX.keptSeconds,
        },
      },
    },
  ];
}

/** Puts the change on the bus; answers it as sent (or null when no bus is configured or it failed). */
export async function emitChange(input: ChangeInput, now = new Date()): Promise<AnyChangeEvent | null> {
  if (!busConfigured() || quiet.getStore()) return null;
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
