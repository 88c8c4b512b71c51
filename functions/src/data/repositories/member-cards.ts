/**
 * The member card: what a membership shows of the person where a club lists its members (the
 * sidebar's faces, the members page), copied from their profile so listing needs no profile
 * reads, with the search entries of the members page written beside it.
 */
import { normalizeText, type Profile, publicName } from '@clubs/shared';
import { indexKeys } from '@clubs/shared/table-keys';

/**
 * The name and photo a membership shows where a club lists its members (the sidebar's faces),
 * copied from the person's profile so listing them needs no profile reads. It is filled lazily by
 * the first listing that finds it missing (fillMemberCard) and rewritten on every membership of
 * the person when their profile changes (refreshMemberCards).
 */
export interface MemberCard {
  name: string;
  avatarUrl: string | null;
}

/** A person's card from their profile; someone without a profile yet is 'Member' until they have one. */
export const memberCardOf = (profile: Profile | null): MemberCard =>
  profile
    ? { name: publicName(profile), avatarUrl: profile.avatarUrl ?? null }
    : { name: 'Member', avatarUrl: null };

export const CARD = 'memberCard';

export function cardOf(item: Record<string, unknown>): MemberCard | null {
  const card = item[CARD] as { name?: unknown; avatarUrl?: unknown } | undefined;
  if (typeof card?.name !== 'string') return null;
  return { name: card.name, avatarUrl: typeof card.avatarUrl === 'string' ? card.avatarUrl : null };
}

/** Where the members page finds a member's e-mail (owners and moderators only see it). */
export const MEMBER_EMAIL = 'memberEmail';

/**
 * A membership's card with what the members page searches by: the normalized name, and the
 * e-mail when known (the search indexes of table-keys.ts), written together so they never disagree.
 */
export function cardAttributes(clubId: string, userId: string, card: MemberCard, email?: string) {
  return {
    [CARD]: card,
    ...indexKeys.memberName(clubId, normalizeText(card.name), userId),
    ...(email ? { [MEMBER_EMAIL]: email, ...indexKeys.memberEmail(clubId, email, userId) } : {}),
  };
}
