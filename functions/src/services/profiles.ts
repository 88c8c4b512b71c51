import { type Me, type Profile, userName } from '@clubs/shared';
import { createProfileIfAbsent, getProfile } from '../data/repositories/profiles.ts';
import type { AuthContext } from '../http/auth.ts';

const toMe = (profile: Profile, auth: AuthContext): Me => ({
  ...profile,
  name: userName(profile),
  isSuperAdmin: auth.isSuperAdmin,
});

/** The caller's profile; on the first call it is created from the token's name and e-mail. */
export async function getOrCreateMe(auth: AuthContext, now = new Date()): Promise<Me> {
  const existing = await getProfile(auth.userId);
  if (existing) return toMe(existing, auth);
  const created = await createProfileIfAbsent({
    id: auth.userId,
    email: auth.email,
    fullName: auth.name.trim(),
    bio: '',
    location: '',
    avatarUrl: null,
    createdAt: now.toISOString(),
  });
  return toMe(created, auth);
}
