/**
 * The members page: who is in a club, as its owner, moderators and
 * members may see it. Owners, moderators (and a super admin overseeing) see pending requests and
 * members' e-mail addresses and may search by e-mail; members see active members' names only.
 */
import {
  type Club,
  type ClubRole,
  isClubManager,
  type LeaveResult,
  type MemberListQuery,
  type MemberPage,
  type Membership,
  type MemberView,
  normalizeText,
  type PendingCount,
  publicName,
  type RemovedPage,
} from '@clubs/shared';
import { changeOutbox, membershipEndedOutbox } from '../bus/change-events.ts';
import type { Viewer } from '../caller.ts';
import {
  countPendingMembers,
  getListedMember,
  type ListedMember,
  listClubMembers,
  type MemberSearch,
  setMemberRole,
} from '../data/repositories/club-members.ts';
import { memberCardOf } from '../data/repositories/member-cards.ts';
import { getClubWithMembership } from '../data/repositories/member-faces.ts';
import { activateMembership, removeMembership } from '../data/repositories/membership-writes.ts';
import { getMembership } from '../data/repositories/memberships.ts';
import { getProfile, getProfiles } from '../data/repositories/profiles.ts';
import { liftRemoval, listRemovals, markRemoved } from '../data/repositories/removals.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { paymentMatchesOf } from '../payments/ban-list.ts';
import { leaveMembership } from '../payments/leave-club.ts';
import { cancelMemberBilling } from '../payments/member-subscription.ts';
import { authorLevels } from './levels.ts';
import { fillCards } from './member-cards.ts';

/** Who sees members' e-mail addresses and pending requests. */
export const seesMemberDetails = (viewer: Viewer, isSuperAdmin: boolean): boolean =>
  isSuperAdmin || isClubManager(viewer.role);

/** Requests to join counted for the Pending filter and the Members nav item; more show as 'N+'. */
export const PENDING_COUNT_LIMIT = 99;

function searchOf(query: MemberListQuery, details: boolean): MemberSearch {
  const text = query.q?.trim() ?? '';
  if (text && query.searchIn === 'answers') {
    // The answers are for those who decide on requests.
    if (!details) throw forbidden('Only owners and moderators search the answers to membership questions');
    // Text with no letter or digit holds no word to look for: the list as it is.
    return normalizeText(text) ? { by: 'answers', text } : { by: 'all' };
  }
  if (text) return details && text.includes('@') ? { by: 'email', text } : { by: 'name', text };
  if (query.filter !== 'pending') return { by: 'all' };
  // Members do not see requests to join: the filter is for those who answer them.
  if (!details) throw forbidden('Only owners and moderators see requests to join');
  return { by: 'pending' };
}

/**
 * One page of the club's members: one query (the list in order, the pending requests, or a
 * search of name or e-mail prefix),
 * one batch of their all-time points (their levels), and for members whose card is not filled
 * yet one batch of their profiles.
 */
export async function listMembers(club: Club, details: boolean, query: MemberListQuery): Promise<MemberPage> {
  const page = await listClubMembers(club.id, searchOf(query, details), {
    limit: query.limit,
    cursor: query.cursor,
    activeOnly: !details,
  });
  return { items: await memberViews(club, details, page.items), nextCursor: page.nextCursor };
}

/**
 * Members as a list shows them: one batch of their all-time points (their levels) and, for those
 * whose card is not filled yet, one batch of their profiles.
 */
async function memberViews(club: Club, details: boolean, listed: ListedMember[]): Promise<MemberView[]> {
  const [filled, levels] = await Promise.all([
    fillCards(
      club.id,
      listed.flatMap(({ membership, card }) => (card ? [] : [membership.userId])),
    ),
    authorLevels(
      club.id,
      listed.map(({ membership }) => membership.userId),
    ),
  ]);
  return listed.map(({ membership: { answers, ...membership }, card, email }): MemberView => {
    const fill = filled.get(membership.userId);
    const shown = card ?? fill?.card ?? memberCardOf(null);
    return {
      ...membership,
      // The answers to the club's questions are for those who decide on requests.
      ...(details && answers ? { answers } : {}),
      name: shown.name,
      avatarUrl: shown.avatarUrl,
      email: details ? (email ?? fill?.email ?? null) : null,
      isOwner: membership.userId === club.ownerId,
      level: levels.get(membership.userId) ?? 1,
    };
  });
}

/**
 * One member of the club (active or asking to join) as its owner sees them: their membership by
 * key, then their level (and their card, if not filled yet); anyone else is not found.
 */
export async function memberOf(club: Club, userId: string): Promise<MemberView> {
  const listed = await getListedMember(club.id, userId);
  if (!listed) throw notFound('Member not found');
  const [view] = await memberViews(club, true, [listed]);
  if (!view) throw notFound('Member not found');
  return view;
}

/** How many requests to join wait for an answer: one count of their key range. */
export const pendingMembers = (club: Club): Promise<PendingCount> =>
  countPendingMembers(club.id, PENDING_COUNT_LIMIT);

/**
 * Approves a pending member. In a paid club a pending membership waits for its
 * payment (checkout) and cannot be approved past it. The activation is conditioned on the
 * membership still being pending, so two approvals at once count the member once.
 */
