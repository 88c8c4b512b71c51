/**
 * Chat: the caller's conversations with members they share a club with, their messages, reading
 * and deleting. Every route is about the caller's own conversations.
 */
import { chatControlRoutes, chatRoutes } from '@clubs/shared';
import { reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import {
  chatUnreadCount,
  conversationMessages,
  conversationPage,
  deleteMessage,
  markConversationRead,
  sendMessage,
  signChatImageUpload,
  startableConversations,
  startConversation,
} from '../services/chat.ts';
import {
  blockedPeople,
  blockPerson,
  chatSettings,
  reportConversation,
  saveChatSettings,
  unblockPerson,
} from '../services/chat-controls.ts';

/** The group's routes are declared in two areas. */
const routes = { ...chatRoutes, ...chatControlRoutes };

export const handler = defineGroup('chat', routes, {
  listConversations: async ({ auth, input }) => conversationPage(auth.userId, input.query),
  getChatUnreadCount: async ({ auth }) => chatUnreadCount(auth.userId),
  startConversation: async ({ auth, input }) => {
    const started = await startConversation(auth.userId, input.body);
    // An existing conversation is answered as it is, not as created.
    return started.created ? started : reply(200, started);
  },
  listStartableConversations: async ({ auth, input }) => startableConversations(auth.userId, input.query),
  listConversationMessages: async ({ auth, input }) =>
    conversationMessages(auth.userId, input.params.conversationId, input.query),
  createChatImageUpload: async ({ auth, input }) =>
    signChatImageUpload(auth.userId, input.params.conversationId, input.body),
  sendMessage: async ({ auth, input }) => sendMessage(auth.userId, input.params.conversationId, input.body),
  deleteMessage: async ({ auth, input }) =>
    deleteMessage(auth.userId, input.params.conversationId, input.params.messageId),
  markConversationRead: async ({ auth, input }) =>
    markConversationRead(auth.userId, input.params.conversationId, input.body.messageId),
  getChatSettings: async ({ auth }) => chatSettings(auth.userId),
  updateChatSettings: async ({ auth, input }) => saveChatSettings(auth.userId, input.body),
  listBlockedPeople: async ({ auth, input }) => blockedPeople(auth.userId, input.query),
  blockPerson: async ({ auth, input }) => blockPerson(auth.userId, input.body.userId),
  unblockPerson: async ({ auth, input }) => unblockPerson(auth.userId, input.params.userId),
  reportConversation: async ({ auth, input }) =>
    reportConversation(auth.userId, input.params.conversationId, input.body),
});
