import {
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  AVATAR_UPLOAD,
  type AvatarUploadInput,
  type Me,
  type PresignedUpload,
  type Profile,
  type UpdateProfileInput,
  userName,
} from '@clubs/shared';
import { memberCardOf, refreshMemberCards } from '../data/repositories/memberships.ts';
import {
  createProfileIfAbsent,
  getProfile,
  setProfileEmail,
  updateProfile,
} from '../data/repositories/profiles.ts';
import type { AuthContext } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import { logger } from '../logger.ts';
import { deleteMedia, inspectMedia, mediaKeyOf, presignUpload, UploadRefused } from '../media/uploads.ts';

const toMe = (profile: Profile, auth: AuthContext): Me => ({
  ...profile,
  name: userName(profile),
  isSuperAdmin: auth.isSuperAdmin,
});

/** The folder of a person's photos; nobody may reference a key outside their own. */
export const avatarPrefixOf = (userId: string): string => `avatars/${userId}`;

/** Every membership shows the person's name and photo (MemberCard): a change is written to each. */
async function syncMemberCards(before: Profile | null, after: Profile): Promise<Profile> {
  const [was, is] = [memberCardOf(before), memberCardOf(after)];
  if (was.name !== is.name || was.avatarUrl !== is.avatarUrl) await refreshMemberCards(after.id, is);
  return after;
}

async function loadOrCreate(auth: AuthContext, now: Date): Promise<Profile> {
  const existing = await getProfile(auth.userId);
  if (existing) {
    // The token's e-mail is the verified one (Cognito keeps the old address until the new one
    // is confirmed): a confirmed change reaches the profile on the next call.
    if (auth.email && existing.email !== auth.email) {
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

/** The caller's profile; on the first call it is created from the token's name and e-mail. */
export async function getOrCreateMe(auth: AuthContext, now = new Date()): Promise<Me> {
  return toMe(await loadOrCreate(auth, now), auth);
}

/**
 * A new photo must be an object the caller uploaded under their own prefix, and what is stored
 * there must be an image within the limit (s3rver does not enforce the upload policy, so this
 * holds locally too). A refused upload is removed.
 */
async function checkNewAvatar(userId: string, url: string): Promise<void> {
  const key = mediaKeyOf(url);
  if (!key?.startsWith(`${avatarPrefixOf(userId)}/`)) {
    throw badRequest('Upload the photo with Change Photo first', [
      { path: 'body.avatarUrl', message: 'must be a photo you uploaded' },
    ]);
  }
  const stored = await inspectMedia(key);
  if (!stored) {
    throw badRequest('The photo was not uploaded. Please try again.', [
      { path: 'body.avatarUrl', message: 'nothing is stored there' },
    ]);
  }
  const typeOk = (AVATAR_UPLOAD.contentTypes as readonly string[]).includes(stored.contentType);
  const sizeOk = stored.size > 0 && stored.size <= AVATAR_UPLOAD.maxBytes;
  if (!typeOk || !sizeOk) {
    await deleteMedia(key).catch((error: unknown) =>
      logger.warn('could not remove a refused upload', { key, error: error as Error }),
    );
    throw badRequest(typeOk ? AVATAR_SIZE_MESSAGE : AVATAR_TYPE_MESSAGE, [
      { path: 'body.avatarUrl', message: typeOk ? 'too large' : 'not an image' },
    ]);
  }
}

/** Saves the caller's profile fields; a replaced photo of theirs is removed from the bucket. */
export async function updateMe(
  auth: AuthContext,
  changes: UpdateProfileInput,
  now = new Date(),
): Promise<Me> {
  const current = await loadOrCreate(auth, now);
  const newAvatar = changes.avatarUrl;
  if (newAvatar && newAvatar !== current.avatarUrl) await checkNewAvatar(auth.userId, newAvatar);

  const updated = await syncMemberCards(current, (await updateProfile(auth.userId, changes)) ?? current);

  const oldKey = mediaKeyOf(current.avatarUrl);
  if (
    changes.avatarUrl !== undefined &&
    changes.avatarUrl !== current.avatarUrl &&
    oldKey?.startsWith(`${avatarPrefixOf(auth.userId)}/`)
  ) {
    await deleteMedia(oldKey).catch((error: unknown) =>
      logger.warn('could not remove a replaced photo', { key: oldKey, error: error as Error }),
    );
  }
  return toMe(updated, auth);
}

/** Signs an upload of one photo into the caller's own folder. */
export async function createAvatarUpload(
  auth: AuthContext,
  input: AvatarUploadInput,
): Promise<PresignedUpload> {
  try {
    return await presignUpload({
      prefix: avatarPrefixOf(auth.userId),
      contentType: input.contentType,
      size: input.size,
      allowedContentTypes: AVATAR_UPLOAD.contentTypes,
      maxBytes: AVATAR_UPLOAD.maxBytes,
      expiresInSeconds: AVATAR_UPLOAD.expiresInSeconds,
    });
  } catch (error) {
    if (error instanceof UploadRefused) {
      throw badRequest(error.reason === 'type' ? AVATAR_TYPE_MESSAGE : AVATAR_SIZE_MESSAGE);
    }
    throw error;
  }
}
