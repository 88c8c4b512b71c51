/**
 * Cards not filled yet (a membership older than cards, or the owner's own): read from the
 * profiles once, in one batch, and stored on the memberships for every later listing.
 */

import { fillMemberCard } from '../data/repositories/member-card-refresh.ts';
import { type MemberCard, memberCardOf } from '../data/repositories/member-cards.ts';
import { getProfiles } from '../data/repositories/profiles.ts';

export interface FilledCard {
  card: MemberCard;
  email: string | null;
}

/** The cards (and e-mails) of these members of the club, read from their profiles and stored. */
export async function fillCards(clubId: string, userIds: string[]): Promise<Map<string, FilledCard>> {
  if (userIds.length === 0) return new Map();
  const profiles = await getProfiles(userIds);
  const cards = new Map<string, FilledCard>();
  await Promise.all(
    userIds.map(async (userId) => {
      const profile = profiles.get(userId) ?? null;
      const card = memberCardOf(profile);
      cards.set(userId, { card, email: profile?.email ?? null });
      await fillMemberCard(clubId, userId, card, profile?.email);
    }),
  );
  return cards;
}
