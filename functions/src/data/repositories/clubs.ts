import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type Club, type ClubStatus, clubSchema, type Membership, TABLE } from '@clubs/shared';
import { indexKeys, keys } from '@clubs/shared/table-keys';
import { adminEntryItems, type OwnerCard } from '../admin-index.ts';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { statsActions } from '../club-stats.ts';
import { sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { indexActions, indexChanges, indexDirectoryEntry, sameIndexState } from '../directory-index.ts';
import { getEntity } from '../get-item.ts';
import { figure, figuresAction } from '../platform-figures.ts';
import { queryPage } from '../query.ts';
import { unpaidClubsAction, unpaidStep } from '../unpaid-clubs.ts';
import { membershipItem } from './memberships.ts';
import { clubFromItem, writeClubAsRead } from './stored-club.ts';

const toClub = clubFromItem;

export function clubItem(club: Club) {
  return {
    ...keys.club(club.id),
    type: 'club',
    ...indexKeys.clubStatus(club.status, club.createdAt, club.id),
    ...indexKeys.clubOwner(club.ownerId, club.createdAt, club.id),
    ...club,
  };
}

/** `consistent` reads the latest write (an event handler acting on what just changed). */
export async function getClub(clubId: string, consistent = false): Promise<Club | null> {
  return getEntity(keys.club(clubId), toClub, { consistent });
}

/** Clubs by id, in the order asked, missing ones left out: key lookups only, 100 per request. */
export async function getClubs(clubIds: readonly string[]): Promise<Club[]> {
  const found = await batchGet(clubIds.map((id) => keys.club(id)));
  return [...new Set(clubIds)].flatMap((id) => {
    const item = found.get(keyId(keys.club(id)));
    return item ? [toClub(item)] : [];
  });
}

/**
 * Creates a club and its owner's active membership in one transaction: either both exist or
 * neither does, and the member count starts at exactly one. An active club enters the directory
 * index in the same transaction, and every club the super-admin index, with `ownerCard`. The
 * caller announces the owner's card for the club's search with an outbox item in `alongside`.
 */
export async function createClubWithOwner(
  club: Omit<Club, 'memberCount'>,
  createdAt = club.createdAt,
  ownerCard: OwnerCard = { name: '', email: '' },
  /** Refuses an unpaid club whose owner already has this many unpaid ones (its item fails last). */
  unpaidCap?: number,
  /** Items written in the same transaction (the owner's card's outbox item); without conditions. */
  alongside: readonly TransactItem[] = [],
) {
  const admin = adminEntryItems(club, ownerCard);
  const stored: Club = { ...club, memberCount: 1 };
  const owner: Membership = {
    clubId: club.id,
    userId: club.ownerId,
    role: 'club_owner',
    status: 'active',
    createdAt,
  };
  await sendRetryingConflicts({
    TransactItems: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...clubItem(stored), indexVersion: 0 },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: membershipItem(owner),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...indexActions(tableName(), indexChanges(null, stored)),
      // The super-admin index lists every club from the start (repositories/admin-clubs.ts).
      ...[admin.entry, ...admin.terms].map((Item) => ({ Put: { TableName: tableName(), Item } })),
      // The platform figures count the club and its owner's membership (platform-figures.ts).
      ...figuresAction(club.id, { [figure.clubs(club.status)]: 1, [figure.members]: 1 }),
      // The club's analytics count its owner's membership, so its members over time add up.
      ...statsActions(club.id, new Date(createdAt), { joins: 1 }),
      ...alongside,
      // The owner's count of unpaid clubs (unpaid-clubs.ts), last, so a refusal by the cap is told apart.
      ...unpaidClubsAction(club.ownerId, unpaidStep(null, club.status), unpaidCap),
    ],
  });
  await indexDirectoryEntry(null, stored);
  return { club: stored, owner };
}

type Attributes = Record<string, unknown>;

/** A club write: attributes to set and to remove, and items put in the same transaction (an audit entry). */
export interface ClubRewrite {
  set: Attributes;
  remove?: readonly string[];
  alsoPut?: readonly Attributes[];
}

/**
 * Read the club, derive the new state, write the club and its index changes in one transaction
 * conditioned on the state read (sameIndexState); a concurrent writer makes it read and try again.
 * `change` returns null to write nothing (e.g. the club is not in the expected status).
 */
