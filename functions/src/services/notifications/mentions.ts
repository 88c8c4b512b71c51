/**
 * Mentions: `@Full Name` in a post or a comment names a member of the club by their card's name
 * (accents and case aside). Each mention is one query of the members' name index, by its first
 * word; the longest run of words after the `@` that is exactly an active member's name wins, so
 * "@Ana Lima thanks" names Ana Lima, and a name no active member has names nobody.
 */

import { normalizeText } from '@clubs/shared';
import { listClubMembers } from '../../data/repositories/club-members.ts';

/** Mentions looked up per text; more are ignored. */
export const MAX_MENTIONS = 10;
/** Words after an `@` that may form a name. */
const MAX_NAME_WORDS = 4;
/** Members of the same first name read per mention. */
const CANDIDATES_PER_MENTION = 100;

/**
 * An `@` that starts a word, and the words after it up to punctuation that ends a name (a comma,
 * a colon, an exclamation mark, a line break, another `@`).
 */
const MENTION = /(?<![\p{L}\p{N}_])@([^\s@,;:!?()]+(?:[ \t]+[^\s@,;:!?()]+)*)/gu;

/** The words after each `@` (up to four), in order, each run once. */
export function mentionCandidates(text: string): string[][] {
  const runs = new Map<string, string[]>();
  for (const match of text.matchAll(MENTION)) {
    const words = normalizeText(match[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .slice(0, MAX_NAME_WORDS);
    if (words.length > 0) runs.set(words.join(' '), words);
    if (runs.size >= MAX_MENTIONS) break;
  }
  return [...runs.values()];
}

/** The active members of a club the text mentions (user ids, each once). */
export async function mentionedMembers(clubId: string, text: string): Promise<string[]> {
  const found = new Set<string>();
  await Promise.all(
    mentionCandidates(text).map(async (words) => {
      const page = await listClubMembers(
        clubId,
        { by: 'name', text: words[0] ?? '' },
        { limit: CANDIDATES_PER_MENTION, activeOnly: true },
      );
      const byName = new Map<string, string[]>();
      for (const { membership, card } of page.items) {
        if (!card) continue;
        const name = normalizeText(card.name);
        byName.set(name, [...(byName.get(name) ?? []), membership.userId]);
      }
      for (let length = words.length; length > 0; length--) {
        const named = byName.get(words.slice(0, length).join(' '));
        if (named) {
          for (const id of named) found.add(id);
          return;
        }
      }
    }),
  );
  return [...found];
}
