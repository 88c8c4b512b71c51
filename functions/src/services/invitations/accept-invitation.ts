/**
 * Opening and accepting an invitation `/invite/{clubId}/{token}`. The token is
 * the club's current invite link or an e-mailed invitation's own; a regenerated link, an unknown
 * or expired token, an e-mailed invitation someone else used, or a person removed from the club
 * (until its owner lifts that) does not let anyone in. In a free
 * club accepting makes the caller an active member at once; in a paid club the invitation is held
 * for them and they join by paying through the membership checkout (with the club's trial).
 */
import { type AcceptInvitationResult, type InvitationPreview, toPublicClub } from '@clubs/shared';
import { cardChangeOutbox, changeOutbox } from '../../bus/change-events.ts';
import type { Caller } from '../../caller.ts';
import type { TransactItem } from '../../data/counted-write.ts';
import {
  claimInvitation,
  holdInvitation,
  type InvitationFacts,
  linkStillValid,
  readInvitationFacts,
  waitingEnds,
} from '../../data/repositories/invitations.ts';
import { activateMembership, addMembership } from '../../data/repositories/membership-writes.ts';
import { notRemoved } from '../../data/repositories/removals.ts';
import { conflict, notFound } from '../../errors.ts';
import { profileOfCaller } from '../profiles.ts';
import { sameToken } from './tokens.ts';

type TokenState = InvitationPreview['state'];
type TokenKind = 'link' | 'email';

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is no longer valid',
  used: 'This invitation has already been used',
  clubNotFound: 'Club not found',
} as const;

function judgeToken(facts: InvitationFacts, token: string, userId: string, now: Date) {
  // A person removed from the club is not let back in by any invitation until the owner lifts it.
  if (facts.removed) return { state: 'invalid' as TokenState, kind: null };
  if (facts.link && sameToken(facts.link.token, token))
    return { state: 'valid' as TokenState, kind: 'link' as TokenKind };
  const invitation = facts.invitation;
  if (!invitation || invitation.validUntil <= now.toISOString())
    return { state: 'invalid' as TokenState, kind: null };
  if (invitation.acceptedBy && invitation.acceptedBy !== userId)
    return { state: 'used' as TokenState, kind: null };
  return { state: 'valid' as TokenState, kind: 'email' as TokenKind };
}

/** The caller made an active member, with `proof` in the same transaction; false when refused. */
async function addActiveMember(
  caller: Caller,
  clubId: string,
  proof: readonly TransactItem[],
  now: Date,
): Promise<boolean> {
  const added = await addMembership(
    { clubId, userId: caller.userId, role: 'club_member', status: 'active', createdAt: now.toISOString() },
    // The club's search finds the new member by their card: the membership's transaction announces it.
    [...proof, ...cardChangeOutbox({ clubId, userId: caller.userId }, now)],
    await profileOfCaller(caller, now),
  );
  return added.created;
}

function standingOf(facts: InvitationFacts, userId: string): InvitationPreview['membership'] {
  if (facts.club?.ownerId === userId) return 'active';
  return facts.membership?.status ?? 'not_member';
}

/** Invitations lead only into active clubs; of any other, the opener learns nothing. */
async function readFacts(clubId: string, token: string, userId: string) {
  const facts = await readInvitationFacts(clubId, token, userId);
  if (facts.club?.status !== 'active') throw notFound(INVITATION_MESSAGES.clubNotFound);
  return { ...facts, club: facts.club };
}

export async function invitationPreview(
  clubId: string,
  token: string,
  userId: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const facts = await readFacts(clubId, token, userId);
  return {
    club: toPublicClub(facts.club),
    state: judgeToken(facts, token, userId, now).state,
    membership: standingOf(facts, userId),
  };
}

/** Tries of an acceptance whose transaction met a concurrent change (each reads again). */
const ACCEPT_ATTEMPTS = 3;

export async function acceptInvitation(
  clubId: string,
  token: string,
  caller: Caller,
  now = new Date(),
): Promise<AcceptInvitationResult> {
  const userId = caller.userId;
  for (let attempt = 0; attempt < ACCEPT_ATTEMPTS; attempt++) {
    const facts = await readFacts(clubId, token, userId);
    // An active member (a second click, a second tab) is answered as such, changing nothing.
    if (standingOf(facts, userId) === 'active') return { outcome: 'member', clubId };
    const judged = judgeToken(facts, token, userId, now);
    if (judged.state === 'used') throw conflict(INVITATION_MESSAGES.used);
    if (judged.state !== 'valid' || !judged.kind) throw notFound(INVITATION_MESSAGES.invalid);

    if (facts.club.price > 0) {
      if (judged.kind === 'link' || (await holdInvitation(clubId, token, userId, now))) {
        return { outcome: 'checkout', clubId };
      }
      continue; // Someone else used it meanwhile: read again to say so.
    }
    // The token must still be good in the very transaction that lets the caller in.
    const proof = [
      ...(judged.kind === 'link'
        ? [linkStillValid(clubId, token)]
        : [claimInvitation(clubId, token, userId, now), waitingEnds(clubId, token)]),
      notRemoved(clubId, userId),
    ];
    // The join is announced in the same transaction, so it is announced once however often it is tried.
    const joinedNow = changeOutbox(
      { type: 'membership.approved', clubId, actorId: userId, memberId: userId, via: 'invitation' },
      now,
    );
    const joined =
      facts.membership?.status === 'pending'
        ? (await activateMembership(clubId, userId, [...proof, ...joinedNow])).activated
        : await addActiveMember(caller, clubId, [...proof, ...joinedNow], now);
    if (joined) return { outcome: 'joined', clubId };
    // Refused: a concurrent acceptance, a new link or a used invitation; the next read says which.
  }
  throw conflict('The invitation could not be accepted. Please try again.');
}
