/**
 * Memberships added, activated and removed, each counted with its club in one transaction. The
 * callers announce a membership added or removed with outbox items written alongside, in the same
 * transaction (bus/change-events.ts): the club's search follows the person's card.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Membership, Profile } from '@clubs/shared';
import { indexKeys, keys, MEMBER_RANK } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { statsActions } from '../club-stats.ts';
import { sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { CLUB_WRITE_ATTEMPTS } from '../directory-index.ts';
import { backoff, cancellationReasons } from '../transaction-retry.ts';
import { cardAttributes, memberCardOf } from './member-cards.ts';
import { writeWithCount } from './member-count.ts';
import { getMembership, membershipItem } from './memberships.ts';
import { getProfile } from './profiles.ts';

export type AddMembershipResult =
  | { created: true; membership: Membership }
  | { created: false; reason: 'exists' | 'no_club' };

/**
 * A membership's item with the person's card: the card comes with the membership, so the members
 * page names and finds the person at once.
 */
export function membershipWithCard(membership: Membership, profile: Profile | null) {
  const card = cardAttributes(membership.clubId, membership.userId, memberCardOf(profile), profile?.email);
  return { ...membershipItem(membership), ...card };
}

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
  const profile = person === undefined ? await getProfile(membership.userId) : person;
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: membershipWithCard(membership, profile),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  if (membership.status === 'active') {
    const result = await writeWithCount(membership.clubId, 1, put, alongside);
    if (result === 'done') return { created: true, membership };
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
  const now = new Date();
  const order = indexKeys.memberOrder(clubId, MEMBER_RANK.member, now.toISOString(), userId);
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :active, #activatedAt = :now, gsi3sk = :sk, gsi5sk = :order',
      ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
      ExpressionAttributeNames: { '#status': 'status', '#activatedAt': 'activatedAt' },
      ExpressionAttributeValues: {
        ':active': 'active',
        ':now': now.toISOString(),
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

/**
 * Removes a membership; an active one lowers the member count in the same transaction. The
 * club's owner cannot be removed.
 */
export async function removeMembership(
  clubId: string,
  userId: string,
  /** Items written with the removal (its change events' outbox items): none unless it is stored. */
  alongside: readonly TransactItem[] = [],
): Promise<RemoveMembershipResult> {
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
      const result = await writeWithCount(clubId, -1, remove, alongside);
      if (result !== 'refused') return { removed: true, membership };
    } else {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: [remove, ...alongside] }));
        return { removed: true, membership };
      } catch (error) {
        if (!cancellationReasons(error)) throw error;
      }
    }
    // The membership changed under us (activated or removed meanwhile): look again.
    await backoff(attempt);
  }
  throw new Error('membership changed too often to remove');
}
