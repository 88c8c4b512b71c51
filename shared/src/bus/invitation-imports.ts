/**
 * An invitation import's work on the bus (source EVENT_BUS.invitationsSource): its rows checked
 * once it is uploaded, then its 'ok' rows sent a run at a time (each run puts the next on the
 * bus), and the daily sweep that lets imports waiting for the day's allowance go on.
 */
import * as z from 'zod';
import { idSchema, isoDateTime } from '../domain/common.ts';

/** An import was uploaded: its rows are checked against the club (members, removals, bans, recent invitations). */
export const INVITATION_IMPORT_CHECK_TYPE = 'invitations.import-check';

/** An import is being sent: its next rows go (INVITATION_IMPORT_LIMITS.rowsPerItem a run). */
export const INVITATION_IMPORT_SEND_TYPE = 'invitations.import-send';

/** The daily sweep of imports waiting for the day's allowance (source EVENT_BUS.schedulerSource). */
export const INVITATION_IMPORT_RESUME_TYPE = 'invitations.import-resume-due';

export const invitationImportWorkSchema = z.object({ clubId: idSchema, importId: idSchema });
export type InvitationImportWork = z.infer<typeof invitationImportWorkSchema>;

export const invitationImportResumeSchema = z.object({ scheduledAt: isoDateTime.optional() });
