import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Club,
  type Membership,
  type MembershipStatus,
  membershipSchema,
  type Profile,
  SIZE_BUCKETS,
  sizeBucket,
  TABLE,
} from '@clubs/shared';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { type StatsSteps, statsActions } from '../club-stats.ts';
import { sendRetryingConflicts } from '../counted-write.ts';
import {
  backoff,
  CLUB_WRITE_ATTEMPTS,
  cancellationReasons,
  indexActions,
  indexChanges,
  sameIndexState,
} from '../directory-index.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { getEntity } from '../get-item.ts';
import { indexKeys, keys, MEMBER_RANK, memberRank, withoutKeys } from '../keys.ts';
import { figure, figuresAction } from '../platform-figures.ts';
import { type KeyQuery, type Page, queryAll, queryPage } from '../query.ts';
import { CARD, cardAttributes, cardOf, type MemberCard, memberCardOf } from './member-cards.ts';
import { indexMember, memberTextOf } from './member-search.ts';
import { getProfile } from './profiles.ts';
import { clubFromItem, type StoredClub, writeClubAsRead } from './stored-club.ts';

export const toMembership = (item: Record<string, unknown>): Membership =>
  membershipSchema.parse(withoutKeys(item));

export function membershipItem(membership: Membership) {
  return {
    ...keys.membership(membership.clubId, membership.userId),
    type: 'membership',
    ...indexKeys.userMembership(membership.userId, membership.status, membership.clubId),
    ...indexKeys.memberOrder(
      membership.clubId,
      memberRank(membership),
      membership.createdAt,
      membership.userId,
    ),
    ...membership,
  };
}

export async function getMembership(clubId: string, userId: string): Promise<Membership | null> {
  return getEntity(keys.membership(clubId, userId), toMembership);
}

/**
 * Every change of who is an active member of a club (each member count change, each new card of
 * a member) counts the club item's `membersVersion` up, in the same write. The few faces the club
 * home shows are kept on the club item with the version they were read at, so the access check's
 * read of the club brings them along and they are trusted only while the version still matches.
 */
const MEMBERS_VERSION = 'membersVersion';
const FACES = 'memberFaces';

/** Faces the club item holds for the members version it was read at (null: none valid). */
export interface ClubFaces {
  version: number;
  faces: (MemberCard & { id: string })[] | null;
}

function facesOf(item: Record<string, unknown>): ClubFaces {
  const stored = item[MEMBERS_VERSION];
  const version = typeof stored === 'number' ? stored : 0;
  const cached = item[FACES] as { version?: unknown; faces?: unknown } | undefined;
  if (cached?.version !== version || !Array.isArray(cached.faces)) return { version, faces: null };
  const faces = cached.faces.flatMap((face: Record<string, unknown>) => {
    const card = cardOf({ [CARD]: face });
    return card && typeof face.id === 'string' ? [{ id: face.id, ...card }] : [];
  });
  return { version, faces };
}

/** A club and one person's membership in it, read together in one request. */
/**
 * The faces read with each club item, by the club made from it: whoever holds that club (the
 * sidebar) finds them without a second read, and nothing between (the access check, the route's
 * request) needs to carry them.
 */
const facesReadWith = new WeakMap<Club, ClubFaces>();

/** The faces kept on the club item `club` was read from, if it was read by `getClubWithMembership`. */
export const facesReadWithClub = (club: Club): ClubFaces | null => facesReadWith.get(club) ?? null;

export async function getClubWithMembership(
  clubId: string,
  userId: string,
): Promise<{ club: Club | null; membership: Membership | null }> {
  const found = await batchGet([keys.club(clubId), keys.membership(clubId, userId)]);
  const item = found.get(keyId(keys.club(clubId)));
  const membership = found.get(keyId(keys.membership(clubId, userId)));
  const club = item ? clubFromItem(item) : null;
  if (club && item) facesReadWith.set(club, facesOf(item));
  return { club, membership: membership ? toMembership(membership) : null };
}

/**
 * Keeps the faces read for `version` on the club item; a change of members since then has moved
 * the version on and the faces are not kept (the next visit reads them again).
 */
export async function keepClubFaces(clubId: string, faces: ClubFaces & { faces: unknown[] }): Promise<void> {
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.club(clubId),
        UpdateExpression: 'SET #faces = :faces',
        ConditionExpression:
          faces.version === 0
            ? 'attribute_exists(pk) AND attribute_not_exists(#version)'
            : 'attribute_exists(pk) AND #version = :version',
        ExpressionAttributeNames: { '#faces': FACES, '#version': MEMBERS_VERSION },
        ExpressionAttributeValues: {
          ':faces': { version: faces.version, faces: faces.faces },
          ...(faces.version === 0 ? {} : { ':version': faces.version }),
        },
      }),
    ),
  );
}