export async function rewriteClub(
  clubId: string,
  change: (club: Club) => ClubRewrite | null,
): Promise<Club | null> {
  return writeClubAsRead(
    clubId,
    async (stored) => {
      const planned = change(stored.club);
      if (!planned) return null;
      const kept = Object.fromEntries(
        Object.entries(stored.club).filter(([name]) => !planned.remove?.includes(name)),
      );
      const next = clubSchema.parse({ ...kept, ...planned.set });
      const state = sameIndexState({
        memberCount: stored.club.memberCount,
        indexVersion: stored.indexVersion,
      });
      const names: Record<string, string> = { ...state.names };
      const values: Record<string, unknown> = { ...state.values, ':nextVersion': state.nextVersion };
      const sets = Object.entries(planned.set).map(([name, value], i) => {
        names[`#f${i}`] = name;
        values[`:v${i}`] = value;
        return `#f${i} = :v${i}`;
      });
      const removed = (planned.remove ?? []).map((name, i) => {
        names[`#r${i}`] = name;
        return `#r${i}`;
      });
      const removal = removed.length > 0 ? ` REMOVE ${removed.join(', ')}` : '';
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            ...(planned.alsoPut ?? []).map((Item) => ({
              Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
            })),
            {
              Update: {
                TableName: tableName(),
                Key: keys.club(clubId),
                UpdateExpression: `SET ${[...sets, '#indexVersion = :nextVersion'].join(', ')}${removal}`,
                ConditionExpression: `attribute_exists(pk) AND ${state.condition}`,
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
            ...indexActions(tableName(), indexChanges(stored.club, next)),
            // A status move moves the platform figures' clubs by status in the same write.
            ...(next.status === stored.club.status
              ? []
              : figuresAction(clubId, {
                  [figure.clubs(stored.club.status)]: -1,
                  [figure.clubs(next.status)]: 1,
                })),
            ...unpaidClubsAction(next.ownerId, unpaidStep(stored.club.status, next.status)),
          ],
        }),
      );
      await indexDirectoryEntry(stored.club, next);
      return next;
    },
    { ifMissing: null, tooOftenMessage: `club ${clubId} changed too often to update` },
  );
}

/**
 * Moves a club to another status; its status-index entry and its directory entries move with
 * it (only active clubs are listed). With `from`, only a club in that status moves, so
 * concurrent transitions cannot interleave; null when the club is missing or not in `from`.
 * `announce` are outbox items written with the move (its members' billing follows).
 */
export async function setClubStatus(
  clubId: string,
  status: ClubStatus,
  from?: ClubStatus,
  announce: readonly Record<string, unknown>[] = [],
): Promise<Club | null> {
  return rewriteClub(clubId, (club) => {
    if (from && club.status !== from) return null;
    return { set: { status, gsi1pk: indexKeys.clubStatusPartition(status) }, alsoPut: announce };
  });
}

/**
 * Closes a club for good (its owner deleted it): inactive, and no longer suspended, so a super
 * admin's reactivation cannot reopen it.
 */
export async function closeClubForGood(clubId: string): Promise<Club | null> {
  return rewriteClub(clubId, () => ({
    set: { status: 'inactive', gsi1pk: indexKeys.clubStatusPartition('inactive') },
    remove: ['suspendedAt', 'suspendedFrom'],
  }));
}

/** What the club's owner (or the payments flow) may change. */
export type ClubChanges = Partial<
  Pick<
    Club,
    'name' | 'description' | 'price' | 'currency' | 'trialPeriod' | 'category' | 'logoUrl' | 'coverImageUrl'
  >
>;

/**
 * Changes a club's details; its directory entries (tier, category, words) follow in the same
 * transaction. Undefined fields stay as they are. Null when the club does not exist.
 */
export async function updateClub(clubId: string, changes: ClubChanges): Promise<Club | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return rewriteClub(clubId, () => ({ set }));
}

const STATUS_INDEX = TABLE.indexes.byStatus;

/** Clubs of one status, newest first: one query on the status index. */
export function listClubsByStatus(status: ClubStatus, page: { limit: number; cursor?: string }) {
  const partition = indexKeys.clubStatusPartition(status);
  return queryPage({ index: STATUS_INDEX, partition, order: 'descending' }, page, toClub);
}

/**
 * Up to `window` clubs of one status starting at a random point of the status index, wrapping
 * around to the oldest when the tail is short: at most two queries and `window` items read,
 * however many clubs exist.
 */
export async function sampleClubsByStatus(
  status: ClubStatus,
  window: number,
  random: () => number = Math.random,
  now = Date.now(),
): Promise<Club[]> {
  const partition = indexKeys.clubStatusPartition(status);
  const pivotTime = SAMPLE_EPOCH + Math.floor(random() * Math.max(1, now - SAMPLE_EPOCH));
  const pivot = new Date(pivotTime).toISOString();
  const tail = await queryPage(
    { index: STATUS_INDEX, partition, sortKey: { atLeast: pivot } },
    { limit: window },
    toClub,
  );
  if (tail.items.length === window) return tail.items;
  const headLimit = window - tail.items.length;
  const head = await queryPage(
    { index: STATUS_INDEX, partition, sortKey: { below: pivot } },
    { limit: headLimit },
    toClub,
  );
  return [...tail.items, ...head.items];
}

/** The earliest creation time the featured sample draws its random starting point from. */
const SAMPLE_EPOCH = Date.parse('2024-01-01T00:00:00Z');
