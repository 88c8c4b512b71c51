import { type Club, FEATURED_CLUB_COUNT } from '@clubs/shared';
import { getClub, listClubsByStatus, sampleClubsByStatus } from '../data/repositories/clubs.ts';
import { notFound } from '../http/errors.ts';

export const listActiveClubs = (page: { limit: number; cursor?: string }) =>
  listClubsByStatus('active', page);

/**
 * A club's public page. Only active clubs are public: an unpaid, pending or inactive club
 * answers exactly like a missing one, so the route reveals nothing about it.
 */
export async function getPublicClub(clubId: string): Promise<Club> {
  const club = await getClub(clubId);
  if (club?.status !== 'active') throw notFound('Club not found');
  return club;
}

/** Clubs read per featured sample: the 3 shown are drawn from this many neighbours. */
const FEATURED_WINDOW = 12;

/** Three random active clubs (part 1 section 2: "3 clubs picked at random"). */
export async function featuredClubs(random: () => number = Math.random): Promise<Club[]> {
  const candidates = await sampleClubsByStatus('active', FEATURED_WINDOW, random);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j] as Club, candidates[i] as Club];
  }
  return candidates.slice(0, FEATURED_CLUB_COUNT);
}
