/**
 * Chat between members: who may start a conversation (two active members of one club in
 * service), sending within a person's per-minute limit, the inbox and a conversation's pages,
 * reading and deleting. A conversation the caller is not in answers as if it did not exist.
 */
import { createHash } from 'node:crypto';
import {
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  AVATAR_UPLOAD,
  type AvatarUploadInput,
  CHAT_LIMITS,
  type ChatMessage,
  type ConversationMessages,
  type ConversationPage,
  chatImagePrefixOf,
  type PresignedUpload,
  type SendMessageInput,
  type StartableConversations,
  type StartConversationInput,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { changeOutbox } from '../bus/change-events.ts';
import { countInWindows, type RateWindow, type WindowsFull } from '../data/rate-windows.ts';
import {
  type Conversation,
  chatPeople,
  clearPreviewOf,
  createConversation,
  deleteOwnMessage,
  getConversation,
  listEntries,
  listMessages,
  markEntryRead,
  putMessage,
  readConversationContext,
  readStartingPoints,
  recordLastMessage,
  type StartingPoint,
  type StoredMessage,
} from '../data/repositories/chat.ts';
import { readUnreadCount } from '../data/repositories/chat-unread-count.ts';
import { AppError, badRequest, forbidden, notFound } from '../errors.ts';
import { signMemberMediaRead } from '../media/member-media.ts';
import { attachUpload, removeReplacedMedia } from '../media/uploads.ts';
import { isClubInService } from './club-in-service.ts';
import { signImageUpload } from './image-uploads.ts';

/** The same two people always meet in the same conversation, whoever starts it. */
export function conversationIdOf(a: string, b: string): string {
  const [first, second] = a < b ? [a, b] : [b, a];
  return createHash('sha256').update(`${first}\n${second}`).digest('base64url').slice(0, 26);
}

const NOT_FOUND = 'Conversation not found';
/**
 * Anyone who is not an active member of a club in service the caller is active in is, to the
 * caller, nobody: whether the person exists, or is in that club, is not told.
 */
const CANNOT_START = 'There is no member of that club you can message by that id.';

/** A block (either person's) is not named as the reason: the sender learns only that it failed. */
const CANNOT_SEND = 'This conversation does not take new messages.';

const startLimit = (userId: string): RateWindow => ({
  scope: 'chat-start',
  subject: userId,
  limit: CHAT_LIMITS.newConversationsPerDay,
  windowSeconds: 24 * 3600,
});

const sendLimit = (userId: string): RateWindow => ({
  scope: 'chat-send',
  subject: userId,
  limit: CHAT_LIMITS.messagesPerMinute,
  windowSeconds: 60,
});

const imageUploadLimit = (userId: string): RateWindow => ({
  scope: 'chat-image-upload',
  subject: userId,
  limit: CHAT_LIMITS.imageUploadsPerMinute,
  windowSeconds: 60,
});

export function limited(message: string, full: WindowsFull): AppError {
  return new AppError('too_many_requests', message, undefined, full.retryAfterSeconds);
}

/** The conversation, if the caller is one of its two people. */
export async function conversationOf(callerId: string, conversationId: string): Promise<Conversation> {
  const conversation = await getConversation(conversationId);
  if (!conversation?.userIds.includes(callerId)) throw notFound(NOT_FOUND);
  return conversation;
}

/**
 * A conversation starts through a club in service whose owner lets members message each other,
 * between two of its active members, when the other person accepts conversations from members and
 * neither blocked the other; the refusal is the same whichever of these fails, so a blocked person
 * cannot tell a block from "nobody".
 */
function mayStart(start: StartingPoint): boolean {
  const { club } = start;
  if (club === null || club.membersCanMessage === false) return false;
  if (!isClubInService({ status: club.status as never, suspendedAt: club.suspendedAt as never }))
    return false;
  return (
    start.active.every(Boolean) &&
    start.otherSettings.whoCanStart === 'members' &&
    !start.blockedByOther &&
    !start.blockedByStarter
  );
}

export async function startConversation(
  callerId: string,
  input: StartConversationInput,
  now = new Date(),
): Promise<{ id: string; created: boolean }> {
  if (input.userId === callerId) throw badRequest('You cannot start a conversation with yourself');
  const startingPoint = await readStartingPoints([input.clubId], callerId, [input.userId]);
  if (!mayStart(startingPoint(input.clubId, input.userId))) throw notFound(CANNOT_START);
  const conversation: Conversation = {
    id: conversationIdOf(callerId, input.userId),
    userIds: [callerId, input.userId],
    clubId: input.clubId,
    createdAt: now.toISOString(),
  };
  const outcome = await createConversation(conversation, startLimit(callerId), now);
  if (outcome.created) return { id: conversation.id, created: true };
  if (outcome.exists) return { id: conversation.id, created: false };
  throw limited('You have started as many conversations as a day allows. Try again tomorrow.', outcome);
}

/**
 * Whom of `userIds` the caller may start a conversation with, and through which club: the first
 * of `clubIds` the start would be allowed through (the rule the start itself applies), read in
 * one batch however many people a page shows.
 */
export async function startableConversations(
  callerId: string,
  query: { clubIds: readonly string[]; userIds: readonly string[] },
): Promise<StartableConversations> {
  const others = query.userIds.filter((userId) => userId !== callerId);
  const startingPoint = await readStartingPoints(query.clubIds, callerId, others);
  const items = others.flatMap((userId) => {
    const clubId = query.clubIds.find((id) => mayStart(startingPoint(id, userId)));
    return clubId ? [{ userId, clubId }] : [];
  });
  return { items };
}

/**
 * A message as one of its two people sees it: its image (if any) by a URL signed for a short
 * while, which only the conversation's own routes hand out.
 */
async function shown(message: StoredMessage, now = new Date()): Promise<ChatMessage> {
  const { imageKey, ...rest } = message;
  if (!imageKey) return { ...rest, image: null };
  const { url, expiresAt } = await signMemberMediaRead(imageKey, now);
  return { ...rest, image: { url, expiresAt } };
}

/**
 * Signs an upload of one image into the caller's folder of the conversation (no public path
 * serves it), counted in the caller's per-minute window of image uploads.
 */
export async function signChatImageUpload(
  callerId: string,
  conversationId: string,
  input: AvatarUploadInput,
  now = new Date(),
): Promise<PresignedUpload> {
  const conversation = await conversationOf(callerId, conversationId);
  const counted = await countInWindows([imageUploadLimit(callerId)], now);
  if (!counted.counted)
    throw limited('You are adding images too fast. Wait a moment and try again.', counted);
  return signImageUpload(chatImagePrefixOf(conversation.id, callerId), input);
}

const refuseImage = (message: string, why: string) =>
  badRequest(message, [{ path: 'body.imageKey', message: why }]);

/**
 * A message's image must be one the sender uploaded into their folder of this conversation and a
 * stored image within the limit (a file that breaks the rule is removed); it is then kept.
 */
async function attachChatImage(conversationId: string, senderId: string, key: string): Promise<void> {
  if (!key.startsWith(`${chatImagePrefixOf(conversationId, senderId)}/`)) {
    throw refuseImage('Upload the image for this conversation first', 'not an image you uploaded here');
  }
  const verdict = await attachUpload(key, AVATAR_UPLOAD);
  if (verdict === 'missing')
    throw refuseImage('The image was not uploaded. Please try again.', 'nothing is stored there');
  if (verdict === 'size') throw refuseImage(AVATAR_SIZE_MESSAGE, 'too large');
  if (verdict === 'type') throw refuseImage(AVATAR_TYPE_MESSAGE, 'not an image');
}

/** The outbox item announcing a change of a message of the conversation to its two people. */
const chatChange = (
  type: 'chat.message-sent' | 'chat.read' | 'chat.message-deleted',
  conversation: Conversation,
  actorId: string,
  messageId: string,
  now = new Date(),
) =>
  changeOutbox(
    {
      type,
      clubId: conversation.clubId,
      actorId,
      conversationId: conversation.id,
      messageId,
      userIds: conversation.userIds,
    },
    now,
  );

export async function sendMessage(
  callerId: string,
  conversationId: string,
  input: SendMessageInput,
  now = new Date(),
): Promise<ChatMessage> {
  const conversation = await conversationOf(callerId, conversationId);
  if (input.imageKey) await attachChatImage(conversationId, callerId, input.imageKey);
  const message: StoredMessage = {
    id: ulid(now.getTime()),
    senderId: callerId,
    text: input.text,
    deleted: false,
    createdAt: now.toISOString(),
    ...(input.imageKey ? { imageKey: input.imageKey } : {}),
  };
  const otherId = conversation.userIds.find((id) => id !== callerId) ?? callerId;
  const refused = await putMessage(conversationId, message, otherId, sendLimit(callerId), now);
  if (refused === 'blocked') throw forbidden(CANNOT_SEND);
  if (refused) throw limited('You are sending messages too fast. Wait a moment and try again.', refused);
  // Both people's open pages hear of it (the recipient's count and inbox, the sender's other tabs)
  // from the outbox item written with the recipient's entry, so they never read the count before
  // it moved. An older message recorded after a newer one moves no entry and announces nothing:
  // the newer one's announcement has both pages read the conversation again.
  const sent = chatChange('chat.message-sent', conversation, callerId, message.id, now);
  await Promise.all([
    recordLastMessage(callerId, conversationId, message, 'sender'),
    recordLastMessage(otherId, conversationId, message, 'recipient', sent),
  ]);
  return shown(message, now);
}

export async function conversationPage(
  callerId: string,
  query: { limit: number; cursor?: string; filter: 'all' | 'unread' },
): Promise<ConversationPage> {
  const page = await listEntries(callerId, query.filter, query);
  const people = await chatPeople([...new Set(page.items.map((entry) => entry.otherUserId))]);
  return {
    items: page.items.map((entry) => ({
      id: entry.conversationId,
      clubId: entry.clubId,
      other: people.get(entry.otherUserId) ?? {
        userId: entry.otherUserId,
        name: 'Former member',
        avatarUrl: null,
      },
      lastMessagePreview: entry.lastMessagePreview,
      lastSenderId: entry.lastSenderId,
      lastActivityAt: entry.lastActivityAt,
      unread: entry.unread,
    })),
    nextCursor: page.nextCursor,
  };
}

export async function chatUnreadCount(callerId: string): Promise<{ conversations: number }> {
  return { conversations: await readUnreadCount(callerId) };
}

export async function conversationMessages(
  callerId: string,
  conversationId: string,
  page: { limit: number; cursor?: string },
): Promise<ConversationMessages> {
  const conversation = await conversationOf(callerId, conversationId);
  const [context, messages] = await Promise.all([
    readConversationContext(conversation, callerId),
    listMessages(conversationId, page),
  ]);
  const now = new Date();
  return {
    ...messages,
    items: await Promise.all(messages.items.map((message) => shown(message, now))),
    conversation: {
      id: conversation.id,
      clubId: conversation.clubId,
      clubName: context.clubName,
      other: context.other,
      seenUpTo: context.otherEntry?.readUpTo ?? null,
      blockedByYou: context.blockedByCaller,
    },
  };
}

export async function markConversationRead(
  callerId: string,
  conversationId: string,
  messageId: string,
): Promise<{ unread: boolean }> {
  const conversation = await conversationOf(callerId, conversationId);
  // The other person's open conversation shows "Seen"; the reader's other tabs drop the unread
  // mark: announced with the read it follows, so a read that marks nothing announces nothing.
  const read = chatChange('chat.read', conversation, callerId, messageId);
  const state = await markEntryRead(callerId, conversationId, messageId, read);
  if (!state) throw notFound(NOT_FOUND);
  return { unread: state.unread };
}

export async function deleteMessage(
  callerId: string,
  conversationId: string,
  messageId: string,
): Promise<{ id: string; deleted: true }> {
  const conversation = await conversationOf(callerId, conversationId);
  // The other person's open conversation drops the text at once, as the sender's other tabs do:
  // announced in the transaction that deletes it.
  const announced = chatChange('chat.message-deleted', conversation, callerId, messageId);
  const deleted = await deleteOwnMessage(conversationId, messageId, callerId, announced);
  if (!deleted) throw notFound('Message not found');
  if (deleted.imageKey) await removeReplacedMedia(deleted.imageKey);
  await Promise.all(conversation.userIds.map((userId) => clearPreviewOf(userId, conversationId, messageId)));
  return { id: messageId, deleted: true };
}