export type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

const MEMBERS_VERSION_NAME = { '#membersVersion': MEMBERS_VERSION };

/** Member counts from which one step of `delta` lands in another size bucket. */
const crossingCounts = (delta: 1 | -1) =>
  delta === 1
    ? [SIZE_BUCKETS.mediumFrom - 1, SIZE_BUCKETS.largeFrom - 1]
    : [SIZE_BUCKETS.mediumFrom, SIZE_BUCKETS.largeFrom];

/**
 * The writes that change a club's member count by one, as read in `stored`:
 * - a step within the size bucket is an ADD conditioned only on not standing at a bucket edge,
 *   so concurrent joins do not have to retry each other;
 * - a step over a bucket edge of an active club sets the exact count, moves its size list items
 *   (directory-index.ts) and is conditioned on the exact state read;
 * - over an edge of a club that is not listed, only the exact count is conditioned (activation
 *   re-checks the bucket itself).
 */
function countChange(stored: StoredClub, delta: 1 | -1) {
  const { club } = stored;
  const next = club.memberCount + delta;
  const key = keys.club(club.id);
  if (sizeBucket(next) === sizeBucket(club.memberCount)) {
    const [edgeA, edgeB] = crossingCounts(delta);
    const clubAction: TransactItem = {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #memberCount :delta, #membersVersion :one',
        ConditionExpression:
          'attribute_exists(pk) AND #memberCount > :floor AND NOT (#memberCount IN (:edgeA, :edgeB))',
        ExpressionAttributeNames: { '#memberCount': 'memberCount', ...MEMBERS_VERSION_NAME },
        ExpressionAttributeValues: {
          ':delta': delta,
          ':one': 1,
          ':floor': delta === 1 ? -1 : 0,
          ':edgeA': edgeA,
          ':edgeB': edgeB,
        },
      },
    };
    return [clubAction];
  }
  if (club.status !== 'active') {
    return [
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #memberCount = :next ADD #membersVersion :one',
          ConditionExpression: 'attribute_exists(pk) AND #memberCount = :count AND #status <> :active',
          ExpressionAttributeNames: {
            '#memberCount': 'memberCount',
            '#status': 'status',
            ...MEMBERS_VERSION_NAME,
          },
          ExpressionAttributeValues: {
            ':next': next,
            ':count': club.memberCount,
            ':active': 'active',
            ':one': 1,
          },
        },
      } satisfies TransactItem,
    ];
  }
  const state = sameIndexState({ memberCount: club.memberCount, indexVersion: stored.indexVersion });
  const clubAction: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #memberCount = :next, #indexVersion = :nextVersion ADD #membersVersion :one',
      ConditionExpression: `attribute_exists(pk) AND #memberCount = :count AND #status = :active AND ${state.condition}`,
      ExpressionAttributeNames: { ...state.names, '#status': 'status', ...MEMBERS_VERSION_NAME },
      ExpressionAttributeValues: {
        ...state.values,
        ':one': 1,
        ':next': next,
        ':count': club.memberCount,
        ':active': 'active',
        ':nextVersion': state.nextVersion,
      },
    },
  };
  return [clubAction, ...indexActions(tableName(), indexChanges(club, { ...club, memberCount: next }))];
}

type CountedWrite = 'done' | 'no_club' | 'refused';

/**
 * Writes `action` (a membership change) together with a member count change of `delta` in one
 * transaction, with the `alongside` items that must hold or happen with it (e.g. an invitation
 * used up by the membership it grants). 'refused' when the action's own condition or one of the
 * alongside items' failed; a club changed concurrently is read again and the transaction retried.
 */
