/**
 * A short e-mail of plain paragraphs: the text part, and an HTML part with each paragraph escaped
 * (the paragraphs may hold what people typed, such as a club's name or a URL).
 */
import { escapeHtml } from '../content/escape-html.ts';

export function plainEmail(subject: string, paragraphs: readonly string[]) {
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      '</body></html>',
    ].join(''),
  };
}
