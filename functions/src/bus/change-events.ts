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
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type AnyChangeEvent,
  anyChangeEventSchema,
  CHANGE_OUTBOX,
  type Membership,
  TABLE,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { tableName } from '../data/client.ts';
import type { TransactItem } from '../data/counted-write.ts';

/** What a change says, before it gets its id and time (one of the union's members). */
export type ChangeInput = AnyChangeEvent extends infer E
  ? E extends AnyChangeEvent
    ? Omit<E, 'id' | 'at'>
    : never
  : never;

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

/** Whether the writes under way announce nothing (inside withoutChangeEvents). */
export const changesQuiet = (): boolean => quiet.getStore() === true;

/** The change as its consumers take it: its time-ordered id and its time added. */
export const eventOf = (input: ChangeInput, now: Date): AnyChangeEvent =>
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

/**
 * The outbox item announcing that what a member is found by changed: their card came or went with
 * the membership (the club's search index follows, reading the membership and the profile).
 */
export const cardChangeOutbox = (
  membership: Pick<Membership, 'clubId' | 'userId'>,
  now = new Date(),
): TransactItem[] =>
  changeOutbox(
    {
      type: 'membership.card-changed',
      clubId: membership.clubId,
      actorId: membership.userId,
      memberId: membership.userId,
    },
    now,
  );

/**
 * The outbox items of a membership that ended (removed, banned, left or its subscription over):
 * the member's card goes from the club's search and whatever they had open of the club hears no
 * more. `actorId` is who ended it.
 */
export const membershipEndedOutbox = (
  membership: Pick<Membership, 'clubId' | 'userId'>,
  actorId: string,
  now = new Date(),
): TransactItem[] => [
  ...cardChangeOutbox(membership, now),
  ...changeOutbox(
    { type: 'membership.removed', clubId: membership.clubId, actorId, memberId: membership.userId },
    now,
  ),
];
