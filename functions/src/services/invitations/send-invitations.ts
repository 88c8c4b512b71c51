/**
 * Sending invitations from the invite page. Each row is judged on its
 * own: a malformed address is answered on its row, an address listed twice or invited to the club
 * in the last day is skipped, and the rest are e-mailed, each with its own single-use token. So the
 * platform cannot be used to send mass mail, only an active club that is not suspended sends, a
 * club sends at most INVITATION_LIMITS.perClubPerDay a day and one account at most
 * INVITATION_LIMITS.perAccountPerDay across its clubs: a send that would go over either is
 * refused whole, before anything is stored or sent.
 */
import {
  type Club,
  hasLineBreak,
  hasLinkShapedText,
  INVITATION_LIMITS,
  INVITEE_NAME_LINK_MESSAGE,
  type InviteRowOutcome,
  invitationPath,
  inviteRowSchema,
  publicName,
  type SendInvitationsInput,
  type SendInvitationsResult,
} from '@clubs/shared';
import type { RateWindow } from '../../data/rate-windows.ts';
import {
  listPendingInvitations,
  readSendState,
  releaseInvitation,
  reserveInvitations,
  revokeInvitationsTo,
  type SentToken,
  type StoredInvitation,
} from '../../data/repositories/invitations.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { sendEmail } from '../../email/send-email.ts';
import { AppError, conflict } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { siteUrl } from '../../stripe/config.ts';
import { requireClubInService } from '../club-in-service.ts';
import { invitationEmail } from './invitation-email.ts';
import { newInviteToken } from './tokens.ts';

const DAY_SECONDS = 24 * 3600;

export const invitationRate = (clubId: string): RateWindow => ({
  scope: 'invitations',
  subject: clubId,
  limit: INVITATION_LIMITS.perClubPerDay,
  windowSeconds: DAY_SECONDS,
});

/** One account's e-mails across all its clubs. */
export const accountInvitationRate = (senderId: string): RateWindow => ({
  scope: 'invitations-account',
  subject: senderId,
  limit: INVITATION_LIMITS.perAccountPerDay,
  windowSeconds: DAY_SECONDS,
});

export const ROW_MESSAGES = {
  invalid: 'Enter a valid e-mail address',
  listedTwice: 'This address is already in the list',
  recentlyInvited: 'Already invited to this club in the last day',
  failed: 'The e-mail could not be sent. Please try again later.',
} as const;

export type LimitScope = 'club' | 'account';

export const dailyLimitMessage = (remaining: number, scope: LimitScope = 'club') => {
  const who = scope === 'club' ? 'This club' : 'Your account';
  const limit = scope === 'club' ? INVITATION_LIMITS.perClubPerDay : INVITATION_LIMITS.perAccountPerDay;
  return remaining === 0
    ? `${who} has sent its ${limit} invitations for today. Try again tomorrow.`
    : `${who} can send ${remaining} more invitation${remaining === 1 ? '' : 's'} today. Remove some rows and try again.`;
};

/** A send larger than what the club (or the sender, across their clubs) may still send today: nothing is stored or sent. */
export class DailyInvitationLimit extends AppError {
  constructor(remaining: number, scope: LimitScope = 'club') {
    super('too_many_requests', dailyLimitMessage(remaining, scope), { remainingToday: remaining });
  }
}

/** Text a person chose that may go into an e-mail: nothing to click, no line break. */
const isMailableText = (text: string) => !hasLinkShapedText(text) && !hasLineBreak(text);

export const CLUB_NAME_NOT_MAILABLE_MESSAGE =
  "Invitations cannot be sent while the club's name looks like a link. Rename the club first.";

/** Only an active club that is not suspended sends mail from the platform. */
export const NOT_SENDING_MESSAGE = 'Invitations can be sent only from an active club.';

interface Row {
  name: string;
  email: string;
  outcome: InviteRowOutcome | 'pending';
  message: string | null;
}

/** E-mails sent at once. */
const SENDS_IN_FLIGHT = 4;
/** Reservations tried again when another send invited some of the same addresses meanwhile. */
const RESERVE_ATTEMPTS = 3;

function judgeRows(input: SendInvitationsInput): Row[] {
  const seen = new Set<string>();
  return input.rows.map((raw): Row => {
    const parsed = inviteRowSchema.safeParse(raw);
    if (!parsed.success) {
      const nameRefused = parsed.error.issues.some((issue) => issue.path[0] === 'name');
      return {
        name: raw.name.trim(),
        email: raw.email.trim(),
        outcome: 'invalid',
        message: nameRefused ? INVITEE_NAME_LINK_MESSAGE : ROW_MESSAGES.invalid,
      };
    }
    const { name, email } = parsed.data;
    if (seen.has(email)) return { name, email, outcome: 'skipped', message: ROW_MESSAGES.listedTwice };
    seen.add(email);
    return { name, email, outcome: 'pending', message: null };
  });
}

