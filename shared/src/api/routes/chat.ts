/**
 * Chat: the caller's private conversations with members they share a club with. Every route is
 * about the caller's own conversations; one they are not in answers 404, as if it did not exist.
 * Opening the inbox or a conversation is a fixed number of DynamoDB requests (at most three),
 * however many conversations or messages there are.
 */

import {
  chatMessageSchema,
  chatUnreadCountSchema,
  conversationMessagesSchema,
  conversationPageQuerySchema,
  conversationPageSchema,
  conversationReadSchema,
  conversationStartedSchema,
  markConversationReadInputSchema,
  messageDeletedSchema,
  sendMessageInputSchema,
  startableConversationsSchema,
  startableQuerySchema,
  startConversationInputSchema,
} from '../../domain/chat.ts';
import { pageQuerySchema } from '../../domain/common.ts';
import { avatarUploadInputSchema, presignedUploadSchema } from '../../domain/profile.ts';
import { DELETE, GET, POST, routesOf, SIGNED_IN } from '../route-builder.ts';

export const chatRoutes = routesOf('chat', {
  listConversations: GET('/api/me/conversations', {
    access: SIGNED_IN,
    summary:
      "A page of the caller's conversations, newest activity first, by cursor (all, or only the unread): one query and one BatchGetItem of the other people's profiles",
    query: conversationPageQuerySchema,
    response: conversationPageSchema,
  }),
  getChatUnreadCount: GET('/api/me/conversations/unread-count', {
    access: SIGNED_IN,
    summary:
      "How many of the caller's conversations have a message they have not read: one GetItem of their count",
    response: chatUnreadCountSchema,
  }),
  startConversation: POST('/api/me/conversations', {
    access: SIGNED_IN,
    summary:
      'Opens the conversation with a person who is an active member of a club the caller is active in (the same one if it exists: 200, else 201); refused for anyone else',
    body: startConversationInputSchema,
    response: conversationStartedSchema,
    status: 201,
  }),
  listStartableConversations: GET('/api/me/conversations/startable', {
    access: SIGNED_IN,
    summary:
      'Which of the named people the caller may start a conversation with, and through which of the named clubs (the first that allows it), by the rule the start itself applies: one BatchGetItem per 100 keys (at most 50 people and 10 clubs)',
    query: startableQuerySchema,
    response: startableConversationsSchema,
  }),
  listConversationMessages: GET('/api/me/conversations/{conversationId}/messages', {
    access: SIGNED_IN,
    summary:
      'The conversation (the other person, the club, what they have seen) and a page of its messages, newest first, by cursor: three requests',
    query: pageQuerySchema,
    response: conversationMessagesSchema,
  }),
  createChatImageUpload: POST('/api/me/conversations/{conversationId}/image-uploads', {
    access: SIGNED_IN,
    summary:
      "Signs a short-lived presigned POST for one image (at most 10 MB) into the caller's folder of one of their conversations, which no public path serves (within a per-minute limit)",
    body: avatarUploadInputSchema,
    response: presignedUploadSchema,
    status: 201,
  }),
  sendMessage: POST('/api/me/conversations/{conversationId}/messages', {
    access: SIGNED_IN,
    summary:
      "Sends a message (text, an image uploaded for the conversation, or both) in one of the caller's conversations (within the per-minute limit)",
    body: sendMessageInputSchema,
    response: chatMessageSchema,
    status: 201,
  }),
  deleteMessage: DELETE('/api/me/conversations/{conversationId}/messages/{messageId}', {
    access: SIGNED_IN,
    summary: "Deletes one of the caller's own messages: its text is gone for both people",
    response: messageDeletedSchema,
  }),
  markConversationRead: POST('/api/me/conversations/{conversationId}/read', {
    access: SIGNED_IN,
    summary:
      'Marks the conversation read up to the newest message the caller has seen (still unread if another came after it)',
    body: markConversationReadInputSchema,
    response: conversationReadSchema,
  }),
});