async function writeWithCount(
  clubId: string,
  delta: 1 | -1,
  action: TransactItem,
  alongside: readonly TransactItem[] = [],
  /** What the club's analytics count besides the join or leave (an approval). */
  stats: StatsSteps = {},
): Promise<CountedWrite> {
  return writeClubAsRead<CountedWrite>(
    clubId,
    async (stored) => {
      const [clubAction, ...moves] = countChange(stored, delta);
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              action,
              ...alongside,
              clubAction as TransactItem,
              ...moves,
              // The platform's count of active memberships moves with the club's (platform-figures.ts).
              ...figuresAction(clubId, { [figure.members]: delta }),
              // The club's analytics count the join or leave on its day (club-stats.ts).
              ...statsActions(clubId, new Date(), { ...stats, [delta === 1 ? 'joins' : 'leaves']: 1 }),
            ],
          }),
        );
        return 'done';
      } catch (error) {
        const ownConditionFailed = cancellationReasons(error)
          ?.slice(0, 1 + alongside.length)
          .includes('ConditionalCheckFailed');
        if (ownConditionFailed) return 'refused';
        throw error;
      }
    },
    { ifMissing: 'no_club', tooOftenMessage: `club ${clubId} changed too often to count a membership` },
  );
}

export type AddMembershipResult =
  | { created: true; membership: Membership }
  | { created: false; reason: 'exists' | 'no_club' };

/**
 * Adds a membership if the person has none in the club. An active membership raises the club's
 * member count in the same transaction (and moves its directory size entries when the count
 * crosses a bucket edge), so the count stays exact under concurrent joins.
 */
export async function addMembership(
  membership: Membership,
  /** Items written with the membership (a condition on them too); a refusal of one answers 'exists'. */
  alongside: readonly TransactItem[] = [],
  /** The person's profile when the caller has it at hand; read here otherwise. */
  person?: Profile | null,
): Promise<AddMembershipResult> {
  // The card comes with the membership, so the members page names and finds the person at once.
  const profile = person === undefined ? await getProfile(membership.userId) : person;
  const card = cardAttributes(membership.clubId, membership.userId, memberCardOf(profile), profile?.email);
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: { ...membershipItem(membership), ...card },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  if (membership.status === 'active') {
    const result = await writeWithCount(membership.clubId, 1, put, alongside);
    if (result === 'done') {
      await indexMember(membership, null, memberTextOf(profile));
      return { created: true, membership };
    }
    return { created: false, reason: result === 'refused' ? 'exists' : 'no_club' };
  }
  try {
    // Retried when it only lost to a concurrent transaction on the day's counters (club-stats.ts).
    await sendRetryingConflicts({
      TransactItems: [
        put,
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.club(membership.clubId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        ...alongside,
        // The club's analytics count the join request on its day (club-stats.ts).
        ...statsActions(membership.clubId, new Date(), { requests: 1 }),
      ],
    });
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    if (reasons[0] === 'ConditionalCheckFailed') return { created: false, reason: 'exists' };
    if (reasons[1] === 'ConditionalCheckFailed') return { created: false, reason: 'no_club' };
    if (reasons.slice(2).includes('ConditionalCheckFailed')) return { created: false, reason: 'exists' };
    throw error;
  }
  await indexMember(membership, null, memberTextOf(profile));
  return { created: true, membership };
}

export type ActivateMembershipResult =
  | { activated: true; membership: Membership }
  | { activated: false; reason: 'not_pending' | 'no_club' };

/**
 * Turns a pending membership active (approval, or a paid membership's confirmed payment) and
 * counts it, in one transaction; anything but a pending membership is left alone.
 */
export async function activateMembership(
  clubId: string,
  userId: string,
  /** Items written with the activation (writeWithCount); a refusal of one answers 'not_pending'. */
  alongside: readonly TransactItem[] = [],
): Promise<ActivateMembershipResult> {
  const key = keys.membership(clubId, userId);
  // A pending membership is always a member's; the members page lists them from when they joined.
  const order = indexKeys.memberOrder(clubId, MEMBER_RANK.member, new Date().toISOString(), userId);
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :active, gsi3sk = :sk, gsi5sk = :order',
      ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':active': 'active',
        ':pending': 'pending',
        ':sk': indexKeys.userMembership(userId, 'active', clubId).gsi3sk,
        ':order': order.gsi5sk,
      },
    },
  };
  const result = await writeWithCount(clubId, 1, update, alongside, { approvals: 1 });
  if (result === 'no_club') return { activated: false, reason: 'no_club' };
  if (result === 'refused') return { activated: false, reason: 'not_pending' };
  const membership = await getMembership(clubId, userId);
  if (!membership) throw new Error('activated membership vanished');
  return { activated: true, membership };
}

export type RemoveMembershipResult =
  | { removed: true; membership: Membership }
  | { removed: false; reason: 'not_found' | 'owner' };

/** A removed membership's postings go with it (read from the person's profile as it is now). */
async function unindexed(membership: Membership): Promise<RemoveMembershipResult> {
  await indexMember(membership, memberTextOf(await getProfile(membership.userId)), null);
  return { removed: true, membership };
}

