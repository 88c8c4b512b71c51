/**
 * A club's members as lists: the members page (by cursor, or by a search of name or e-mail
 * prefix on the search entries each card carries) and the few faces of the club home. Every
 * list is one query of at most a page of items, whatever the size of the club.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ClubRole, type Membership, normalizeText, TABLE } from '@clubs/shared';
import { indexKeys, keys, MEMBER_RANK, memberRank } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { countUpTo, type KeyQuery, type Page, queryAll, queryFirst, queryPage } from '../query.ts';
import { cardOf, MEMBER_EMAIL, type MemberCard } from './member-cards.ts';
import { MEMBER_ANSWERS_TEXT, toMembership } from './memberships.ts';

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

/** One membership of the club as a list shows it (any status), by key; null when there is none. */
export async function getListedMember(clubId: string, userId: string): Promise<ListedMember | null> {
  const item = await getItem(keys.membership(clubId, userId));
  return item ? listedMember(item) : null;
}

/**
 * Which entries a members list reads: everyone in order, a name or e-mail prefix, the requests,
 * or those whose answers to the membership questions hold the text.
 */
export type MemberSearch =
  | { by: 'all' }
  | { by: 'pending' }
  | { by: 'name'; text: string }
  | { by: 'email'; text: string }
  | { by: 'answers'; text: string };

const ORDER_INDEX = TABLE.indexes.byMemberOrder;

function searchQuery(clubId: string, search: MemberSearch, activeOnly: boolean): KeyQuery {
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
  const partition = indexKeys.memberOrderPartition(clubId);
  if (search.by === 'answers') {
    // Answers are free text: the list in order, kept to those whose answers hold the words, so a
    // page reads at most `limit` entries and may show fewer while a cursor remains.
    return {
      index: ORDER_INDEX,
      partition,
      order: 'descending',
      filter: {
        expression: 'contains(#answersText, :answersText)',
        names: { '#answersText': MEMBER_ANSWERS_TEXT },
        values: { ':answersText': normalizeText(search.text) },
      },
    };
  }
  if (search.by === 'pending') {
    return {
      index: ORDER_INDEX,
      partition,
      sortKey: { beginsWith: `${MEMBER_RANK.pending}#` },
      order: 'descending',
    };
  }
  // Active members are the ranks below the requests': a key range, so nothing is read and dropped.
  return {
    index: ORDER_INDEX,
    partition,
    ...(activeOnly ? { sortKey: { below: MEMBER_RANK.pending } } : {}),
    order: 'descending',
  };
}

const ACTIVE_ONLY = {
  expression: '#memberStatus = :memberStatus',
  names: { '#memberStatus': 'status' },
  values: { ':memberStatus': 'active' },
};

/**
 * One page of a club's members: everyone (pending requests, the owner, moderators, members, each
 * newest first), only the pending requests, or those whose name (or e-mail) starts with the
 * search text. With `activeOnly` the list is the active ranks' key range; a search of a name
 * leaves pending requests out after the read, so its page may hold fewer than `limit` while a
 * cursor remains.
 */
export function listClubMembers(
  clubId: string,
  search: MemberSearch,
  page: { limit: number; cursor?: string; activeOnly: boolean },
): Promise<Page<ListedMember>> {
  const query = searchQuery(clubId, search, page.activeOnly);
  const searching = search.by === 'name' || search.by === 'email';
  return queryPage(
    page.activeOnly && searching ? { ...query, filter: ACTIVE_ONLY } : query,
    page,
    listedMember,
  );
}

/** How many requests to join wait for an answer, counted up to `atMost`: one query of their key range. */
export function countPendingMembers(
  clubId: string,
  atMost: number,
): Promise<{ count: number; more: boolean }> {
  return countUpTo(searchQuery(clubId, { by: 'pending' }, false), atMost);
}

/**
 * Up to `count` active members of a club with their cards (null where not filled yet), in the
 * members page's order: one query of the active ranks.
 */
export async function someActiveMembers(
  clubId: string,
  count: number,
): Promise<{ membership: Membership; card: MemberCard | null }[]> {
  const page = await listClubMembers(clubId, { by: 'all' }, { limit: count, activeOnly: true });
  return page.items;
}

/**
 * Gives an active, non-owner membership another role and moves it to that role's rank on the
 * members page; false when there is no such membership (gone, pending, or the owner's), so
 * nothing is written then. The write is conditioned on the order entry read, so a concurrent
 * change is not overwritten with a stale one.
 */
export async function setMemberRole(clubId: string, userId: string, role: ClubRole): Promise<boolean> {
  const item = await getItem(keys.membership(clubId, userId), { consistent: true });
  const order = item?.[ORDER_INDEX.sortKey];
  if (!item || typeof order !== 'string') return false;
  const [, ...rest] = order.split('#');
  const rank = memberRank({ role, status: 'active' });
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.membership(clubId, userId),
        UpdateExpression: 'SET #role = :role, #order = :order',
        ConditionExpression:
          'attribute_exists(pk) AND #status = :active AND #role <> :owner AND #order = :read',
        ExpressionAttributeNames: { '#role': 'role', '#status': 'status', '#order': ORDER_INDEX.sortKey },
        ExpressionAttributeValues: {
          ':role': role,
          ':active': 'active',
          ':owner': 'club_owner',
          ':order': [rank, ...rest].join('#'),
          ':read': order,
        },
      }),
    ),
  );
}

/**
 * The active moderators of a club (their user ids): the moderators' key range of the members
 * page's order, read page after page (a club has few moderators); for work off the request path
 * (the notification of a join request).
 */
export async function activeModeratorIds(clubId: string): Promise<string[]> {
  const moderators = await queryAll(
    {
      index: ORDER_INDEX,
      partition: indexKeys.memberOrderPartition(clubId),
      sortKey: { beginsWith: `${MEMBER_RANK.moderator}#` },
    },
    toMembership,
  );
  return moderators.map((membership) => membership.userId);
}

/** Lookups of the member e-mail index at once. */
const EMAIL_LOOKUPS_IN_FLIGHT = 8;

/**
 * The membership status of each address that belongs to someone in the club (addresses of nobody
 * are absent): one query of the member e-mail index per address, reading at most one entry.
 */
export async function memberStatusesByEmail(
  clubId: string,
  emails: readonly string[],
): Promise<Map<string, Membership['status']>> {
  const statuses = new Map<string, Membership['status']>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(EMAIL_LOOKUPS_IN_FLIGHT, emails.length) }, async () => {
      for (let email = emails[next++]; email !== undefined; email = emails[next++]) {
        const address = email;
        const status = await queryFirst(
          {
            index: TABLE.indexes.byOwner,
            partition: indexKeys.memberEmailPartition(clubId),
            sortKey: { beginsWith: `${address}#` },
          },
          (item) => toMembership(item).status,
          { pageSize: 1, maxPages: 1 },
        );
        if (status) statuses.set(address, status);
      }
    }),
  );
  return statuses;
}
