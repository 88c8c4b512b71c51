/**
 * The members page (part 2 sections 2 and 6): who is in a club, as its owner, moderators and
 * members may see it. Owners, moderators (and a super admin overseeing) see pending requests and
 * members' e-mail addresses and may search by e-mail; members see active members' names only.
 */
import {
  type Club,
  isClubManager,
  type MemberListQuery,
  type MemberPage,
  type MemberView,
} from '@clubs/shared';
import { listClubMembers, type MemberSearch } from '../data/repositories/club-members.ts';
import { memberCardOf } from '../data/repositories/member-cards.ts';
import type { Viewer } from './club-viewer.ts';
import { fillCards } from './member-cards.ts';

/** Who sees members' e-mail addresses and pending requests. */
export const seesMemberDetails = (viewer: Viewer, isSuperAdmin: boolean): boolean =>
  isSuperAdmin || isClubManager(viewer.role);

function searchOf(q: string | undefined, byEmail: boolean): MemberSearch {
  const text = q?.trim() ?? '';
  if (!text) return { by: 'all' };
  return byEmail && text.includes('@') ? { by: 'email', text } : { by: 'name', text };
}

/**
 * One page of the club's members: one query (the list, or a search of name or e-mail prefix),
 * and for members whose card is not filled yet one batch of their profiles.
 */
export async function listMembers(club: Club, details: boolean, query: MemberListQuery): Promise<MemberPage> {
  const page = await listClubMembers(club.id, searchOf(query.q, details), {
    limit: query.limit,
    cursor: query.cursor,
    activeOnly: !details,
  });
  const filled = await fillCards(
    club.id,
    page.items.flatMap(({ membership, card }) => (card ? [] : [membership.userId])),
  );
  const items = page.items.map(({ membership, card, email }): MemberView => {
    const fill = filled.get(membership.userId);
    const shown = card ?? fill?.card ?? memberCardOf(null);
    return {
      ...membership,
      name: shown.name,
      avatarUrl: shown.avatarUrl,
      email: details ? (email ?? fill?.email ?? null) : null,
      isOwner: membership.userId === club.ownerId,
    };
  });
  return { items, nextCursor: page.nextCursor };
}
