import {
  type AvatarUploadInput,
  type Me,
  type PresignedUpload,
  type Profile,
  type UpdateProfileInput,
  userName,
} from '@clubs/shared';
import { cardChangeOutbox } from '../bus/change-events.ts';
import type { Caller } from '../caller.ts';
import { refreshOwnerAdminEntries } from '../data/repositories/admin-clubs.ts';
import { refreshMemberCards } from '../data/repositories/member-card-refresh.ts';
import { memberCardOf } from '../data/repositories/member-cards.ts';
import {
  createProfileIfAbsent,
  getProfile,
  setProfileEmail,
  updateProfile,
} from '../data/repositories/profiles.ts';
import { clearSuppression } from '../data/repositories/suppressed-addresses.ts';
import { mediaKeyOf, removeReplacedMedia } from '../media/uploads.ts';
import { requireUploadedImage, signImageUpload } from './image-uploads.ts';

const toMe = (profile: Profile, auth: Caller): Me => ({
  ...profile,
  name: userName(profile),
  isSuperAdmin: auth.isSuperAdmin,
});

/** The folder of a person's photos; nobody may reference a key outside their own. */
export const avatarPrefixOf = (userId: string): string => `avatars/${userId}`;

/** Every membership shows the person's name and photo (MemberCard): a change is written to each. */
async function syncMemberCards(before: Profile | null, after: Profile): Promise<Profile> {
  const [was, is] = [memberCardOf(before), memberCardOf(after)];
  // The e-mail is part of it too: owners and moderators search their members by it.
  if (was.name !== is.name || was.avatarUrl !== is.avatarUrl || before?.email !== after.email) {
    // A profile made after a membership of its person (a club created before its owner's first
    // page) announces each card with it: the change stream reads profiles' changes, not their
    // creation, which for everyone else comes before any membership.
    const announced = before ? undefined : (clubId: string) => cardChangeOutbox({ clubId, userId: after.id });
    await refreshMemberCards(after.id, is, after.email, announced);
  }
  // The club searches find members by their name and bio: the table's stream carries the profile's
  // change, and its consumer tells each of the person's clubs, off the request path
  // (consumers/change-stream.ts).
  // The super-admin portal shows and finds each club by its owner's name and e-mail.
  if (before && (userName(before) !== userName(after) || before.email !== after.email)) {
    await refreshOwnerAdminEntries(after.id, { name: userName(after), email: after.email });
  }
  return after;
}

async function loadOrCreate(auth: Caller, now: Date): Promise<Profile> {
  const existing = await getProfile(auth.userId);
  if (existing) {
    // The token's e-mail is the verified one (Cognito keeps the old address until the new one
    // is confirmed): a confirmed change reaches the profile on the next call.
    if (auth.email && existing.email !== auth.email) {
      // The person just confirmed the address with a code: mail may go to it again, even if it
      // bounced or complained before.
      await clearSuppression(auth.email);
      const changed = await setProfileEmail(auth.userId, auth.email);
      return changed ? syncMemberCards(existing, changed) : existing;
    }
    return existing;
  }
  const created = await createProfileIfAbsent({
    id: auth.userId,
    email: auth.email,
    fullName: auth.name.trim(),
    bio: '',
    location: '',
    avatarUrl: null,
    createdAt: now.toISOString(),
  });
  return syncMemberCards(null, created);
}

/**
 * The caller's profile, created from the token's name and e-mail when they have none yet: a
 * membership written for them (a join request, an invitation, a checkout) carries their name
 * and e-mail from the start, even before they ever opened a page that reads their profile.
 */
export const profileOfCaller = (auth: Caller, now = new Date()): Promise<Profile> => loadOrCreate(auth, now);

/** The caller's profile; on the first call it is created from the token's name and e-mail. */
export async function getOrCreateMe(auth: Caller, now = new Date()): Promise<Me> {
  return toMe(await loadOrCreate(auth, now), auth);
}

/** Saves the caller's profile fields; a replaced photo of theirs is removed from the bucket. */
export async function updateMe(auth: Caller, changes: UpdateProfileInput, now = new Date()): Promise<Me> {
  const current = await loadOrCreate(auth, now);
  const newAvatar = changes.avatarUrl;
  if (newAvatar && newAvatar !== current.avatarUrl) {
    await requireUploadedImage(newAvatar, avatarPrefixOf(auth.userId), {
      path: 'body.avatarUrl',
      what: 'photo',
      uploadFirst: 'Upload the photo with Change Photo first',
    });
  }

  const updated = await syncMemberCards(current, (await updateProfile(auth.userId, changes)) ?? current);

  const oldKey = mediaKeyOf(current.avatarUrl);
  if (
    changes.avatarUrl !== undefined &&
    changes.avatarUrl !== current.avatarUrl &&
    oldKey?.startsWith(`${avatarPrefixOf(auth.userId)}/`)
  ) {
    await removeReplacedMedia(oldKey);
  }
  return toMe(updated, auth);
}

/** Signs an upload of one photo into the caller's own folder. */
export const createAvatarUpload = (auth: Caller, input: AvatarUploadInput): Promise<PresignedUpload> =>
  signImageUpload(avatarPrefixOf(auth.userId), input);
