/**
 * Course sections hold HTML that a club's creator wrote and every member's browser renders, so
 * it is reduced to an allowlist before it is stored: text formatting, headings, lists, quotes,
 * code, links (http, https, mailto; opened with rel="noopener noreferrer") and images from the
 * media bucket or https. Scripts, styles, event handlers, iframes and every other tag or
 * attribute are dropped (their text kept, except for script and style).
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(\/media\/|https:\/\/)/.test(frame.attribs.src ?? ''),
};

/** The stored form of a section's HTML: only the allowlisted tags and attributes remain. */
export function sanitizeSectionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
