/**
 * Target of the InvitationImports rule of the event manifest, through its queue, and of the daily
 * InvitationImportResume schedule: an uploaded import's rows are checked against the club, a
 * sending import's next rows go through the invitation path, and imports waiting for the day's
 * allowance go on (services/invitations/import-work.ts). A run that fails is delivered again;
 * every run is safe to repeat.
 */
import {
  INVITATION_IMPORT_CHECK_TYPE,
  INVITATION_IMPORT_RESUME_TYPE,
  INVITATION_IMPORT_SEND_TYPE,
  invitationImportResumeSchema,
  invitationImportWorkSchema,
} from '@clubs/shared';
import { defineConsumer } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { checkImport, resumeWaitingImports, sendImportRun } from '../services/invitations/import-work.ts';

export const handler = defineConsumer(
  'invitation-imports',
  {
    [INVITATION_IMPORT_CHECK_TYPE]: {
      schema: invitationImportWorkSchema,
      handle: async ({ clubId, importId }) => {
        const outcome = await checkImport(clubId, importId);
        logger.info('invitation import checked', { clubId, importId, outcome });
        return outcome;
      },
    },
    [INVITATION_IMPORT_SEND_TYPE]: {
      schema: invitationImportWorkSchema,
      handle: async ({ clubId, importId }) => {
        const outcome = await sendImportRun(clubId, importId);
        logger.info('invitation import run', { clubId, importId, outcome });
        return outcome;
      },
    },
    [INVITATION_IMPORT_RESUME_TYPE]: {
      schema: invitationImportResumeSchema,
      handle: async () => {
        const resumed = await resumeWaitingImports();
        logger.info('invitation imports resumed', { resumed });
        return 'processed';
      },
    },
  },
  { failureMessage: 'invitation import run failed' },
);
