/**
 * Text people wrote (posts, comments, chat messages) as written: plain text rendered by React,
 * never as HTML, with web addresses made into links that open in a new tab, pass no referrer and
 * carry no endorsement (rel="noopener noreferrer nofollow ugc"). Only an address that parses as
 * http or https becomes a link; anything else (javascript:, data:) stays text. Line breaks are
 * kept by the stylesheet.
 */
import { Fragment } from 'react';

// http(s) addresses, not ending in punctuation that usually closes the sentence around them.
const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,:;!?')\]]/g;

export const LINK_REL = 'noopener noreferrer nofollow ugc';

/** The address as a link's href, or null when it is not a well-formed http(s) URL. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = safeHref(match[0]);
    if (!href) continue;
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {splitLinks(text).map((part, i) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={i} href={part.href} target="_blank" rel={LINK_REL}>
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
