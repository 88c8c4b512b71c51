/**
 * A person removed from a club by its owner or a moderator stays out: a marker in the club's
 * partition that accepting an invitation (the shared link, or their own e-mailed one), a join
 * request and a membership checkout respect, until the owner lifts it. The joins check it inside
 * their own transaction (`notRemoved`), so a removal racing a join cannot be undone by it.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys, REMOVAL_PREFIX } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import type { TransactItem } from '../counted-write.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryPage } from '../query.ts';
import { type BanMatch, deleteBanMatches, distinctMatches, putBanMatches } from './ban-matches.ts';

/** What a person removed from a club is told when they ask to join it again. */
export const REMOVED_MESSAGE = 'You were removed from this club. Ask its owner to let you back in.';

/**
 * Marks the person removed; a ban also puts the addresses and cards they pay with (`banMatches`)
 * on the club's ban list, and the marker keeps which, for lifting it. The account's address
 * (`email`), when known, is kept beside the marker (keys.removedAddress), so an invitation
 * import finds removed people by key.
 */
export async function markRemoved(
  clubId: string,
  userId: string,
  removedBy: string,
  now = new Date(),
  banned = false,
  banMatches: readonly BanMatch[] = [],
  email: string | null = null,
) {
  const matches = banned ? distinctMatches(banMatches) : [];
  const address = email?.trim().toLowerCase() || null;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.removal(clubId, userId),
        type: 'removal',
        clubId,
        userId,
        removedBy,
        removedAt: now.toISOString(),
        ...(banned ? { banned: true } : {}),
        ...(matches.length > 0 ? { banMatches: matches } : {}),
        ...(address ? { email: address } : {}),
      },
    }),
  );
  if (address) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.removedAddress(clubId, address), type: 'removedAddress', clubId, userId },
      }),
    );
  }
  if (matches.length > 0) await putBanMatches(clubId, userId, matches, now);
}

export async function isRemoved(clubId: string, userId: string): Promise<boolean> {
  return (await getItem(keys.removal(clubId, userId), { consistent: true })) !== null;
}

/** Lifts the marker, and takes the ban's addresses and cards off the ban list; false when there was none. */
export async function liftRemoval(clubId: string, userId: string): Promise<boolean> {
  const { Attributes } = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.removal(clubId, userId), ReturnValues: 'ALL_OLD' }),
  );
  const matches = Array.isArray(Attributes?.banMatches) ? (Attributes.banMatches as BanMatch[]) : [];
  if (matches.length > 0) await deleteBanMatches(clubId, matches);
  if (typeof Attributes?.email === 'string') {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.removedAddress(clubId, Attributes.email) }),
    );
  }
  return Attributes !== undefined;
}

/** A condition, for a join's transaction, that the person has not been removed from the club. */
export function notRemoved(clubId: string, userId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.removal(clubId, userId),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export interface RemovalMarker {
  userId: string;
  removedAt: string;
  banned: boolean;
}

/** A page of the club's removal markers (in the order of the people's ids), one query. */
export function listRemovals(
  clubId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<RemovalMarker>> {
  return queryPage(
    { partition: keys.removal(clubId, '').pk, sortKey: { beginsWith: REMOVAL_PREFIX } },
    page,
    (item) => ({
      userId: String(item.userId),
      removedAt: String(item.removedAt),
      banned: item.banned === true,
    }),
  );
}