export async function approveMember(club: Club, userId: string, approverId: string): Promise<Membership> {
  const target = await getMembership(club.id, userId);
  if (!target) throw notFound('Member not found');
  if (target.status !== 'pending') throw conflict('This member is already active');
  if (club.price > 0) {
    throw conflict(
      'This club is paid: a pending member joins by paying at checkout or through an invitation',
    );
  }
  // The join is announced by the activation's own transaction: two approvals at once announce it once.
  const result = await activateMembership(
    club.id,
    userId,
    changeOutbox({
      type: 'membership.approved',
      clubId: club.id,
      actorId: approverId,
      memberId: userId,
      via: 'approval',
    }),
  );
  if (result.activated) return result.membership;
  if (result.reason === 'no_club') throw notFound('Club not found');
  throw conflict('This member is already active');
}

/**
 * Who may be removed or banned: never the owner, nor by a moderator another moderator; nobody
 * bans themselves. A ban needs no membership (the author may have left: they stay out).
 */
export function checkRemovable(
  club: Club,
  viewer: Viewer,
  userId: string,
  target: Membership | null,
  ban: boolean,
): void {
  if (!target && !ban) throw notFound('Member not found');
  if (target?.role === 'club_owner' || userId === club.ownerId)
    throw forbidden('The owner cannot be removed');
  if (ban && userId === viewer.userId) throw forbidden('You cannot ban yourself');
  if (viewer.role === 'club_moderator' && target?.role === 'club_moderator' && userId !== viewer.userId) {
    throw forbidden('A moderator cannot remove another moderator');
  }
}

/**
 * Removes a member (or, `ban`, bans a person from the Reports queue: the same removal, listed as
 * a ban): never the owner, and a moderator cannot remove another
 * moderator. A paid membership's subscription is cancelled at Stripe first, so a member is never
 * removed while still billed; the access check reads the membership on every request, so the
 * removal holds on every route at once.
 */
export async function removeMember(club: Club, viewer: Viewer, userId: string, ban = false) {
  const target = await getMembership(club.id, userId);
  checkRemovable(club, viewer, userId, target, ban);
  // A ban follows how they pay (read before their subscription is cancelled): a new account
  // paying with the same address or card is refused (payments/ban-list.ts).
  const [banMatches, profile] = await Promise.all([
    ban ? paymentMatchesOf(club.id, userId) : [],
    getProfile(userId),
  ]);
  await cancelMemberBilling(club.id, userId);
  // Marked first: invitations and join requests do not let them back in (removals.ts); their
  // account's address is kept with the mark, so an invitation import recognises them.
  await markRemoved(club.id, userId, viewer.userId, new Date(), ban, banMatches, profile?.email ?? null);
  if (!target) return { removed: true as const, userId };
  // The removal's own transaction announces it: the card leaves the club's search, open pages stop.
  const result = await removeMembership(
    club.id,
    userId,
    membershipEndedOutbox({ clubId: club.id, userId }, viewer.userId),
  );
  if (!result.removed) {
    if (result.reason === 'owner') throw forbidden('The owner cannot be removed');
    if (ban) return { removed: true as const, userId };
    throw notFound('Member not found');
  }
  return { removed: true as const, userId };
}

/** The people the club keeps out, with the name and e-mail of their profiles (one batch read). */
export async function listRemovedPeople(
  club: Club,
  page: { limit: number; cursor?: string },
): Promise<RemovedPage> {
  const markers = await listRemovals(club.id, page);
  const profiles = await getProfiles(markers.items.map((marker) => marker.userId));
  return {
    items: markers.items.map((marker) => {
      const profile = profiles.get(marker.userId);
      return {
        clubId: club.id,
        userId: marker.userId,
        name: publicName(profile ?? {}),
        email: profile?.email ?? null,
        removedAt: marker.removedAt,
        ...(marker.banned ? { banned: true } : {}),
      };
    }),
    nextCursor: markers.nextCursor,
  };
}

/**
 * The owner lets a removed person back: invitations and join requests work for them again.
 * `lifted` is false when they were not kept out (nothing changes).
 */
export async function liftMemberRemoval(club: Club, userId: string) {
  return { lifted: await liftRemoval(club.id, userId), userId };
}

/** The owner makes an active member a moderator, or a moderator a member again. */
export async function changeMemberRole(club: Club, userId: string, role: ClubRole): Promise<Membership> {
  if (userId === club.ownerId) throw forbidden("The owner's role cannot change");
  if (!(await setMemberRole(club.id, userId, role))) throw notFound('Member not found');
  const changed = await getMembership(club.id, userId);
  if (!changed) throw notFound('Member not found');
  return changed;
}

/**
 * The caller leaves a club (self-service: their own relation to it), whatever the club's state: a
 * member may always stop paying a club. The owner cannot leave their club. Of a club that is not
 * active, anyone without a membership learns nothing.
 */
export async function leaveClub(clubId: string, userId: string): Promise<LeaveResult> {
  const { club, membership } = await getClubWithMembership(clubId, userId);
  if (!club) throw notFound('Club not found');
  if (club.ownerId === userId) throw conflict('The owner cannot leave their own club');
  if (!membership) {
    throw notFound(club.status === 'active' ? 'You are not a member of this club' : 'Club not found');
  }
  // A membership that ends now is announced by its removal's transaction (leave-club.ts); a paid
  // membership set to end with its period is still a membership: its end is announced then.
  return leaveMembership(clubId, userId, { clubOpen: club.status === 'active' });
}
