/**
 * Memberships that a Stripe subscription pays for: started as pending at checkout, activated by
 * the verified event, ended when the subscription ends. The counting and directory-index work of
 * each step is membership-writes.ts's (addMembership, activateMembership, removeMembership), so a
 * paid membership moves the member count exactly like an approved one, and a membership added or
 * removed here is announced like any other, by outbox items in its own transaction
 * (bus/change-events.ts).
 */
import type { Membership, MembershipAnswer, Profile } from '@clubs/shared';
import { cardChangeOutbox, changeOutbox, membershipEndedOutbox } from '../bus/change-events.ts';
import {
  activateMembership,
  addMembership,
  removeMembership,
} from '../data/repositories/membership-writes.ts';
import { getMembership } from '../data/repositories/memberships.ts';

export type PendingResult =
  | { ok: true; membership: Membership }
  | { ok: false; reason: 'active' | 'owner' | 'no_club' };

/** The caller's pending membership of a club, created when they have none (idempotent). */
export async function ensurePendingMembership(
  clubId: string,
  userId: string,
  /** The person's profile, for the card the membership carries from the start. */
  person: Profile | null,
  /** The answers to the club's questions, kept when the membership is created (a repeat keeps the first). */
  answers?: MembershipAnswer[],
  now = new Date(),
): Promise<PendingResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await getMembership(clubId, userId);
    if (existing) {
      if (existing.role === 'club_owner') return { ok: false, reason: 'owner' };
      if (existing.status === 'active') return { ok: false, reason: 'active' };
      return { ok: true, membership: existing };
    }
    const membership: Membership = {
      clubId,
      userId,
      role: 'club_member',
      status: 'pending',
      createdAt: now.toISOString(),
      ...(answers ? { answers } : {}),
    };
    // The card comes with the membership: its own transaction announces it to the club's search.
    const added = await addMembership(membership, cardChangeOutbox(membership, now), person);
    if (added.created) return { ok: true, membership };
    if (added.reason === 'no_club') return { ok: false, reason: 'no_club' };
    // Created by a concurrent request: read it.
  }
  throw new Error('membership changed too often');
}

export type ActivationResult = 'activated' | 'already_active' | 'no_club';

/**
 * Makes a paid membership active and counted: a pending one is activated; a missing one (say,
 * removed while the checkout was open) is created active, since the person has paid. Concurrent
 * deliveries activate it once.
 */
export async function activatePaidMembership(
  clubId: string,
  userId: string,
  now = new Date(),
): Promise<ActivationResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await getMembership(clubId, userId);
    if (existing?.status === 'active') return 'already_active';
    // The join is announced by the activation's own transaction: a repeated or concurrent
    // delivery of the payment activates nothing more and announces nothing more.
    const joined = changeOutbox(
      { type: 'membership.approved', clubId, actorId: userId, memberId: userId, via: 'checkout' },
      now,
    );
    if (existing) {
      const result = await activateMembership(clubId, userId, joined);
      if (result.activated) return 'activated';
      if (result.reason === 'no_club') return 'no_club';
    } else {
      const added = await addMembership(
        { clubId, userId, role: 'club_member', status: 'active', createdAt: now.toISOString() },
        // A membership created here brings the member's card: the club's search finds them by it.
        [...joined, ...cardChangeOutbox({ clubId, userId }, now)],
      );
      if (added.created) return 'activated';
      if (added.reason === 'no_club') return 'no_club';
    }
    // Changed concurrently (activated, or created by another delivery): look again.
  }
  const final = await getMembership(clubId, userId);
  if (final?.status === 'active') return 'already_active';
  throw new Error('membership changed too often');
}

export type EndResult = 'ended' | 'absent' | 'owner';

/**
 * Ends the access a subscription paid for; the club's owner keeps theirs. The removal's own
 * transaction announces it (the member's subscription ended it: they are its actor), so their
 * open pages stop following the club and their card leaves its search.
 */
export async function endPaidMembership(clubId: string, userId: string): Promise<EndResult> {
  const result = await removeMembership(clubId, userId, membershipEndedOutbox({ clubId, userId }, userId));
  if (result.removed) return 'ended';
  return result.reason === 'owner' ? 'owner' : 'absent';
}
