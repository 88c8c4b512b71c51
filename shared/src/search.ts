/**
 * The words of search: one normalization for what is indexed (functions/src/data/word-index.ts),
 * what is searched and what the SPA highlights, so a highlighted word is exactly a matched one.
 * Text becomes words by splitting at anything that is not a letter or a digit (so regex and
 * markup characters are plain separators), each word lower-cased with its accents removed and
 * a plural ending taken off; stop words and single letters are never terms.
 */

/** Bounds of a search text: shorter finds nothing useful, longer is refused. */
export const SEARCH_LIMITS = {
  /** Characters of a search text, at least (after trimming). */
  queryMin: 2,
  /** Characters of a search text, at most. */
  queryMax: 200,
  /** Distinct words a search ANDs, at most (more are refused: the index filter stays small). */
  queryWords: 8,
  /** Characters kept of one word (longer words are cut: URLs, hashes). */
  wordMax: 40,
  /** Characters a term has at least. */
  termMin: 2,
  /** A last word this long or longer is also matched as a prefix ("yog" finds "yoga"). */
  prefixMin: 3,
  /**
   * Rounds of the word index (a query and a batch read each) one page may take to fill itself
   * when what it found may not be shown to the searcher (hidden, locked, gone). A page with
   * nothing to show after them answers as a search that found nothing (no cursor).
   */
  fillRounds: 3,
} as const;

/** Words too common to narrow a search. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for from has have i in into is it its me my of on or our so that the their them they this to us was we were what with you your'.split(
    ' ',
  ),
);

/** Lower case, accents removed, anything but letters and digits turned into single spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A light plural stemmer for English: "stretches" and "stretch", "berries" and "berry",
 * "posts" and "post" become one term; words ending in -ss, -us or -is keep their s.
 */
export function stem(word: string): string {
  const length = Array.from(word).length;
  if (length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  return word.slice(0, -1);
}

const cut = (word: string) => Array.from(word).slice(0, SEARCH_LIMITS.wordMax).join('');

/** A normalized word as the index stores it: cut to the word bound, then stemmed. */
export const termOf = (normalizedWord: string): string => stem(cut(normalizedWord));

const isTerm = (term: string) => Array.from(term).length >= SEARCH_LIMITS.termMin && !STOP_WORDS.has(term);

/** The distinct terms of a text, in order of first appearance. */
export function textTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of normalizeText(text).split(' ')) {
    const term = termOf(word);
    if (isTerm(term)) terms.add(term);
  }
  return [...terms];
}

/** What a search text asks for: every term, the last one also as a prefix when `prefix`. */
export interface SearchTerms {
  /** Distinct terms, in the order typed. */
  terms: string[];
  /** The last term is matched as a word prefix too (it is long enough). */
  prefix: boolean;
}

/**
 * The terms of a search text. The last word is matched as a prefix unless the text ends with a
 * space (the person finished typing it), so "wrist pai" finds "wrist pain". An empty list means
 * nothing can be searched (only stop words or single letters).
 */
export function searchTerms(query: string): SearchTerms {
  const terms = textTerms(query);
  const last = terms.at(-1);
  const typing = !/\s$/.test(query);
  const prefix = last !== undefined && typing && Array.from(last).length >= SEARCH_LIMITS.prefixMin;
  return { terms, prefix };
}

/** Whether a term of a text is one the search asked for (the last one as a prefix too). */
export function matchesTerm(term: string, search: SearchTerms): boolean {
  const last = search.terms.length - 1;
  return search.terms.some(
    (wanted, index) => term === wanted || (search.prefix && index === last && term.startsWith(wanted)),
  );
}

/** Whether texts hold every term of a search (the last one as a prefix when asked). */
export function matchesAll(texts: readonly string[], search: SearchTerms): boolean {
  const terms = textTerms(texts.join('\n'));
  const last = search.terms.length - 1;
  return search.terms.every((wanted, index) =>
    terms.some((term) => term === wanted || (search.prefix && index === last && term.startsWith(wanted))),
  );
}

/** A piece of a text, and whether it is a word the search matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * A text split into the words a search matched and the rest, in order; joining the parts gives
 * the text back unchanged. The SPA renders the matched parts as marks (plain text nodes, never
 * HTML).
 */
export function highlightParts(text: string, search: SearchTerms): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const previous = parts.at(-1);
    if (previous && previous.match === match) previous.text += piece;
    else parts.push({ text: piece, match });
  };
  for (const found of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = found[0];
    const terms = normalizeText(word).split(' ').map(termOf);
    if (!terms.some((term) => isTerm(term) && matchesTerm(term, search))) continue;
    push(text.slice(at, found.index), false);
    push(word, true);
    at = found.index + word.length;
  }
  push(text.slice(at), false);
  return parts;
}
