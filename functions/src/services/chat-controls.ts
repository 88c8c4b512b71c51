/**
 * What each person controls about chat: their settings, the people they blocked (only someone
 * they have a conversation with), and reporting a conversation to the super admins with a copy of
 * its newest messages as they are when it is reported.
 */
import {
  type BlockedPage,
  CHAT_LIMITS,
  CHAT_REPORT_MESSAGES,
  type ChatSettings,
  MEDIA_PATHS,
  type ReportInput,
} from '@clubs/shared';
import { ulid } from 'ulid';
import type { RateWindow } from '../data/rate-windows.ts';
import { chatPeople, getEntries, listMessages } from '../data/repositories/chat.ts';
import {
  deleteBlock,
  getChatSettings,
  listBlocks,
  putBlock,
  putChatSettings,
} from '../data/repositories/chat-controls.ts';
import { putChatReport } from '../data/repositories/chat-reports.ts';
import { badRequest, notFound } from '../errors.ts';
import { logger } from '../logger.ts';
import { copyMedia } from '../media/uploads.ts';
import { conversationIdOf, conversationOf, limited } from './chat.ts';

export const chatSettings = (callerId: string): Promise<ChatSettings> => getChatSettings(callerId);

export async function saveChatSettings(callerId: string, settings: ChatSettings): Promise<ChatSettings> {
  await putChatSettings(callerId, settings);
  return settings;
}

/** Only someone the caller has a conversation with is blocked; anyone else is nobody to them. */
export async function blockPerson(
  callerId: string,
  userId: string,
  now = new Date(),
): Promise<{ userId: string; blocked: boolean }> {
  if (userId === callerId) throw badRequest('You cannot block yourself');
  const entries = await getEntries(conversationIdOf(callerId, userId), [callerId]);
  if (!entries.has(callerId)) throw notFound('There is nobody of that id in your conversations.');
  await putBlock(callerId, userId, now.toISOString());
  return { userId, blocked: true };
}

export async function unblockPerson(
  callerId: string,
  userId: string,
): Promise<{ userId: string; blocked: boolean }> {
  await deleteBlock(callerId, userId);
  return { userId, blocked: false };
}

export async function blockedPeople(
  callerId: string,
  page: { limit: number; cursor?: string },
): Promise<BlockedPage> {
  const blocks = await listBlocks(callerId, page);
  const people = await chatPeople(blocks.items.map((block) => block.blockedId));
  return {
    items: blocks.items.map((block) => {
      const person = people.get(block.blockedId);
      return {
        userId: block.blockedId,
        name: person?.name ?? 'Former member',
        avatarUrl: person?.avatarUrl ?? null,
        blockedAt: block.blockedAt,
      };
    }),
    nextCursor: blocks.nextCursor,
  };
}

const reportLimit = (userId: string): RateWindow => ({
  scope: 'chat-report',
  subject: userId,
  limit: CHAT_LIMITS.reportsPerDay,
  windowSeconds: 24 * 3600,
});

/** The report keeps the conversation's newest messages as they are now: a later deletion changes nothing in it. */
export async function reportConversation(
  callerId: string,
  conversationId: string,
  input: ReportInput,
  now = new Date(),
): Promise<{ id: string }> {
  const conversation = await conversationOf(callerId, conversationId);
  const otherId = conversation.userIds.find((id) => id !== callerId) ?? callerId;
  const [messages, people] = await Promise.all([
    listMessages(conversationId, { limit: CHAT_REPORT_MESSAGES }),
    chatPeople([callerId, otherId]),
  ]);
  const nameOf = (userId: string) => people.get(userId)?.name ?? 'Former member';
  const id = ulid(now.getTime());
  // The report keeps its own copy of each image, so a sender deleting the message later (which
  // removes their file) takes nothing from what the super admins see.
  const copies = new Map<string, string>();
  const kept = messages.items.map(({ imageKey, ...message }) => {
    if (!imageKey) return message;
    const copy = `${MEDIA_PATHS.chatReportsRoot}/${id}/${imageKey.slice(imageKey.lastIndexOf('/') + 1)}`;
    copies.set(imageKey, copy);
    return { ...message, imageKey: copy };
  });
  const full = await putChatReport(
    {
      id,
      conversationId,
      clubId: conversation.clubId,
      reporter: { userId: callerId, name: nameOf(callerId) },
      reported: { userId: otherId, name: nameOf(otherId) },
      reason: input.reason,
      text: input.text,
      status: 'open',
      createdAt: now.toISOString(),
      decidedAt: null,
      messages: kept,
    },
    reportLimit(callerId),
    now,
  );
  if (full) {
    throw limited('You have reported as many conversations as a day allows. Try again tomorrow.', full);
  }
  await Promise.all(
    [...copies].map(([from, to]) =>
      copyMedia(from, to).catch((error: unknown) =>
        logger.warn('could not keep a reported chat image', { from, to, error: error as Error }),
      ),
    ),
  );
  return { id };
}
