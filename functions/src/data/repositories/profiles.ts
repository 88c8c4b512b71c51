import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PROFILE_ITEM_TYPE, type Profile, profileSchema, type UpdateProfileInput } from '@clubs/shared';
import { keys, withoutKeys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { updateExistingItem } from '../update-item.ts';

const toProfile = (item: Record<string, unknown>): Profile => profileSchema.parse(withoutKeys(item));

export async function getProfile(userId: string, options?: ReadOptions): Promise<Profile | null> {
  return getEntity(keys.profile(userId), toProfile, options);
}

/** Profiles by id, missing ones left out: one request per 100. */
export async function getProfiles(userIds: readonly string[]): Promise<Map<string, Profile>> {
  const found = await batchGet(userIds.map((id) => keys.profile(id)));
  const profiles = new Map<string, Profile>();
  for (const id of userIds) {
    const item = found.get(keyId(keys.profile(id)));
    if (item) profiles.set(id, toProfile(item));
  }
  return profiles;
}

/** A profile as stored. */
export const profileItem = (profile: Profile) => ({
  ...keys.profile(profile.id),
  // The table's stream hands profiles written to the change-stream consumer by this type.
  type: PROFILE_ITEM_TYPE,
  ...profile,
});

/**
 * Creates the profile unless it exists (a conditional write): two first calls racing each other
 * end with one profile, and the loser reads the winner's.
 */
export async function createProfileIfAbsent(profile: Profile): Promise<Profile> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: profileItem(profile),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return profile;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const existing = await getProfile(profile.id);
    if (!existing) throw error;
    return existing;
  }
}

export function updateProfile(userId: string, changes: UpdateProfileInput): Promise<Profile | null> {
  return updateExistingItem(keys.profile(userId), changes, toProfile);
}

/** Follows a verified e-mail change (the ID token's claim) onto the stored profile. */
export function setProfileEmail(userId: string, email: string): Promise<Profile | null> {
  return updateExistingItem(keys.profile(userId), { email }, toProfile);
}
