/**
 * The change stream's consumer: the table's stream, filtered to outbox items' insertions and
 * profiles' modifications (CHANGE_STREAM_FILTERS), hands it batches of records in the order they
 * were written, and each outbox item's change (or platform) event goes on the bus, in that order, ten
 * per PutEvents. A profile whose name or bio changed concerns every club its person belongs to:
 * it becomes one membership.card-changed per membership, read here by cursor, off the request
 * path (the club's search index re-reads the member, so a repeat changes nothing). When a record
 * cannot be put (the bus refused it, or its outbox item does not hold a change event), the answer
 * names it as the first failure: the stream hands it and every later record of the batch over
 * again (halving the batch on errors, then parking it in the dead-letter queue), and the records
 * before it stay put. A record handed over twice puts its event twice with the same id, which
 * the consumers apply once.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  type AnyChangeEvent,
  EVENT_BUS,
  entryOfStreamRecord,
  type PlatformChange,
  profileSchema,
  type StreamEntry,
} from '@clubs/shared';
import { withoutKeys } from '@clubs/shared/table-keys';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { eventOf } from '../bus/change-events.ts';
import { BUS_ENTRIES_PER_REQUEST, type BusEntry, putBusEvents } from '../bus/put-events.ts';
import { memberTextOf } from '../data/repositories/member-search.ts';
import { listMembershipsOfUserPage } from '../data/repositories/memberships.ts';
import { logger } from '../logger.ts';

interface Pending {
  readonly sequenceNumber: string;
  readonly id: string;
  readonly entry: BusEntry;
}

const changeEntryOf = (change: AnyChangeEvent): BusEntry => ({
  source: EVENT_BUS.domainSource,
  detailType: change.type,
  detail: JSON.stringify(change),
  time: new Date(change.at),
});

const platformEntryOf = (event: PlatformChange): BusEntry => ({
  source: EVENT_BUS.platformSource,
  detailType: event.detailType,
  detail: JSON.stringify({ clubId: event.clubId }),
  time: new Date(event.at),
});

type Image = Parameters<typeof unmarshall>[0];
// Lambda's record holds the images in the same attribute-value shape the SDK's unmarshall reads.
const imageOf = (image: unknown) => (image ? unmarshall(image as Image) : undefined);

/** What a record means (null: nothing); throws for an outbox item that holds no event. */
function entryOf(record: DynamoDBRecord): StreamEntry | null {
  return entryOfStreamRecord({
    eventName: record.eventName,
    newImage: imageOf(record.dynamodb?.NewImage),
    oldImage: imageOf(record.dynamodb?.OldImage),
  });
}

/** Whether a profile's write changed what the clubs' searches find its person by (name, bio). */
function searchTextChanged(entry: Extract<StreamEntry, { kind: 'profile' }>): boolean {
  const profileOf = (image: Record<string, unknown> | null) => {
    if (!image) return null;
    const parsed = profileSchema.safeParse(withoutKeys(image));
    return parsed.success ? parsed.data : null;
  };
  const [before, after] = [memberTextOf(profileOf(entry.before)), memberTextOf(profileOf(entry.after))];
  return before.name !== after.name || before.bio !== after.bio;
}

/** Memberships read per page while a profile change is expanded to its clubs. */
const MEMBERSHIPS_PER_PAGE = 100;

/** The first pages of memberships read side by side for the profile changes of one batch. */
const PROFILE_READS_IN_PARALLEL = 8;

type MembershipPage = Awaited<ReturnType<typeof listMembershipsOfUserPage>>;
type ProfileEntry = Extract<StreamEntry, { kind: 'profile' }>;

/**
 * The first page of memberships of each person whose profile change the batch holds, read
 * PROFILE_READS_IN_PARALLEL at a time (a batch of a hundred new names waits for a few rounds of
 * queries, not a hundred in a row). A read that fails is kept as its rejection and met when its
 * record is reached, so the records before it are still put.
 */
function firstPagesOf(entries: readonly ProfileEntry[]): Map<ProfileEntry, Promise<MembershipPage>> {
  const pages = new Map<ProfileEntry, Promise<MembershipPage>>();
  let free = PROFILE_READS_IN_PARALLEL;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (free > 0) free--;
    else await new Promise<void>((go) => waiting.push(go));
  };
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  for (const entry of entries) {
    const page = slot().then(() =>
      listMembershipsOfUserPage(entry.userId, { limit: MEMBERSHIPS_PER_PAGE }).finally(done),
    );
    // Met (and reported) when its record is reached; never an unhandled rejection meanwhile.
    page.catch(() => undefined);
    pages.set(entry, page);
  }
  return pages;
}

