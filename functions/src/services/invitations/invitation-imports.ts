/**
 * Invitation imports as the owner makes them: uploading a CSV file (read by invitation-csv.ts,
 * each row judged by the invite page's own rule, inviteRowSchema, and a second listing of an
 * address skipped), reading the import back with its preview, and sending it. The checks that
 * read the club (members, removed and banned people, recent invitations) and the sending itself
 * run off the request path (import-work.ts); the requests store the import and put its work on
 * the bus. Only an active club that is not suspended imports or sends, and a club starts at most
 * INVITATION_IMPORT_LIMITS.perClubPerDay imports a UTC day.
 */
import {
  type Club,
  type CreateInvitationImportInput,
  EVENT_BUS,
  INVITATION_IMPORT_CHECK_TYPE,
  INVITATION_IMPORT_LIMITS,
  INVITATION_IMPORT_SEND_TYPE,
  INVITEE_NAME_LINK_MESSAGE,
  type InvitationImport,
  type InvitationImportWork,
  inviteRowSchema,
  type SendInvitationImportInput,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { putBusEvent } from '../../bus/put-events.ts';
import type { RateWindow } from '../../data/rate-windows.ts';
import {
  createImport,
  getImport,
  importView,
  moveImport,
  readImportRows,
  type StoredImport,
  type StoredImportRow,
} from '../../data/repositories/invitation-imports.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { requireClubInService } from '../club-in-service.ts';
import { type CsvRow, invitationRowsOfCsv } from './invitation-csv.ts';
import { NOT_SENDING_MESSAGE, ROW_MESSAGES } from './send-invitations.ts';

const importRate = (clubId: string): RateWindow => ({
  scope: 'invitation-imports',
  subject: clubId,
  limit: INVITATION_IMPORT_LIMITS.perClubPerDay,
  windowSeconds: 24 * 3600,
});

export const IMPORTS_PER_DAY_MESSAGE = `This club has started its ${INVITATION_IMPORT_LIMITS.perClubPerDay} imports for today. Try again tomorrow.`;

/** The rows as the file gave them, judged by the invitation's rule and for a second listing. */
export function judgeCsvRows(rows: readonly CsvRow[]): StoredImportRow[] {
  const seen = new Set<string>();
  return rows.map((raw, index): StoredImportRow => {
    const row = index + 1;
    const parsed = inviteRowSchema.safeParse(raw);
    if (!parsed.success) {
      const nameRefused = parsed.error.issues.some((issue) => issue.path[0] === 'name');
      return {
        row,
        name: raw.name,
        email: raw.email,
        check: 'invalid',
        message: nameRefused ? INVITEE_NAME_LINK_MESSAGE : ROW_MESSAGES.invalid,
      };
    }
    const { name, email } = parsed.data;
    if (seen.has(email)) return { row, name, email, check: 'duplicate', message: ROW_MESSAGES.listedTwice };
    seen.add(email);
    return { row, name, email, check: 'ok', message: null };
  });
}

const putWork = (type: string, work: InvitationImportWork) =>
  putBusEvent({ source: EVENT_BUS.invitationsSource, detailType: type, detail: JSON.stringify(work) });

/** Stores the uploaded file's rows as an import, 'checking', and puts its check on the bus. */
export async function createInvitationImport(
  club: Club,
  senderId: string,
  input: CreateInvitationImportInput,
  now = new Date(),
): Promise<InvitationImport> {
  requireClubInService(club, NOT_SENDING_MESSAGE);
  const rows = judgeCsvRows(invitationRowsOfCsv(input.csv));
  const id = ulid();
  const created = await createImport(
    { clubId: club.id, id, fileName: input.fileName, createdBy: senderId, rows },
    importRate(club.id),
    now,
  );
  if (!created) throw new AppError('too_many_requests', IMPORTS_PER_DAY_MESSAGE);
  await putWork(INVITATION_IMPORT_CHECK_TYPE, { clubId: club.id, importId: id });
  return invitationImportOf(club, id);
}

async function storedImport(club: Club, importId: string): Promise<StoredImport> {
  const stored = await getImport(club.id, importId);
  if (!stored) throw notFound('Import not found');
  return stored;
}

/** The import with its rows: its item and one query of its rows. */
export async function invitationImportOf(club: Club, importId: string): Promise<InvitationImport> {
  const [stored, items] = await Promise.all([
    storedImport(club, importId),
    readImportRows(club.id, importId),
  ]);
  return importView(stored, items);
}

/** Sends a checked import's 'ok' rows with the message: the import is 'sending' and its first run is on the bus. */
export async function sendInvitationImport(
  club: Club,
  importId: string,
  input: SendInvitationImportInput,
): Promise<InvitationImport> {
  requireClubInService(club, NOT_SENDING_MESSAGE);
  const stored = await storedImport(club, importId);
  if (stored.status === 'checking')
    throw conflict('The rows are still being checked. Try again in a moment.');
  if (stored.status !== 'ready') throw conflict('This import has already been sent.');
  if (stored.counts.ok === 0) throw conflict('No row of this import can be sent.');
  if (!(await moveImport(club.id, importId, 'ready', { status: 'sending', message: input.message }))) {
    throw conflict('This import has already been sent.');
  }
  await putWork(INVITATION_IMPORT_SEND_TYPE, { clubId: club.id, importId });
  return invitationImportOf(club, importId);
}
