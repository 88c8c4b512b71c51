/**
 * The data a document was drawn with (web/src/draw-with-data.tsx): the API's answers the page's
 * queries read, carried in the document as a JSON data block (`<script type="application/json">`,
 * which no browser runs and the CSP allows), so the app's query cache starts with exactly what the
 * drawing shows and hydration finds the same page without asking the API again.
 */

/** The data block's element id. */
export const DRAWN_DATA_ID = 'clubs-drawn-data';

/** One query's answer: the cache key the page reads it under, and the answer as the API sent it. */
export interface DrawnQuery {
  readonly key: readonly unknown[];
  readonly data: unknown;
}

/**
 * The data block of `queries`. The JSON is written so that no text in it can end the element or
 * be read as markup: `<`, `>` and `&` become their \u escapes (a club named `</script><script>…`
 * stays a string), and so do U+2028 and U+2029, which older parsers took for line ends.
 */
export function drawnDataBlock(queries: readonly DrawnQuery[]): string {
  const json = JSON.stringify(queries).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${DRAWN_DATA_ID}">${json}</script>`;
}

const isDrawnQuery = (value: unknown): value is DrawnQuery =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { key?: unknown }).key) &&
  'data' in value;

/**
 * The queries the document was drawn with, or none when it holds no data block (a page drawn
 * without data, or in the browser) or a block that is not the list it should be.
 */
export function readDrawnData(from: Document = document): DrawnQuery[] {
  const text = from.getElementById(DRAWN_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every(isDrawnQuery) ? parsed : [];
  } catch {
    return [];
  }
}
