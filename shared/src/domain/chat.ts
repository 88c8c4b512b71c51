/**
 * Chat: private conversations between two members who share a club. A conversation is named by
 * the pair (the same two people always meet in the same one) and remembers the club they knew each
 * other from when it started.
 */
import * as z from 'zod';
import { CHAT_LIMITS, LIMITS } from '../constants.ts';
import { idSchema, isoDateTime, pageOf, pageQuerySchema } from './common.ts';

/** The other person of a conversation, as the inbox and the conversation's header show them. */
export const chatPersonSchema = z.object({
  userId: idSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

/** One conversation as the caller's inbox lists it. */
export const conversationSummarySchema = z.object({
  id: idSchema,
  clubId: idSchema,
  other: chatPersonSchema,
  /** The last message's first characters ('' when it was deleted, or before the first message). */
  lastMessagePreview: z.string(),
  /** Who wrote the last message (null before the first). */
  lastSenderId: idSchema.nullable(),
  /** When the last message was sent, else when the conversation started (the inbox's order). */
  lastActivityAt: isoDateTime,
  /** A message of the other person's came after what the caller last read. */
  unread: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationPageSchema = pageOf(conversationSummarySchema);
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const conversationPageQuerySchema = pageQuerySchema.extend({
  /** Only the conversations with unread messages. */
  filter: z.enum(['all', 'unread']).default('all'),
});

export const startConversationInputSchema = z.strictObject({
  /** The person to talk to. */
  userId: idSchema,
  /** A club both are active members of: where they know each other from. */
  clubId: idSchema,
});
export type StartConversationInput = z.infer<typeof startConversationInputSchema>;

/** An image of a message: a URL signed for a short while, given only to the conversation's two people. */
export const chatImageSchema = z.object({ url: z.string(), expiresAt: isoDateTime });
export type ChatImage = z.infer<typeof chatImageSchema>;

export const chatMessageSchema = z.object({
  id: idSchema,
  senderId: idSchema,
  /** Plain text (links are made clickable by the page, never HTML); '' once deleted or for an image alone. */
  text: z.string(),
  /** The message's image (null: none, or deleted). */
  image: chatImageSchema.nullable(),
  deleted: z.boolean(),
  createdAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * The key of an image uploaded for a conversation: `chat-media/{conversationId}/{uploaderId}/{ulid}.{ext}`.
 * The service also checks that the folder is the sender's in this conversation.
 */
export const chatImageKeySchema = z
  .string()
  .max(LIMITS.url)
  .regex(
    /^chat-media\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}\/[a-z0-9]{26}\.(jpg|png|gif|webp)$/,
    'must be the key of an image uploaded for this conversation',
  );

export const CHAT_EMPTY_MESSAGE = 'Write a message or add an image first.';

/** A message is text, an image, or both; never neither. */
export const sendMessageInputSchema = z
  .strictObject({
    text: z.string().trim().max(CHAT_LIMITS.messageLength).default(''),
    imageKey: chatImageKeySchema.optional(),
  })
  .refine((message) => message.text !== '' || message.imageKey !== undefined, {
    message: CHAT_EMPTY_MESSAGE,
    path: ['text'],
  });
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export const markConversationReadInputSchema = z.strictObject({
  /** The newest message the caller has seen: the conversation is read only if nothing came after it. */
  messageId: idSchema,
});

export const conversationReadSchema = z.object({
  /** Still unread: a message came after the one named. */
  unread: z.boolean(),
});

export const chatUnreadCountSchema = z.object({
  /** How many conversations have a message the caller has not read. */
  conversations: z.number().int().nonnegative(),
});

/** A conversation opened: who with, from which club, and the newest messages first (by cursor). */
export const conversationMessagesSchema = pageOf(chatMessageSchema).extend({
  conversation: z.object({
    id: idSchema,
    clubId: idSchema,
    clubName: z.string(),
    other: chatPersonSchema,
    /** The newest message of the caller's that the other person has read (null: none yet). */
    seenUpTo: idSchema.nullable(),
    /** The caller blocked the other person: the conversation takes no new messages until they unblock. */
    blockedByYou: z.boolean(),
  }),
});
export type ConversationMessages = z.infer<typeof conversationMessagesSchema>;

/** How many people and clubs one question about whom the caller may message names at most. */
export const STARTABLE_LIMITS = { userIds: 50, clubIds: 10 } as const;

const idList = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z.array(idSchema).min(1).max(max),
  );

export const startableQuerySchema = z.strictObject({
  /** The people a page shows (comma-separated). */
  userIds: idList(STARTABLE_LIMITS.userIds),
  /** The clubs a conversation could start through, in the order to try them (comma-separated). */
  clubIds: idList(STARTABLE_LIMITS.clubIds),
});

/** The people of the question the caller may start a conversation with, each with the club it would start through. */
export const startableConversationsSchema = z.object({
  items: z.array(z.object({ userId: idSchema, clubId: idSchema })),
});
export type StartableConversations = z.infer<typeof startableConversationsSchema>;

export const conversationStartedSchema = z.object({ id: idSchema, created: z.boolean() });
export const messageDeletedSchema = z.object({ id: idSchema, deleted: z.literal(true) });
