/**
 * A club's members as lists: the members page (by cursor, or by a search of name or e-mail
 * prefix on the search entries each card carries) and the few faces of the club home. Every
 * list is one query of at most a page of items, whatever the size of the club.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ClubRole, type Membership, TABLE } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { normalizeText } from '../directory-index.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { indexKeys, keys, prefixes } from '../keys.ts';
import { type KeyQuery, type Page, queryAll, queryPage } from '../query.ts';
import { cardOf, MEMBER_EMAIL, type MemberCard } from './member-cards.ts';
import { toMembership } from './memberships.ts';

/** A membership as a list shows it: its card (null until filled) and the e-mail when known. */
export interface ListedMember {
  membership: Membership;
  card: MemberCard | null;
  email: string | null;
}

function listedMember(item: Record<string, unknown>): ListedMember {
  const email = item[MEMBER_EMAIL];
  return {
    membership: toMembership(item),
    card: cardOf(item),
    email: typeof email === 'string' ? email : null,
  };
}

/** How a members list is read: which entries, and whether pending requests are left out. */
export type MemberSearch = { by: 'all' } | { by: 'name'; text: string } | { by: 'email'; text: string };

function searchQuery(clubId: string, search: MemberSearch): KeyQuery {
  if (search.by === 'name') {
    return {
      index: TABLE.indexes.byStatus,
      partition: indexKeys.memberNamePartition(clubId),
      sortKey: { beginsWith: normalizeText(search.text) },
    };
  }
  if (search.by === 'email') {
    return {
      index: TABLE.indexes.byOwner,
      partition: indexKeys.memberEmailPartition(clubId),
      sortKey: { beginsWith: search.text.trim().toLowerCase() },
    };
  }
  return { partition: keys.club(clubId).pk, sortKey: { beginsWith: prefixes.member } };
}

const ACTIVE_ONLY = {
  expression: '#memberStatus = :memberStatus',
  names: { '#memberStatus': 'status' },
  values: { ':memberStatus': 'active' },
};

/**
 * One page of a club's members: all of them in the order of the table, or those whose name (or
 * e-mail) starts with the search text, in that order. With `activeOnly` pending requests are
 * filtered out after the read, so a page may hold fewer than `limit` while a cursor remains.
 */
export function listClubMembers(
  clubId: string,
  search: MemberSearch,
  page: { limit: number; cursor?: string; activeOnly: boolean },
): Promise<Page<ListedMember>> {
  const query = searchQuery(clubId, search);
  return queryPage(page.activeOnly ? { ...query, filter: ACTIVE_ONLY } : query, page, listedMember);
}

/**
 * Up to `count` active members of a club with their cards (null where not filled yet): one
 * query reading at most twice that many membership items, so a few pending requests do not
 * leave the row empty.
 */
export async function someActiveMembers(
  clubId: string,
  count: number,
): Promise<{ membership: Membership; card: MemberCard | null }[]> {
  const page = await listClubMembers(clubId, { by: 'all' }, { limit: count * 2, activeOnly: false });
  return page.items.filter(({ membership }) => membership.status === 'active').slice(0, count);
}

/**
 * Gives an active, non-owner membership another role; false when there is no such membership
 * (gone, pending, or the owner's), so nothing is written then.
 */
export async function setMemberRole(clubId: string, userId: string, role: ClubRole): Promise<boolean> {
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.membership(clubId, userId),
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: 'attribute_exists(pk) AND #status = :active AND #role <> :owner',
        ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
        ExpressionAttributeValues: { ':role': role, ':active': 'active', ':owner': 'club_owner' },
      }),
    ),
  );
}

/**
 * The active moderators of a club (their user ids): the club's membership items read page after
 * page with a filter, so it reads every membership of the club once; for work off the request
 * path only (the notification of a join request).
 */
export async function activeModeratorIds(clubId: string): Promise<string[]> {
  const moderators = await queryAll(
    {
      partition: keys.club(clubId).pk,
      sortKey: { beginsWith: prefixes.member },
      filter: {
        expression: '#memberStatus = :memberStatus AND #memberRole = :memberRole',
        names: { '#memberStatus': 'status', '#memberRole': 'role' },
        values: { ':memberStatus': 'active', ':memberRole': 'club_moderator' },
      },
    },
    toMembership,
  );
  return moderators.map((membership) => membership.userId);
}
