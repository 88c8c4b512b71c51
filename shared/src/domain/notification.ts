/** The bell: what a member is told of, in their own list, newest first. */
import * as z from 'zod';
import { idSchema, isoDateTime, pageOf, pageQuerySchema } from './common.ts';
import { levelSchema } from './levels.ts';

export const NOTIFICATION_KINDS = [
  /** Someone commented on the reader's post. */
  'reply',
  /** Someone commented on a post the reader commented on. */
  'thread_reply',
  /** Someone named the reader (`@Full Name`) in a post or a comment. */
  'mention',
  /** People liked the reader's post (one notification per post and day, however many likes). */
  'likes',
  /** Someone asked to join a club the reader manages. */
  'join_request',
  /** The reader's request to join was approved. */
  'approved',
  /** A new event in a club of the reader's. */
  'new_event',
  /** The owner's announcement to every member. */
  'announcement',
  /** An event of a club of the reader's starts tomorrow (nobody's action: its actor is the club). */
  'event_reminder',
  /** The reader reached a new level in the club (and the courses opening at it, if any). */
  'level_up',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Where a notification leads: a post (`?post=` on the club page), an event, the members page, the
 * club, or its classroom (the course list).
 */
export const notificationTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), postId: idSchema }),
  z.object({ kind: z.literal('event'), eventId: idSchema }),
  z.object({ kind: z.literal('members') }),
  z.object({ kind: z.literal('club') }),
  z.object({ kind: z.literal('courses') }),
]);
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;

/** What a notification says, before it is addressed to anyone (stored with each copy, queued with each e-mail). */
export const notificationContentSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  clubId: idSchema,
  clubName: z.string(),
  actorId: idSchema,
  actorName: z.string(),
  actorAvatar: z.string().nullable(),
  excerpt: z.string(),
  target: notificationTargetSchema,
  createdAt: isoDateTime,
  /** A level_up's level (2 to 9). */
  level: levelSchema.optional(),
});
export type NotificationContent = z.infer<typeof notificationContentSchema>;

export const notificationSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  club: z.object({ id: idSchema, name: z.string() }),
  actor: z.object({ id: idSchema, name: z.string(), avatarUrl: z.string().nullable() }),
  /** How many other people did the same (likes batched on one notification). */
  others: z.number().int().min(0),
  /** A short quote of what it is about (a post's title, a comment's start, an event's title). */
  excerpt: z.string(),
  target: notificationTargetSchema,
  createdAt: isoDateTime,
  /** A level_up's level (2 to 9). */
  level: levelSchema.optional(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageQuerySchema = pageQuerySchema;
export const notificationPageSchema = pageOf(notificationSchema).extend({
  unreadCount: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationReadSchema = z.object({
  id: idSchema,
  read: z.literal(true),
  unreadCount: z.number().int().min(0),
});
export type NotificationRead = z.infer<typeof notificationReadSchema>;

/**
 * How a member wants to hear of a club: in the bell only, also by e-mail at once, in a daily or
 * weekly digest e-mail (and the bell), or not at all. A club's own choice overrides the account's.
 */
export const NOTIFICATION_PREFERENCES = ['bell', 'immediate', 'daily', 'weekly', 'off'] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];
export const notificationPreferenceSchema = z.enum(NOTIFICATION_PREFERENCES);
/** The account's choice until the member makes one. */
export const DEFAULT_NOTIFICATION_PREFERENCE: NotificationPreference = 'immediate';

/** The account-wide choice (what every club follows unless it has its own). */
export const accountNotificationSettingsSchema = z.object({ preference: notificationPreferenceSchema });
export type AccountNotificationSettings = z.infer<typeof accountNotificationSettingsSchema>;
/** What a member sends to set it: the choice and nothing else. */
export const accountNotificationSettingsInputSchema = z.strictObject({
  preference: notificationPreferenceSchema,
});

/** A club's own choice (null: it follows the account's), and the one in effect. */
export const clubNotificationSettingsSchema = z.object({
  preference: notificationPreferenceSchema.nullable(),
  effective: notificationPreferenceSchema,
});
export type ClubNotificationSettings = z.infer<typeof clubNotificationSettingsSchema>;
export const clubNotificationSettingsInputSchema = z.strictObject({
  preference: notificationPreferenceSchema.nullable(),
});

/** An unsubscribe link's signed token (e-mails carry it; no sign-in needed). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) });
export const unsubscribedSchema = z.object({
  /** One club's e-mail stopped, or all of the account's. */
  scope: z.enum(['club', 'all']),
  clubName: z.string().nullable(),
});
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
