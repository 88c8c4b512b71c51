/**
 * Course sections hold HTML that a club's creator wrote and every member's browser renders, so
 * it is reduced to an allowlist before it is stored: headings, paragraphs, lists, emphasis,
 * quotes, code, tables, links (https and mailto only, opened with rel="noopener nofollow") and
 * images and videos of the course's own media (stored as `/media/{key}` under the course's
 * members-only prefix, signed for each reader when read). Scripts, styles, event handlers,
 * frames, SVG and every other tag or attribute are dropped (their text kept, except for script
 * and style); an image or video of any other source is dropped whole.
 */
import { MEDIA_PATHS } from '@clubs/shared';
import { Parser } from 'htmlparser2';
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

/** Elements whose `src` shows a file: the only places a section's media is signed. */
const MEDIA_ELEMENTS = new Set(['img', 'video', 'source']);

/** A members-only key named anywhere (text, any attribute): `/media/club-media/...`. */
const MEMBERS_ONLY_MENTION = new RegExp(`${MEDIA_PATH}${MEDIA_PATHS.membersOnlyRoot}/[^\\s"'<>]*`, 'g');

interface MediaElement {
  name: string;
  attribs: Record<string, string>;
  /** Where the element's start tag begins and ends (inclusive) in the HTML. */
  start: number;
  end: number;
}

interface ParsedHtml {
  mediaElements: MediaElement[];
  /** Text runs (entities decoded, adjacent chunks joined) and every attribute value. */
  texts: string[];
}

/** The HTML as its parser reads it: its media elements, texts and attribute values. */
function parse(html: string): ParsedHtml {
  const mediaElements: MediaElement[] = [];
  const texts: string[] = [];
  let text = '';
  const flush = () => {
    if (text) texts.push(text);
    text = '';
  };
  const parser: Parser = new Parser({
    onopentag(name, attribs) {
      flush();
      texts.push(...Object.values(attribs));
      if (MEDIA_ELEMENTS.has(name)) {
        mediaElements.push({ name, attribs, start: parser.startIndex, end: parser.endIndex });
      }
    },
    onclosetag: flush,
    ontext(chunk) {
      text += chunk;
    },
  });
  parser.end(html);
  flush();
  return { mediaElements, texts };
}

/**
 * The `/media/` files the HTML refers to outside the scope: the `src` of an image, video or
 * source element, or a members-only key written anywhere else (text, attributes). A section that
 * names any is refused, so no key of another course is stored with it.
 */
export function foreignMediaOf(html: string, scope: SectionMediaScope): string[] {
  const { mediaElements, texts } = parse(html);
  const shown = mediaElements
    .map((element) => element.attribs.src)
    .filter((src): src is string => src?.startsWith(MEDIA_PATH) ?? false);
  const mentioned = texts.flatMap((text) =>
    [...text.matchAll(MEMBERS_ONLY_MENTION)].map((match) => match[0]),
  );
  return [...new Set([...shown, ...mentioned])].filter((path) => !isScopedMediaSrc(path, scope));
}

/** The scope's `/media/` paths shown by image, video and source elements, once each. */
export function mediaPathsOf(html: string, scope: SectionMediaScope): string[] {
  const paths = parse(html)
    .mediaElements.map((element) => element.attribs.src)
    .filter((src): src is string => isScopedMediaSrc(src, scope));
  return [...new Set(paths)];
}

/** The first image of (sanitized) section HTML of the scope, as its `/media/` path; else null. */
export function firstImageOf(html: string, scope: SectionMediaScope): string | null {
  const image = parse(html).mediaElements.find(
    (element) => element.name === 'img' && isScopedMediaSrc(element.attribs.src, scope),
  );
  return image?.attribs.src ?? null;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML with the `src` of each image, video and source element of the scope replaced by
 * `urlOf(path)`: only those elements, found by parsing, are rewritten (their tag drawn again from
 * its parsed attributes); text that looks like an attribute stays as it is.
 */
export function replaceMediaSrc(
  html: string,
  scope: SectionMediaScope,
  urlOf: (path: string) => string,
): string {
  let out = '';
  let done = 0;
  for (const { name, attribs, start, end } of parse(html).mediaElements) {
    if (!isScopedMediaSrc(attribs.src, scope)) continue;
    const attributes = Object.entries({ ...attribs, src: urlOf(attribs.src as string) })
      .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
      .join('');
    const close = html.slice(start, end + 1).endsWith('/>') ? ' />' : '>';
    out += `${html.slice(done, start)}<${name}${attributes}${close}`;
    done = end + 1;
  }
  return out + html.slice(done);
}

/** The escapes sanitize-html writes into text, and what they stand for. */
const TEXT_ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The words of section HTML as plain text, for the search index: no tag, attribute or script
 * survives, and each text node stands apart from its neighbours ("<p>a</p><p>b</p>" is "a b").
 */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, textFilter: (text) => ` ${text} ` })
    .replace(/&(amp|lt|gt|quot);/g, (entity) => TEXT_ESCAPES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
