/** How a found document is checked again and shown: whether it still matches, and its excerpt. */
import { highlightParts, type SearchTerms, textTerms } from '@clubs/shared';

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

/** Whether a document's texts still hold every term of the search (the last one as a prefix). */
export function stillMatches(texts: readonly string[], search: SearchTerms): boolean {
  const terms = new Set(textTerms(texts.join('\n')));
  const last = search.terms.length - 1;
  return search.terms.every((term, index) =>
    search.prefix && index === last ? [...terms].some((t) => t.startsWith(term)) : terms.has(term),
  );
}
