import type { Club } from '@clubs/shared';
import { getClub, listClubsByStatus } from '../data/repositories/clubs.ts';
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
