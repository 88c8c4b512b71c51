/** Membership items: their shape and their reads by club and by person. */

import {
  type Membership,
  type MembershipStatus,
  membershipSchema,
  normalizeText,
  TABLE,
} from '@clubs/shared';
import { indexKeys, keys, memberRank, withoutKeys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { type KeyQuery, type Page, queryAll, queryPage } from '../query.ts';

export const toMembership = (item: Record<string, unknown>): Membership =>
  membershipSchema.parse(withoutKeys(item));

/**
 * The membership's answers to the club's questions as one normalized text, so that owners and
 * moderators can find a person by what they answered (club-members.ts).
 */
export const MEMBER_ANSWERS_TEXT = 'answersText';

function answersText(membership: Membership): Record<string, string> {
  const text = normalizeText(
    (membership.answers ?? [])
      .filter((answer) => !answer.consent)
      .map((answer) => answer.answer)
      .join(' '),
  );
  return text ? { [MEMBER_ANSWERS_TEXT]: text } : {};
}

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
    ...answersText(membership),
  };
}

export async function getMembership(
  clubId: string,
  userId: string,
  options?: ReadOptions,
): Promise<Membership | null> {
  return getEntity(keys.membership(clubId, userId), toMembership, options);
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

/**
 * Which of `userIds` are active members of the club now: one BatchGetItem per 100 people, the
 * status alone projected. Someone removed, banned or whose paid membership lapsed has no
 * membership item, and a pending request is not yet membership.
 */
export async function activeMembersAmong(clubId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const found = await batchGet(
    userIds.map((id) => keys.membership(clubId, id)),
    ['status'],
  );
  return new Set(userIds.filter((id) => found.get(keyId(keys.membership(clubId, id)))?.status === 'active'));
}
