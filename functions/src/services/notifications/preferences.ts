/**
 * A member's notification preferences (for the account and per club, a club's overriding the
 * account's) and the one-click unsubscribe of an e-mail's link, which sets "bell only" for the
 * token's club, or for the account, without a sign-in.
 */
import type {
  AccountNotificationSettings,
  ClubNotificationSettings,
  NotificationPreference,
  Unsubscribed,
} from '@clubs/shared';
import { getClub } from '../../data/repositories/clubs.ts';
import {
  effectivePreference,
  getPreferences,
  type StoredPreferences,
  setPreference,
} from '../../data/repositories/notification-preferences.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { badRequest } from '../../errors.ts';
import {
  INVALID_UNSUBSCRIBE_LINK,
  OTHER_ADDRESS_UNSUBSCRIBE_LINK,
  sentTo,
  verifyUnsubscribeToken,
} from './unsubscribe-token.ts';

const NONE: StoredPreferences = { account: null, club: null };

async function storedFor(userId: string, clubId: string | null, consistent = false) {
  return (await getPreferences([userId], clubId, consistent)).get(userId) ?? NONE;
}

export async function accountSettings(userId: string): Promise<AccountNotificationSettings> {
  return { preference: effectivePreference({ ...(await storedFor(userId, null)), club: null }) };
}

export async function updateAccountSettings(
  userId: string,
  preference: NotificationPreference,
  now = new Date(),
): Promise<AccountNotificationSettings> {
  await setPreference(userId, null, preference, now);
  return { preference };
}

const clubView = (stored: StoredPreferences): ClubNotificationSettings => ({
  preference: stored.club,
  effective: effectivePreference(stored),
});

export async function clubSettings(userId: string, clubId: string): Promise<ClubNotificationSettings> {
  return clubView(await storedFor(userId, clubId));
}

export async function updateClubSettings(
  userId: string,
  clubId: string,
  preference: NotificationPreference | null,
  now = new Date(),
): Promise<ClubNotificationSettings> {
  await setPreference(userId, clubId, preference, now);
  const stored = await storedFor(userId, clubId, true);
  return clubView({ ...stored, club: preference });
}

/** Checks an unsubscribe token (signature, expiry, the address it was sent to); 400 otherwise. */
async function claimsOf(token: string, now: Date) {
  const claims = await verifyUnsubscribeToken(token, now);
  const profile = await getProfile(claims.userId);
  if (!profile) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  if (!sentTo(claims.addressHash, profile.email)) throw badRequest(OTHER_ADDRESS_UNSUBSCRIBE_LINK);
  return claims;
}

/** Whether a link's token holds, before the page that confirms it is shown. */
export async function checkUnsubscribe(token: string, now = new Date()): Promise<void> {
  await claimsOf(token, now);
}

/** Stops the e-mail a token names: its club's (bell only there) or the account's. */
export async function unsubscribe(token: string, now = new Date()): Promise<Unsubscribed> {
  const claims = await claimsOf(token, now);
  const club = claims.clubId ? await getClub(claims.clubId) : null;
  if (claims.clubId && !club) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  await setPreference(claims.userId, claims.clubId, 'bell', now);
  return { scope: claims.clubId ? 'club' : 'all', clubName: club?.name ?? null };
}
