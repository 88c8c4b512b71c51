/** A person's member card written onto their memberships: filled lazily, refreshed on a profile change. */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { cardAttributes, type MemberCard } from './member-cards.ts';
import { countMembersVersion } from './member-faces.ts';
import { listMembershipsOfUser } from './memberships.ts';

async function setCard(
  clubId: string,
  userId: string,
  card: MemberCard,
  email: string | undefined,
  onlyIfMissing: boolean,
  alongside: readonly TransactItem[] = [],
) {
  const attributes = Object.entries(cardAttributes(clubId, userId, card, email));
  const update = {
    TableName: tableName(),
    Key: keys.membership(clubId, userId),
    UpdateExpression: `SET ${attributes.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
    ConditionExpression: onlyIfMissing
      ? 'attribute_exists(pk) AND attribute_not_exists(#a0)'
      : 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(attributes.map(([name], i) => [`#a${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(attributes.map(([, value], i) => [`:a${i}`, value])),
  };
  // A failed condition is no error: the membership went away, or (lazy fill) a profile change
  // wrote a newer card meanwhile.
  if (alongside.length === 0) {
    await writeIfConditionHolds(db().send(new UpdateCommand(update)));
    return;
  }
  // The card with what announces it (an outbox item), or neither.
  await sendRetryingConflicts({ TransactItems: [{ Update: update }, ...alongside] }).catch(
    (error: unknown) => {
      if (!transactionConditionFailures(error)) throw error;
    },
  );
}

/**
 * Fills a missing card only: a card written meanwhile by a profile change is newer than the
 * profile this fill read, so it is kept.
 */
export const fillMemberCard = (clubId: string, userId: string, card: MemberCard, email?: string) =>
  setCard(clubId, userId, card, email, true);

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
export async function refreshMemberCards(
  userId: string,
  card: MemberCard,
  email?: string,
  /** Items written with each membership's card (its announcement), by club. */
  alongside?: (clubId: string) => readonly TransactItem[],
): Promise<void> {
  const memberships = await listMembershipsOfUser(userId);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CARD_WRITES_IN_FLIGHT, memberships.length) }, async () => {
      for (let membership = memberships[next++]; membership; membership = memberships[next++]) {
        await setCard(membership.clubId, userId, card, email, false, alongside?.(membership.clubId));
        if (membership.status === 'active') await countMembersVersion(membership.clubId);
      }
    }),
  );
}
