/**
 * The e-mail an invitation is sent as (its words: invitationEmailParts, which the invite page
 * previews). Everything the owner or the invitee typed is text: in the HTML part it is escaped,
 * so no markup of theirs reaches a mail client.
 */
import { invitationEmailParts } from '@clubs/shared';
import { escapeHtml } from '../../content/escape-html.ts';

export function invitationEmail(input: Parameters<typeof invitationEmailParts>[0]) {
  const parts = invitationEmailParts(input);
  const text = [parts.greeting, parts.message, parts.accept, parts.expiry].join('\n\n');
  const paragraphs = parts.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const url = escapeHtml(input.acceptUrl);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(parts.greeting)}</p>`,
    paragraphs,
    `<p><a href="${url}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(parts.button)}</a></p>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(parts.accept)}<br>${escapeHtml(parts.expiry)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: parts.subject, text, html };
}