/**
 * Removes a membership; an active one lowers the member count in the same transaction. The
 * club's owner cannot be removed.
 */
export async function removeMembership(clubId: string, userId: string): Promise<RemoveMembershipResult> {
  for (let attempt = 0; attempt < CLUB_WRITE_ATTEMPTS; attempt++) {
    const membership = await getMembership(clubId, userId);
    if (!membership) return { removed: false, reason: 'not_found' };
    if (membership.role === 'club_owner') return { removed: false, reason: 'owner' };
    const remove: TransactItem = {
      Delete: {
        TableName: tableName(),
        Key: keys.membership(clubId, userId),
        ConditionExpression: '#status = :status AND #role <> :owner',
        ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
        ExpressionAttributeValues: { ':status': membership.status, ':owner': 'club_owner' },
      },
    };
    if (membership.status === 'active') {
      const result = await writeWithCount(clubId, -1, remove);
      if (result !== 'refused') return unindexed(membership);
    } else {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: [remove] }));
        return unindexed(membership);
      } catch (error) {
        if (!cancellationReasons(error)) throw error;
      }
    }
    // The membership changed under us (activated or removed meanwhile): look again.
    await backoff(attempt);
  }
  throw new Error('membership changed too often to remove');
}

const USER_INDEX = TABLE.indexes.byUser;

function userIndexQuery(userId: string, status: MembershipStatus | undefined): KeyQuery {
  return {
    index: USER_INDEX,
    partition: indexKeys.userMembershipPartition(userId),
    sortKey: { beginsWith: indexKeys.userMembershipPrefix(status) },
  };
}

/** A user's memberships, optionally of one status: queries on the user index, every page. */
export function listMembershipsOfUser(userId: string, status?: MembershipStatus): Promise<Membership[]> {
  return queryAll(userIndexQuery(userId, status), toMembership);
}

/**
 * One page of a user's memberships (optionally of one status): one query on the user index. A
 * cursor of another status's list is refused like any other foreign cursor.
 */
export function listMembershipsOfUserPage(
  userId: string,
  page: { status?: MembershipStatus; limit: number; cursor?: string },
): Promise<Page<Membership>> {
  return queryPage(userIndexQuery(userId, page.status), page, toMembership);
}

async function setCard(
  clubId: string,
  userId: string,
  card: MemberCard,
  email: string | undefined,
  onlyIfMissing: boolean,
) {
  const attributes = Object.entries(cardAttributes(clubId, userId, card, email));
  // A failed condition is no error: the membership went away, or (lazy fill) a profile change
  // wrote a newer card meanwhile.
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.membership(clubId, userId),
        UpdateExpression: `SET ${attributes.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
        ConditionExpression: onlyIfMissing
          ? 'attribute_exists(pk) AND attribute_not_exists(#a0)'
          : 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(attributes.map(([name], i) => [`#a${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(attributes.map(([, value], i) => [`:a${i}`, value])),
      }),
    ),
  );
}

/**
 * Fills a missing card only: a card written meanwhile by a profile change is newer than the
 * profile this fill read, so it is kept.
 */
export const fillMemberCard = (clubId: string, userId: string, card: MemberCard, email?: string) =>
  setCard(clubId, userId, card, email, true);

/** A member's new card makes the faces the club item keeps out of date. */
async function countMembersVersion(clubId: string): Promise<void> {
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.club(clubId),
        UpdateExpression: 'ADD #version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#version': MEMBERS_VERSION },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    ),
  );
}

/** How many membership writes a profile change keeps in flight at once. */
const CARD_WRITES_IN_FLIGHT = 10;

/**
 * Writes a person's new card onto each of their memberships (any status). The fan-out is done
 * at once rather than lazily because a stale card cannot be detected without reading the
 * profile, which is what the card saves; it is bounded by the number of clubs the person belongs
 * to (one user-index query per 100 of them, one conditional update each), and a profile change
 * is rare while the lists that show cards are read on every club visit. A membership created
 * during the change has no card yet and is filled from the new profile by its first listing.
 */
export async function refreshMemberCards(userId: string, card: MemberCard, email?: string): Promise<void> {
  const memberships = await listMembershipsOfUser(userId);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CARD_WRITES_IN_FLIGHT, memberships.length) }, async () => {
      for (let membership = memberships[next++]; membership; membership = memberships[next++]) {
        await setCard(membership.clubId, userId, card, email, false);
        if (membership.status === 'active') await countMembersVersion(membership.clubId);
      }
    }),
  );
}
