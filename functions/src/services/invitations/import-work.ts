/**
 * An invitation import's work off the request path, each run safe to repeat:
 *
 * - The check: each row that passed the file's own checks is looked up in the club (a member's
 *   address, a removed or banned person's, an address invited in the last day), by key and one
 *   e-mail index entry per address, and the import becomes 'ready' (only from 'checking').
 * - A send run: the 'ok' rows of the next item without an outcome go through sendInvitations, the
 *   invite page's own path with its limits and abuse rules, INVITATION_LIMITS.rowsPerSend at a time;
 *   each send's outcomes are written where none is yet, with their counts. A send over the day's
 *   allowance sends what fits; with none left the import waits for the next UTC day's (the
 *   limits' windows are UTC days), when the daily sweep lets it go on. A club that can no longer
 *   send stops the import with the reason.
 */
import {
  EVENT_BUS,
  type ImportRowCheck,
  INVITATION_IMPORT_SEND_TYPE,
  INVITATION_LIMITS,
  type InvitationImportWork,
  type SendInvitationsResult,
} from '@clubs/shared';
import { putBusEvents } from '../../bus/put-events.ts';
import { windowOf } from '../../data/rate-windows.ts';
import { memberStatusesByEmail } from '../../data/repositories/club-members.ts';
import { getClub } from '../../data/repositories/clubs.ts';
import {
  addressFacts,
  getImport,
  listWaitingImports,
  moveImport,
  type RowOutcome,
  readImportRows,
  recordOutcomes,
  type StoredImportRow,
  storeCheckedRows,
} from '../../data/repositories/invitation-imports.ts';
import { AppError } from '../../errors.ts';
import { DailyInvitationLimit, ROW_MESSAGES, sendInvitations } from './send-invitations.ts';

export const IMPORT_ROW_MESSAGES = {
  member: 'Already a member of this club',
  removed: 'Removed from this club: let them back in on the Members page first',
  banned: 'Banned from this club',
  invited: ROW_MESSAGES.recentlyInvited,
} as const satisfies Partial<Record<ImportRowCheck, string>>;

export type WorkOutcome = 'processed' | 'ignored' | 'duplicate';

/** Looks the import's 'ok' rows up in the club and makes it 'ready'. */
export async function checkImport(clubId: string, importId: string, now = new Date()): Promise<WorkOutcome> {
  const stored = await getImport(clubId, importId);
  if (stored?.status !== 'checking') return 'ignored';
  const rows = (await readImportRows(clubId, importId)).flatMap((item) => item.rows);
  const emails = [...new Set(rows.filter((row) => row.check === 'ok').map((row) => row.email))];
  const [statuses, facts] = await Promise.all([
    memberStatusesByEmail(clubId, emails),
    addressFacts(clubId, emails),
  ]);
  const since = new Date(now.getTime() - INVITATION_LIMITS.repeatAfterSeconds * 1000).toISOString();
  const checkOf = (email: string): keyof typeof IMPORT_ROW_MESSAGES | 'ok' => {
    const fact = facts.get(email);
    if (fact?.banned) return 'banned';
    if (fact?.removed) return 'removed';
    if (statuses.get(email) === 'active') return 'member';
    if (fact?.lastInvited && fact.lastInvited >= since) return 'invited';
    return 'ok';
  };
  const checked = rows.map((row): StoredImportRow => {
    if (row.check !== 'ok') return row;
    const check = checkOf(row.email);
    return check === 'ok' ? row : { ...row, check, message: IMPORT_ROW_MESSAGES[check] };
  });
  return (await storeCheckedRows(clubId, importId, checked, now)) ? 'processed' : 'duplicate';
}

/** The start of the next UTC day, when the invitation limits' windows start again. */
export const nextAllowanceAt = (now: Date): string =>
  new Date(windowOf(now, 24 * 3600).endEpochSeconds * 1000).toISOString();

const putSendRun = (works: readonly InvitationImportWork[]) =>
  putBusEvents(
    works.map((work) => ({
      source: EVENT_BUS.invitationsSource,
      detailType: INVITATION_IMPORT_SEND_TYPE,
      detail: JSON.stringify(work),
    })),
  );

const isPending = (row: StoredImportRow) => row.check === 'ok' && row.outcome === undefined;

/** Errors that mean the club cannot send any more (not active, a name shaped like a link). */
const stopsTheImport = (error: unknown): error is AppError =>
  error instanceof AppError && (error.code === 'conflict' || error.code === 'club_not_active');

