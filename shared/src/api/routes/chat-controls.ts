/**
 * What each person controls about chat: their settings (who may start a conversation with them,
 * the e-mail for unread messages), the people they blocked, and reporting a conversation to the
 * platform's super admins. Every route is about the caller's own settings and conversations.
 */
import {
  blockedPageSchema,
  blockInputSchema,
  blockStateSchema,
  chatReportedSchema,
  chatSettingsSchema,
} from '../../domain/chat-controls.ts';
import { pageQuerySchema } from '../../domain/common.ts';
import { reportInputSchema } from '../../domain/moderation.ts';
import { DELETE, GET, POST, PUT, routesOf, SIGNED_IN } from '../route-builder.ts';

export const chatControlRoutes = routesOf('chat', {
  getChatSettings: GET('/api/me/chat-settings', {
    access: SIGNED_IN,
    summary:
      "The caller's chat settings: who may start a conversation with them, the e-mail for unread messages",
    response: chatSettingsSchema,
  }),
  updateChatSettings: PUT('/api/me/chat-settings', {
    access: SIGNED_IN,
    summary: "Saves the caller's chat settings (conversations already started stay open)",
    body: chatSettingsSchema,
    response: chatSettingsSchema,
  }),
  listBlockedPeople: GET('/api/me/blocks', {
    access: SIGNED_IN,
    summary:
      'The people the caller blocked, newest first, by cursor: one query of an index and one BatchGetItem of their profiles',
    query: pageQuerySchema,
    response: blockedPageSchema,
  }),
  blockPerson: POST('/api/me/blocks', {
    access: SIGNED_IN,
    summary:
      'Blocks someone the caller has a conversation with: they can no longer send the caller a message or start a conversation with them (they are not told why)',
    body: blockInputSchema,
    response: blockStateSchema,
  }),
  unblockPerson: DELETE('/api/me/blocks/{userId}', {
    access: SIGNED_IN,
    summary: 'Unblocks a person (one not blocked stays so)',
    response: blockStateSchema,
  }),
  reportConversation: POST('/api/me/conversations/{conversationId}/report', {
    access: SIGNED_IN,
    summary:
      "Reports one of the caller's conversations to the platform's super admins with a reason and a copy of its newest messages as they are now (within a daily limit)",
    body: reportInputSchema,
    response: chatReportedSchema,
    status: 201,
  }),
});
