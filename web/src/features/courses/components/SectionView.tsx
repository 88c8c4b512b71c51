/**
 * A section as members see it: the featured image (max height 300) above the HTML, or for a
 * media-only section the image or video alone (max height 500). The API stored the HTML
 * sanitized; it is sanitized again here with DOMPurify before it becomes markup.
 */
import type { Section } from '@clubs/shared';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The section's HTML as the browser may render it (links open safely in a new tab). */
export function purifiedHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

/** Empty paragraphs, such as the one the rich-text editor keeps after a trailing image. */
const EMPTY_PARAGRAPHS = /<p>\s*(?:<br\s*\/?>)?\s*<\/p>/g;

/** A section whose HTML is a single image or video and no text. */
export function mediaOnly(html: string): { kind: 'img' | 'video'; src: string } | null {
  const match = /^\s*<(img|video)\b[^>]*\ssrc="([^"]+)"[^>]*>(?:\s*<\/video>)?\s*$/.exec(
    html.replace(EMPTY_PARAGRAPHS, ''),
  );
  return match
    ? { kind: match[1] as 'img' | 'video', src: (match[2] as string).replace(/&amp;/g, '&') }
    : null;
}

export function SectionView({ section }: { section: Section }) {
  const html = useMemo(() => purifiedHtml(section.htmlContent), [section.htmlContent]);
  const media = mediaOnly(section.htmlContent);
  return (
    <article className="course-section" aria-label={section.title}>
      <h2>{section.title}</h2>
      {media?.kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: course videos are uploaded by creators without caption tracks
        <video className="course-media" src={media.src} controls style={{ maxHeight: 500 }} />
      )}
      {media?.kind === 'img' && (
        <img className="course-media" src={media.src} alt="" style={{ maxHeight: 500 }} />
      )}
      {!media && section.featuredImage && (
        <img className="course-featured" src={section.featuredImage} alt="" style={{ maxHeight: 300 }} />
      )}
      {!media && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API before storing and by DOMPurify here
        <div className="course-html" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}
