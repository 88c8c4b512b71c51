/**
 * The owner's export of a club's members as CSV (Members → Export CSV): name, e-mail, role,
 * status, joined date, level, points, paid or free, whether they ticked the e-mail consent line,
 * and the answers to the membership questions as they were asked. The server answers it a page of members at a time (MEMBER_EXPORT.pageSize),
 * each page a fixed few requests, and the page joins them into one file, so a club of 10,000
 * members is 20 short requests. Every cell is safe to open in a spreadsheet: one that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is escaped with a leading `'`.
 */
import * as z from 'zod';
import { LIMITS, MEMBERSHIP_QUESTIONS } from '../constants.ts';

export const MEMBER_EXPORT = { pageSize: 500 } as const;

/** The file's columns, in order: a question and its answer for each of the club's questions. */
export const MEMBER_EXPORT_HEADER = [
  'Name',
  'E-mail',
  'Role',
  'Status',
  'Joined',
  'Level',
  'Points',
  'Paid or free',
  'E-mail consent',
  ...Array.from({ length: MEMBERSHIP_QUESTIONS.max }, (_, i) => [
    `Question ${i + 1}`,
    `Answer ${i + 1}`,
  ]).flat(),
] as const;

export const memberExportQuerySchema = z.strictObject({
  cursor: z.string().max(LIMITS.cursor).optional(),
});
export type MemberExportQuery = z.infer<typeof memberExportQuerySchema>;

/** A page of the file: its lines as CSV (the first page starts with the header) and the next page's cursor. */
export const memberExportPageSchema = z.object({
  csv: z.string(),
  rows: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});
export type MemberExportPage = z.infer<typeof memberExportPageSchema>;
