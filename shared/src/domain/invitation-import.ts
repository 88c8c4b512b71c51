/**
 * Invitations imported from a CSV file (Members → Invite → Import CSV): the owner uploads a file
 * of e-mail addresses with optional names, the server checks each row (a malformed address, one
 * listed twice, a member, a person removed or banned, an address invited in the last day) and
 * shows the preview; Send e-mails the rows that passed through the invitation path, a send of
 * INVITATION_LIMITS.rowsPerSend at a time, off the request path, and rows beyond the day's
 * allowance wait for the next day's.
 */
import * as z from 'zod';
import { INVITATION_IMPORT_LIMITS, LIMITS } from '../constants.ts';
import { idSchema, isoDateTime, trimmed } from './common.ts';
import { sendInvitationsInputSchema } from './invitation.ts';

/** What the check found of a row: 'ok' rows are the ones sent. */
export const IMPORT_ROW_CHECKS = [
  'ok',
  'invalid',
  'duplicate',
  'member',
  'removed',
  'banned',
  'invited',
] as const;
export type ImportRowCheck = (typeof IMPORT_ROW_CHECKS)[number];

/** What became of an 'ok' row once sent: its e-mail went, it was skipped (invited meanwhile) or failed. */
export const IMPORT_ROW_OUTCOMES = ['sent', 'skipped', 'failed'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/**
 * An import's state: 'checking' its rows (just uploaded), 'ready' to send (the preview),
 * 'sending', 'waiting' for the next day's allowance, 'done', or 'stopped' (the club can no longer
 * send, with the reason).
 */
export const INVITATION_IMPORT_STATUSES = [
  'checking',
  'ready',
  'sending',
  'waiting',
  'done',
  'stopped',
] as const;
export type InvitationImportStatus = (typeof INVITATION_IMPORT_STATUSES)[number];

/** The file as the page read it: its name (shown back) and its text. */
export const createInvitationImportInputSchema = z.strictObject({
  fileName: trimmed(LIMITS.personName).default(''),
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(
      INVITATION_IMPORT_LIMITS.csvChars,
      `The file is too large: at most ${INVITATION_IMPORT_LIMITS.csvChars / 1000} KB`,
    ),
});
export type CreateInvitationImportInput = z.infer<typeof createInvitationImportInputSchema>;

/** Sending an import: the invitation's message, held to the invite page's rules. */
export const sendInvitationImportInputSchema = z.strictObject({
  message: sendInvitationsInputSchema.shape.message,
});
export type SendInvitationImportInput = z.infer<typeof sendInvitationImportInputSchema>;

export const importRowSchema = z.object({
  /** The row's place among the file's rows, from 1 (a header row is not counted). */
  row: z.number().int().min(1),
  name: z.string(),
  email: z.string(),
  check: z.enum(IMPORT_ROW_CHECKS),
  /** Why a row that is not 'ok' will not be sent; why a sent row was skipped or failed. */
  message: z.string().nullable(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES).nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

const countsShape = Object.fromEntries(
  [...IMPORT_ROW_CHECKS, ...IMPORT_ROW_OUTCOMES].map((name) => [name, z.number().int().min(0)]),
) as Record<ImportRowCheck | ImportRowOutcome, z.ZodNumber>;

export const invitationImportCountsSchema = z.object(countsShape);
export type InvitationImportCounts = z.infer<typeof invitationImportCountsSchema>;

/** An import as its page shows it: its state, counts and every row (at most INVITATION_IMPORT_LIMITS.rows). */
export const invitationImportSchema = z.object({
  id: idSchema,
  status: z.enum(INVITATION_IMPORT_STATUSES),
  fileName: z.string(),
  createdAt: isoDateTime,
  counts: invitationImportCountsSchema,
  /** While 'waiting': when the rows left go on (the next UTC day's allowance). */
  waitingUntil: isoDateTime.nullable(),
  /** While 'stopped': why. */
  stoppedReason: z.string().nullable(),
  rows: z.array(importRowSchema),
});
export type InvitationImport = z.infer<typeof invitationImportSchema>;