/** The answer that has the stream hand over again everything from `sequenceNumber` on. */
const failedFrom = (sequenceNumber: string | undefined): DynamoDBBatchResponse => ({
  batchItemFailures: [{ itemIdentifier: sequenceNumber ?? '' }],
});

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  let pending: Pending[] = [];
  let put = 0;
  const flush = async (): Promise<string | null> => {
    for (let start = 0; start < pending.length; start += BUS_ENTRIES_PER_REQUEST) {
      const chunk = pending.slice(start, start + BUS_ENTRIES_PER_REQUEST);
      try {
        await putBusEvents(chunk.map((item) => item.entry));
        put += chunk.length;
      } catch (error) {
        logger.error('change events not put on the bus', {
          first: chunk[0]?.id,
          count: chunk.length,
          error: error instanceof Error ? error.message : String(error),
        });
        return chunk[0]?.sequenceNumber ?? null;
      }
    }
    pending = [];
    return null;
  };

  /** Queues an entry; a full request's worth is put at once (the sequence number of a failure, or null). */
  const queue = async (item: Pending): Promise<string | null> => {
    pending.push(item);
    return pending.length >= BUS_ENTRIES_PER_REQUEST ? flush() : null;
  };

  /**
   * A profile whose name or bio changed: one membership.card-changed per membership of its
   * person, every page of them. A failure hands the whole record over again (its clubs' indexes
   * re-read the member, so the ones already told change nothing).
   */
  const expandProfile = async (
    sequenceNumber: string,
    entry: ProfileEntry,
    firstPage: Promise<MembershipPage>,
  ): Promise<string | null> => {
    let cursor: string | undefined;
    let first = true;
    do {
      const page = first
        ? await firstPage
        : await listMembershipsOfUserPage(entry.userId, { limit: MEMBERSHIPS_PER_PAGE, cursor });
      first = false;
      for (const membership of page.items) {
        const change = eventOf(
          {
            type: 'membership.card-changed',
            clubId: membership.clubId,
            actorId: entry.userId,
            memberId: entry.userId,
          },
          new Date(),
        );
        const failed = await queue({ sequenceNumber, id: change.id, entry: changeEntryOf(change) });
        if (failed !== null) return failed;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return null;
  };

  // Every record read first; a record that holds no event is met in its turn.
  const read = event.Records.map((record): { entry: StreamEntry | null } | { error: unknown } => {
    try {
      return { entry: entryOf(record) };
    } catch (error) {
      return { error };
    }
  });
  const firstPages = firstPagesOf(
    read.flatMap((item) =>
      'entry' in item && item.entry?.kind === 'profile' && searchTextChanged(item.entry) ? [item.entry] : [],
    ),
  );

  for (const [index, record] of event.Records.entries()) {
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
    const item = read[index];
    let entry: StreamEntry | null;
    try {
      if (!item || 'error' in item) throw item?.error;
      entry = item.entry;
    } catch (error) {
      const failed = await flush();
      logger.error('outbox item holds no change event', {
        sequenceNumber,
        error: error instanceof Error ? error.message : String(error),
      });
      return failedFrom(failed ?? sequenceNumber);
    }
    let failed: string | null = null;
    if (entry?.kind === 'change') {
      failed = await queue({ sequenceNumber, id: entry.change.id, entry: changeEntryOf(entry.change) });
    } else if (entry?.kind === 'platform') {
      failed = await queue({ sequenceNumber, id: entry.event.id, entry: platformEntryOf(entry.event) });
    } else if (entry?.kind === 'profile') {
      const firstPage = firstPages.get(entry);
      // A profile written without a change to its name or bio tells no club anything.
      if (!firstPage) continue;
      try {
        failed = await expandProfile(sequenceNumber, entry, firstPage);
      } catch (error) {
        // The person's memberships could not be read: this record and the later ones come again.
        logger.error('profile change not expanded to its clubs', {
          userId: entry.userId,
          error: error instanceof Error ? error.message : String(error),
        });
        failed = (await flush()) ?? sequenceNumber;
      }
    }
    if (failed !== null) return failedFrom(failed);
  }
  const failed = await flush();
  if (failed !== null) return failedFrom(failed);
  logger.debug('change events put', { records: event.Records.length, put });
  return { batchItemFailures: [] };
}
