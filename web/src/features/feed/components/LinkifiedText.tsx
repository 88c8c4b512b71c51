/**
 * Post and comment text as written: plain text rendered by React (never as HTML), with web
 * addresses made into links that open in a new tab and carry no endorsement
 * (rel="noopener nofollow ugc"). Line breaks are kept by the stylesheet.
 */
import { Fragment } from 'react';

// http(s) addresses, not ending in punctuation that usually closes the sentence around them.
const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,:;!?')\]]/g;

export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href: match[0] });
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
          <a key={i} href={part.href} target="_blank" rel="noopener nofollow ugc">
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
