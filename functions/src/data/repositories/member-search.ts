/**
 * A member in the club's word index (word-index.ts): found by the name their card shows and their
 * bio. Every membership is indexed whatever its status, from when it is added until it is
 * removed; a search shows only active ones (it reads the membership with the result). The index
 * follows the change events its writers store with their writes (bus/change-events.ts).
 */
import type { Membership, Profile } from '@clubs/shared';
import type { SearchDocument } from '../word-index.ts';
import { memberCardOf } from './member-cards.ts';

/** What a member is found by: their card's name and their bio. */
export interface MemberText {
  name: string;
  bio: string;
}

export const memberTextOf = (profile: Profile | null): MemberText => ({
  name: memberCardOf(profile).name,
  bio: profile?.bio ?? '',
});

export const memberDocument = (
  membership: Pick<Membership, 'userId' | 'createdAt'>,
  text: MemberText,
): SearchDocument => ({
  kind: 'member',
  id: membership.userId,
  at: membership.createdAt,
  texts: [text.name, text.bio],
});
