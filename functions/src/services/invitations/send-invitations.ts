/**
 * Sending invitations from the invite page. Each row is judged on its
 * own: a malformed address is answered on its row, an address listed twice or invited to the club
 * in the last day is skipped, and the rest are e-mailed, each with its own single-use token. So the
 * platform cannot be used to send mass mail, a club sends at most INVITATION_LIMITS.perClubPerDay
 * a day: a send that would go over it is refused whole, before anything is stored or sent.
 */
import {
  type Club,
  INVITATION_LIMITS,
  type InviteRowOutcome,
  invitationPath,
  inviteRowSchema,
  type SendInvitationsInput,
  type SendInvitationsResult,
  userName,
} from '@clubs/shared';
import type { RateWindow } from '../../data/rate-windows.ts';
import {
  readSendState,
  releaseInvitation,
  reserveInvitations,
  type StoredInvitation,
} from '../../data/repositories/invitations.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { sendEmail } from '../../email/send-email.ts';
import { AppError } from '../../http/errors.ts';
import { logger } from '../../logger.ts';
import { siteUrl } from '../../stripe/config.ts';
import { invitationEmail } from './invitation-email.ts';
import { newInviteToken } from './tokens.ts';

const DAY_SECONDS = 24 * 3600;

export const invitationRate = (clubId: string): RateWindow => ({
  scope: 'invitations',
  subject: clubId,
  limit: INVITATION_LIMITS.perClubPerDay,
  windowSeconds: DAY_SECONDS,
});

export const ROW_MESSAGES = {
  invalid: 'Enter a valid e-mail address',
  listedTwice: 'This address is already in the list',
  recentlyInvited: 'Already invited to this club in the last day',
  failed: 'The e-mail could not be sent. Please try again later.',
} as const;

export const dailyLimitMessage = (remaining: number) =>
  remaining === 0
    ? `This club has sent its ${INVITATION_LIMITS.perClubPerDay} invitations for today. Try again tomorrow.`
    : `This club can send ${remaining} more invitation${remaining === 1 ? '' : 's'} today. Remove some rows and try again.`;

/** A send larger than what the club may still send today: nothing is stored or sent. */
export class DailyInvitationLimit extends AppError {
  constructor(remaining: number) {
    super('too_many_requests', dailyLimitMessage(remaining), { remainingToday: remaining });
  }
}

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
      return {
        name: raw.name.trim(),
        email: raw.email.trim(),
        outcome: 'invalid',
        message: ROW_MESSAGES.invalid,
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
  const rows = judgeRows(input);
  if (rows.every((row) => row.outcome === 'invalid')) {
    throw new AppError('validation_failed', 'Check the e-mail addresses', { rows: answerRows(rows) });
  }
  const rate = invitationRate(club.id);
  const pendingRows = () => rows.filter((row) => row.outcome === 'pending');
  const [state, sender] = await Promise.all([
    readSendState(
      club.id,
      pendingRows().map((row) => row.email),
      rate,
      now,
    ),
    getProfile(senderId),
  ]);
  const since = new Date(now.getTime() - INVITATION_LIMITS.repeatAfterSeconds * 1000).toISOString();
  for (const row of pendingRows()) {
    const last = state.lastInvited.get(row.email);
    if (last && last >= since)
      Object.assign(row, { outcome: 'skipped', message: ROW_MESSAGES.recentlyInvited });
  }
  const remaining = Math.max(0, rate.limit - state.sentInWindow);
  if (pendingRows().length > remaining) throw new DailyInvitationLimit(remaining);

  const reserved = await reserve(club.id, senderId, pendingRows(), rate, now, state.sentInWindow);
  const origin = siteUrl();
  const inviterName = sender ? userName(sender) : 'A club owner';
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
          await releaseInvitation(invitation, rate, now);
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
  rate: RateWindow,
  now: Date,
  sentInWindow: number,
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
      rate,
      now,
      INVITATION_LIMITS.repeatAfterSeconds,
    );
    if (result.reserved) return items;
    if (result.reason === 'limit') {
      throw new DailyInvitationLimit(Math.max(0, rate.limit - sentInWindow - waiting.length));
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
