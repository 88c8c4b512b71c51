/** Owner-only payment screens: the club settings' Payments tab and the billing page. */
import type { Club } from '@clubs/shared';
import { getClub } from '../data/repositories/clubs.ts';
import type { AuthContext } from '../http/auth.ts';
import { forbidden, notFound } from '../http/errors.ts';

/** Part 2 section 6: the messages others see on the settings and billing screens. */
export const OWNER_ONLY = {
  settings: "Access Denied: You don't have permission to access settings for this club",
  billing: "You don't have permission to view billing information for this club",
} as const;

/**
 * The club, when the caller owns it. Payment accounts and plans are the owner's own (a super
 * admin oversees clubs but does not act on their owner's Stripe account).
 */
export async function ownedClub(auth: AuthContext, clubId: string, message: string): Promise<Club> {
  const club = await getClub(clubId);
  if (!club) throw notFound('Club not found');
  if (club.ownerId !== auth.userId) throw forbidden(message);
  return club;
}
