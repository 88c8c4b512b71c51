/**
 * The e-mail an invitation is sent as: the owner's message (edited on the invite page), greeted by
 * the invitee's name, then the accept link. Everything the owner or the invitee typed is text: in
 * the HTML part it is escaped, so no markup of theirs reaches a mail client.
 */
import { INVITATION_LIMITS } from '@clubs/shared';
import { escapeHtml } from '../../content/escape-html.ts';

export interface InvitationEmailInput {
  clubName: string;
  inviterName: string;
  recipientName: string;
  message: string;
  acceptUrl: string;
}

export function invitationEmail(input: InvitationEmailInput) {
  const greeting = `Hi ${input.recipientName.trim() || 'there'},`;
  const expiry = `This invitation works once and expires in ${INVITATION_LIMITS.emailTokenDays} days.`;
  const subject = `${input.inviterName} invited you to join ${input.clubName}`;
  const text = [greeting, input.message, `Accept your invitation: ${input.acceptUrl}`, expiry].join('\n\n');
  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const url = escapeHtml(input.acceptUrl);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    paragraphs,
    `<p><a href="${url}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Join ${escapeHtml(input.clubName)}</a></p>`,
    `<p style="color:#555;font-size:13px">Or open this link: ${url}<br>${escapeHtml(expiry)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
