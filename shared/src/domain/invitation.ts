/**
 * Invitations: the club's shared invite link
 * `{origin}/invite/{clubId}/{token}`, e-mailed invitations each with a token of their own, and
 * accepting either.
 */
import * as z from 'zod';
import { INVITATION_LIMITS, LIMITS } from '../constants.ts';
import { publicClubSchema } from './club.ts';
import { emailSchema, idSchema, isoDateTime, pageOf, pageQuerySchema, trimmed } from './common.ts';

/**
 * What mail clients would turn into a link: a URL scheme, `www.`, `mailto:`, a host name under any
 * top-level domain (new ones appear every year, so none is listed: letters after a dot that
 * follows a word, such as `prize.tk`), or a bare IPv4 address.
 */
const LINK_IN_TEXT =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|mailto:|(?<![\p{L}\p{N}-])[\p{L}\p{N}][\p{L}\p{N}-]*(?:\.[\p{L}\p{N}][\p{L}\p{N}-]*)*\.\p{L}{2,63}(?![\p{L}\p{N}])|(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/iu;

/**
 * Whether user-chosen text would reach an e-mail as something to click. Every such text (the
 * message, the invitee's and the inviter's names, the club's name) is held to it: the platform's
 * mail is not a way to send people elsewhere.
 */
export const hasLinkShapedText = (text: string): boolean => LINK_IN_TEXT.test(text);

/** A line break in text that reaches a header (the subject) would start a header of its own. */
export const hasLineBreak = (text: string): boolean => /[\r\n\u2028\u2029]/.test(text);

export const INVITATION_LINK_MESSAGE = 'Links cannot be sent in an invitation message';
export const INVITEE_NAME_LINK_MESSAGE = 'A name cannot hold a link or a line break';

/** Invitation tokens are 32 random bytes in base64url; anything else is refused before a lookup. */
export const inviteTokenSchema = z
  .string()
  .min(20)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an invitation token');

/** The club's invite link as its owner sees it (the page builds the URL from its origin). */
export const inviteLinkSchema = z.object({ token: inviteTokenSchema, createdAt: isoDateTime });
export type InviteLink = z.infer<typeof inviteLinkSchema>;

/** The web path of an invitation; the page prefixes the site's origin. */
export const invitationPath = (clubId: string, token: string) => `/invite/${clubId}/${token}`;

/** An invite row on the invite page: a name (optional) and an e-mail address. */
export const inviteRowSchema = z.strictObject({
  name: trimmed(LIMITS.personName)
    .refine((name) => !hasLinkShapedText(name) && !hasLineBreak(name), INVITEE_NAME_LINK_MESSAGE)
    .default(''),
  email: emailSchema,
});
export type InviteRow = z.infer<typeof inviteRowSchema>;

/**
 * What the invite page sends. Rows are checked one by one by the server (inviteRowSchema), so a
 * malformed address is answered on its row while the valid rows are still sent; here only their
 * size is bounded.
 */
export const sendInvitationsInputSchema = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        name: z.string().max(LIMITS.personName * 2),
        email: z.string().max(LIMITS.email * 2),
      }),
    )
    .min(1, 'Add at least one person to invite')
    .max(INVITATION_LIMITS.rowsPerSend, `At most ${INVITATION_LIMITS.rowsPerSend} invitations at a time`),
  /**
   * The owner's edited message, sent as plain text; the accept link is added below it. It may
   * hold no link of its own: the platform's mail is not a way to send people elsewhere.
   */
  message: trimmed(LIMITS.inviteMessage)
    .min(1, 'Write a message for your invitation')
    .refine((text) => !hasLinkShapedText(text), INVITATION_LINK_MESSAGE),
});
export type SendInvitationsInput = z.infer<typeof sendInvitationsInputSchema>;

/** The owner revokes the invitations e-mailed to one address. */
export const revokeInvitationsInputSchema = z.strictObject({ email: emailSchema });
export type RevokeInvitationsInput = z.infer<typeof revokeInvitationsInputSchema>;
export const invitationsRevokedSchema = z.object({ revoked: z.number().int().min(0) });

/**
 * An e-mailed invitation still waiting on the invite page: sent, not accepted, not expired. Its
 * token stays with the server (only its address can revoke it).
 */
export const pendingInvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  sentAt: isoDateTime,
  validUntil: isoDateTime,
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationsQuerySchema = pageQuerySchema;
export const pendingInvitationPageSchema = pageOf(pendingInvitationSchema);
export type PendingInvitationPage = z.infer<typeof pendingInvitationPageSchema>;

export const INVITE_ROW_OUTCOMES = ['sent', 'invalid', 'skipped', 'failed'] as const;
export type InviteRowOutcome = (typeof INVITE_ROW_OUTCOMES)[number];

/** Each row's outcome, in the order sent, with a message for every row that was not sent. */
export const sendInvitationsResultSchema = z.object({
  rows: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      outcome: z.enum(INVITE_ROW_OUTCOMES),
      message: z.string().nullable(),
    }),
  ),
  sent: z.number().int().min(0),
  /** Invitations the club may still send today. */
  remainingToday: z.number().int().min(0),
});
export type SendInvitationsResult = z.infer<typeof sendInvitationsResultSchema>;

/**
 * An invitation as the person opening it sees it: the club, whether the token can still be used
 * ('used': an e-mailed invitation someone else accepted; 'invalid': unknown, expired or replaced
 * by a new link), and the caller's standing in the club.
 */
export const invitationPreviewSchema = z.object({
  club: publicClubSchema,
  state: z.enum(['valid', 'used', 'invalid']),
  membership: z.enum(['not_member', 'pending', 'active']),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * Accepting: 'joined' (a free club: active at once), 'member' (already an active member: nothing
 * changed), or 'checkout' (a paid club: the invitation is held for the caller, who joins by
 * paying through the membership checkout, with the club's trial).
 */
export const acceptInvitationResultSchema = z.object({
  outcome: z.enum(['joined', 'member', 'checkout']),
  clubId: idSchema,
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

/**
 * The words of an invitation e-mail, shared by the server that sends it and the invite page that
 * previews it, so the preview is what the invitee reads.
 */
export function invitationEmailParts(input: {
  clubName: string;
  inviterName: string;
  recipientName: string;
  message: string;
  acceptUrl: string;
}) {
  return {
    subject: `${input.inviterName} invited you to join ${input.clubName}`,
    greeting: `Hi ${input.recipientName.trim() || 'there'},`,
    message: input.message,
    accept: `Accept your invitation: ${input.acceptUrl}`,
    button: `Join ${input.clubName}`,
    expiry: `This invitation works once and expires in ${INVITATION_LIMITS.emailTokenDays} days.`,
  };
}

/** The invite page's message until the owner edits it. */
export const defaultInvitationMessage = (clubName: string) =>
  `I'd like you to join ${clubName}, my club on Clubs: our discussions, events and courses are waiting for you.`;
