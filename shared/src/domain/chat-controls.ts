/**
 * What each person controls about chat (who may start a conversation with them, the e-mail for
 * unread messages, the people they blocked), a club owner's switch for chat between its members,
 * and conversations reported to the platform's super admins.
 */
import * as z from 'zod';
import { chatImageSchema } from './chat.ts';
import { idSchema, isoDateTime, pageOf, pageQuerySchema } from './common.ts';
import { reportReasonSchema } from './moderation.ts';

export const CHAT_STARTERS = ['members', 'nobody'] as const;

/** A person's chat settings; a person who never saved any has CHAT_SETTINGS_DEFAULTS. */
export const chatSettingsSchema = z.strictObject({
  /** Who may start a conversation with them: members of a club they share, or nobody. */
  whoCanStart: z.enum(CHAT_STARTERS),
  /** An e-mail when a message is left unread for a while. */
  emailUnread: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export const CHAT_SETTINGS_DEFAULTS: ChatSettings = { whoCanStart: 'members', emailUnread: true };

export const blockInputSchema = z.strictObject({
  /** Someone the caller has a conversation with. */
  userId: idSchema,
});

export const blockedPersonSchema = z.object({
  userId: idSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  blockedAt: isoDateTime,
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const blockedPageSchema = pageOf(blockedPersonSchema);
export type BlockedPage = z.infer<typeof blockedPageSchema>;

export const blockStateSchema = z.object({ userId: idSchema, blocked: z.boolean() });

/** A club's owner lets its members start conversations through it, or not (on when never set). */
export const clubChatSettingsSchema = z.strictObject({ membersCanMessage: z.boolean() });
export type ClubChatSettings = z.infer<typeof clubChatSettingsSchema>;

/** How many of a conversation's newest messages a report keeps a copy of, as they were then. */
export const CHAT_REPORT_MESSAGES = 20;

export const CHAT_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const chatReportStatusSchema = z.enum(CHAT_REPORT_STATUSES);
export type ChatReportStatus = z.infer<typeof chatReportStatusSchema>;

export const chatReportedSchema = z.object({ id: idSchema });

/** One message as the report copied it. */
export const reportedMessageSchema = z.object({
  id: idSchema,
  senderId: idSchema,
  text: z.string(),
  /** The report's own copy of the message's image, by a URL signed for a short while (null: none). */
  image: chatImageSchema.nullable().default(null),
  deleted: z.boolean(),
  createdAt: isoDateTime,
});

const reportPersonSchema = z.object({ userId: idSchema, name: z.string() });

/** A reported conversation as the super admins' "Reported chats" list shows it. */
export const chatReportSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  clubId: idSchema,
  reporter: reportPersonSchema,
  reported: reportPersonSchema,
  reason: reportReasonSchema,
  text: z.string(),
  status: chatReportStatusSchema,
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** The conversation's newest messages when it was reported, newest first. */
  messages: z.array(reportedMessageSchema),
});
export type ChatReport = z.infer<typeof chatReportSchema>;

export const chatReportPageSchema = pageOf(chatReportSchema);
export type ChatReportPage = z.infer<typeof chatReportPageSchema>;

export const chatReportQuerySchema = pageQuerySchema.extend({
  status: chatReportStatusSchema.default('open'),
});

export const chatReportDecisionInputSchema = z.strictObject({
  outcome: z.enum(['resolved', 'dismissed']),
});