export async function sendInvitations(
  club: Club,
  senderId: string,
  input: SendInvitationsInput,
  now = new Date(),
): Promise<SendInvitationsResult> {
  requireClubInService(club, NOT_SENDING_MESSAGE);
  // The club's name is the e-mail's subject and button: it is held to the message's rule.
  if (!isMailableText(club.name)) throw conflict(CLUB_NAME_NOT_MAILABLE_MESSAGE);
  const rows = judgeRows(input);
  if (rows.every((row) => row.outcome === 'invalid')) {
    throw new AppError('validation_failed', 'Check the e-mail addresses', { rows: answerRows(rows) });
  }
  const rate = invitationRate(club.id);
  const accountRate = accountInvitationRate(senderId);
  const pendingRows = () => rows.filter((row) => row.outcome === 'pending');
  const [state, sender] = await Promise.all([
    readSendState(
      club.id,
      pendingRows().map((row) => row.email),
      rate,
      now,
      accountRate,
    ),
    getProfile(senderId),
  ]);
  const since = new Date(now.getTime() - INVITATION_LIMITS.repeatAfterSeconds * 1000).toISOString();
  for (const row of pendingRows()) {
    const last = state.lastInvited.get(row.email);
    if (last && last >= since)
      Object.assign(row, { outcome: 'skipped', message: ROW_MESSAGES.recentlyInvited });
  }
  const clubRemaining = Math.max(0, rate.limit - state.sentInWindow);
  const accountRemaining = Math.max(0, accountRate.limit - state.accountSentInWindow);
  const remaining = Math.min(clubRemaining, accountRemaining);
  if (pendingRows().length > remaining) {
    throw new DailyInvitationLimit(remaining, accountRemaining < clubRemaining ? 'account' : 'club');
  }

  const rates = { club: rate, account: accountRate };
  const reserved = await reserve(club.id, senderId, pendingRows(), rates, now, {
    club: state.sentInWindow,
    account: state.accountSentInWindow,
    earlierTokens: state.earlierTokens,
  });
  const origin = siteUrl();
  // The sender's own name goes in the subject and the greeting: one shaped like a link (or
  // carrying a line break) is left out rather than mailed.
  const chosen = sender?.fullName?.trim() ? publicName(sender) : '';
  const inviterName = chosen && isMailableText(chosen) ? chosen : 'A club owner';
  let failure: unknown = null;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SENDS_IN_FLIGHT, reserved.length) }, async () => {
      for (let item = reserved[next++]; item; item = reserved[next++]) {
        const { row, invitation } = item;
        try {
          await sendEmail({
            to: row.email,
            ...invitationEmail({
              clubName: club.name,
              inviterName,
              recipientName: row.name,
              message: input.message,
              acceptUrl: `${origin}${invitationPath(club.id, invitation.token)}`,
            }),
          });
          Object.assign(row, { outcome: 'sent', message: null });
        } catch (error) {
          failure = error;
          logger.warn('invitation not sent', { clubId: club.id, error: String(error) });
          await releaseInvitation(invitation, [rate, accountRate], now);
          Object.assign(row, { outcome: 'failed', message: ROW_MESSAGES.failed });
        }
      }
    }),
  );
  const sent = rows.filter((row) => row.outcome === 'sent').length;
  // When the mail service took none of them, the send failed: say so rather than answer rows.
  if (sent === 0 && failure) throw failure;
  return {
    rows: answerRows(rows),
    sent,
    remainingToday: Math.max(0, remaining - sent),
  };
}

const answerRows = (rows: readonly Row[]): SendInvitationsResult['rows'] =>
  rows.map(({ name, email, outcome, message }) => ({
    name,
    email,
    outcome: outcome === 'pending' ? 'failed' : outcome,
    message,
  }));

/**
 * Stores the rows' invitations (reserveInvitations). An address another send invited meanwhile
 * is skipped and the others are tried again; the limit reached meanwhile refuses the send.
 */
async function reserve(
  clubId: string,
  senderId: string,
  rows: readonly Row[],
  rates: Record<LimitScope, RateWindow>,
  now: Date,
  sentInWindow: Record<LimitScope, number> & { earlierTokens: ReadonlyMap<string, SentToken[]> },
): Promise<{ row: Row; invitation: StoredInvitation }[]> {
  const validUntil = new Date(
    now.getTime() + INVITATION_LIMITS.emailTokenDays * 24 * 3600 * 1000,
  ).toISOString();
  let waiting = [...rows];
  for (let attempt = 0; attempt < RESERVE_ATTEMPTS && waiting.length > 0; attempt++) {
    const items = waiting.map((row) => ({
      row,
      invitation: {
        clubId,
        token: newInviteToken(),
        name: row.name,
        email: row.email,
        createdBy: senderId,
        createdAt: now.toISOString(),
        validUntil,
      } satisfies StoredInvitation,
    }));
    const result = await reserveInvitations(
      items.map((item) => item.invitation),
      rates.club,
      now,
      INVITATION_LIMITS.repeatAfterSeconds,
      rates.account,
      sentInWindow.earlierTokens,
      INVITATION_LIMITS.emailTokenDays,
    );
    if (result.reserved) return items;
    if (result.reason === 'limit') {
      const scope = result.scope;
      throw new DailyInvitationLimit(
        Math.max(0, rates[scope].limit - sentInWindow[scope] - waiting.length),
        scope,
      );
    }
    const taken = new Set(result.emails);
    for (const row of waiting) {
      if (taken.has(row.email))
        Object.assign(row, { outcome: 'skipped', message: ROW_MESSAGES.recentlyInvited });
    }
    waiting = waiting.filter((row) => !taken.has(row.email));
  }
  if (waiting.length > 0) throw new Error('invitations: addresses kept changing while reserving');
  return [];
}

/** The owner revokes every invitation e-mailed to an address that may still work (0 when none). */
/** The club's e-mailed invitations still waiting, a page at a time (the invite page's Revoke list). */
export const pendingInvitations = (club: Club, page: { limit: number; cursor?: string }, now = new Date()) =>
  listPendingInvitations(club.id, page, now);

export async function revokeInvitations(club: Club, email: string): Promise<{ revoked: number }> {
  return { revoked: (await revokeInvitationsTo(club.id, email)) ?? 0 };
}
