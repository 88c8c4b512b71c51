/**
 * Course sections hold HTML that a club's creator wrote and every member's browser renders, so
 * it is reduced to an allowlist before it is stored: headings, paragraphs, lists, emphasis,
 * quotes, code, tables, links (https and mailto only, opened with rel="noopener nofollow") and
 * images and videos of the course's own media (stored as `/media/{key}` under the course's
 * members-only prefix, signed for each reader when read). Scripts, styles, event handlers,
 * frames, SVG and every other tag or attribute are dropped (their text kept, except for script
 * and style); an image or video of any other source is dropped whole.
 */
import sanitizeHtml from 'sanitize-html';

const MEDIA_PATH = '/media/';

/** What a section's media may be: files under this key prefix (ends with '/'). */
export interface SectionMediaScope {
  mediaKeyPrefix: string;
}

/** A key segment: letters, digits, '.', '_' and '-', never starting with a dot (no '..'). */
const SAFE_FILE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether `src` names a file of the scope: `/media/{prefix}{file}`, nothing encoded, no query. */
export function isScopedMediaSrc(src: string | undefined, scope: SectionMediaScope): boolean {
  if (!src?.startsWith(MEDIA_PATH + scope.mediaKeyPrefix)) return false;
  return SAFE_FILE.test(src.slice(MEDIA_PATH.length + scope.mediaKeyPrefix.length));
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'];

function optionsFor(scope: SectionMediaScope): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      ...HEADINGS,
      ...TABLES,
      'p',
      'br',
      'hr',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      'pre',
      'a',
      'img',
      'video',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title'],
      video: ['src', 'controls'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['https', 'mailto'],
    allowedSchemesByTag: { img: [], video: [] },
    allowProtocolRelative: false,
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'title'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow', target: '_blank' }),
      video: sanitizeHtml.simpleTransform('video', { controls: 'controls' }),
    },
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' || frame.tag === 'video') && !isScopedMediaSrc(frame.attribs.src, scope),
  };
}

/** The stored form of a section's HTML: only the allowlisted tags, attributes and media remain. */
export function sanitizeSectionHtml(html: string, scope: SectionMediaScope): string {
  return sanitizeHtml(html, optionsFor(scope));
}

/** The first image of (sanitized) section HTML, as its `/media/` path; null when it has none. */
export function firstImageOf(html: string): string | null {
  return /<img\b[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** Every `/media/` path the (sanitized) HTML names, once each. */
export function mediaPathsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/\ssrc="(\/media\/[^"]+)"/g)].map((match) => match[1] as string))];
}