/** Tries of one send that the day's allowance cut shorter each time. */
const CUT_ATTEMPTS = 4;

type SendAnswer =
  | { kind: 'sent'; rows: readonly { position: number }[]; result: SendInvitationsResult }
  | { kind: 'allowance-used' };

/** Sends the rows, or as many of them as the day's allowance still takes. */
async function sendWhatFits(
  send: (rows: readonly StoredImportRow[]) => Promise<SendInvitationsResult>,
  rows: readonly (StoredImportRow & { position: number })[],
): Promise<SendAnswer> {
  let trying = rows;
  for (let attempt = 0; attempt < CUT_ATTEMPTS && trying.length > 0; attempt++) {
    try {
      return { kind: 'sent', rows: trying, result: await send(trying) };
    } catch (error) {
      if (!(error instanceof DailyInvitationLimit)) throw error;
      const remaining = (error.details as { remainingToday?: number }).remainingToday ?? 0;
      if (remaining <= 0) return { kind: 'allowance-used' };
      trying = trying.slice(0, Math.min(remaining, trying.length - 1));
    }
  }
  return { kind: 'allowance-used' };
}

/** One run of a 'sending' import: the next item's unsent rows, then the next run, a wait or the end. */
export async function sendImportRun(
  clubId: string,
  importId: string,
  now = new Date(),
): Promise<WorkOutcome> {
  const stored = await getImport(clubId, importId);
  if (stored?.status !== 'sending') return 'ignored';
  const [club, items] = await Promise.all([getClub(clubId, true), readImportRows(clubId, importId)]);
  if (!club) {
    await moveImport(clubId, importId, 'sending', {
      status: 'stopped',
      reason: 'The club no longer exists.',
    });
    return 'processed';
  }
  const item = items.find((candidate) => candidate.rows.some(isPending));
  if (!item) {
    await moveImport(clubId, importId, 'sending', { status: 'done' });
    return 'processed';
  }
  const pending = item.rows.flatMap((row, position) => (isPending(row) ? [{ ...row, position }] : []));
  const send = (rows: readonly StoredImportRow[]) =>
    sendInvitations(
      club,
      stored.createdBy,
      { rows: rows.map(({ name, email }) => ({ name, email })), message: stored.message ?? '' },
      now,
    );
  let left = pending;
  while (left.length > 0) {
    const batch = left.slice(0, INVITATION_LIMITS.rowsPerSend);
    let answer: SendAnswer;
    try {
      answer = await sendWhatFits(send, batch);
    } catch (error) {
      if (!stopsTheImport(error)) throw error;
      await moveImport(clubId, importId, 'sending', { status: 'stopped', reason: error.message });
      return 'processed';
    }
    if (answer.kind === 'allowance-used') {
      await moveImport(clubId, importId, 'sending', { status: 'waiting', until: nextAllowanceAt(now) });
      return 'processed';
    }
    const outcomes = answer.rows.map((row, index): RowOutcome => {
      const result = answer.result.rows[index];
      const outcome = result?.outcome === 'sent' || result?.outcome === 'skipped' ? result.outcome : 'failed';
      return { position: row.position, outcome, message: result?.message ?? null };
    });
    if (!(await recordOutcomes(clubId, importId, item.index, outcomes))) return 'duplicate';
    left = left.slice(answer.rows.length);
  }
  const more = items.some((other) => other.index !== item.index && other.rows.some(isPending));
  if (more) await putSendRun([{ clubId, importId }]);
  else await moveImport(clubId, importId, 'sending', { status: 'done' });
  return 'processed';
}

/** Imports resumed per sweep at most (the rest wait for the next sweep). */
const RESUMED_PER_SWEEP = 500;

/** Imports whose wait has ended go on: each becomes 'sending' (once) and its next run is put on the bus. */
export async function resumeWaitingImports(now = new Date()): Promise<number> {
  const resumed: InvitationImportWork[] = [];
  let cursor: string | undefined;
  do {
    const page = await listWaitingImports(now, { limit: 100, ...(cursor ? { cursor } : {}) });
    for (const waiting of page.items) {
      if (await moveImport(waiting.clubId, waiting.importId, 'waiting', { status: 'sending' })) {
        resumed.push(waiting);
      }
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && resumed.length < RESUMED_PER_SWEEP);
  if (resumed.length > 0) await putSendRun(resumed);
  return resumed.length;
}
