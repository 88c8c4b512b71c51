/** How a found document is shown: the excerpt around its first matched word. */
import { highlightParts, type SearchTerms } from '@clubs/shared';

/** Characters of text an excerpt shows around the first matched word. */
export const EXCERPT_LENGTH = 180;

/**
 * The part of a text around its first matched word, at most EXCERPT_LENGTH characters, cut at
 * spaces and marked with ellipses where cut; the start of the text when nothing matched.
 */
export function excerptOf(text: string, search: SearchTerms): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  let offset = 0;
  for (const part of highlightParts(flat, search)) {
    if (part.match) break;
    offset += part.text.length;
  }
  if (offset >= flat.length) offset = 0;
  const start = Math.max(0, flat.lastIndexOf(' ', Math.max(0, offset - 40)) + 1);
  const begin = offset < 40 ? 0 : start;
  const end = Math.min(flat.length, begin + EXCERPT_LENGTH);
  const cutEnd = end < flat.length ? flat.lastIndexOf(' ', end) : end;
  const body = flat.slice(begin, cutEnd > begin ? cutEnd : end);
  return `${begin > 0 ? '… ' : ''}${body}${end < flat.length ? ' …' : ''}`;
}
