/**
 * Change events: what a write that others should hear of announces on the bus (source
 * EVENT_BUS.domainSource, the detail-type its `type`), from the table's stream (change-stream.ts)
 * or, for the writes not yet moved there, put after the write; notifications consume them, and
 * live updates, the club's search index and other roll-ups subscribe to the same ones. Each
 * carries a time-ordered id (a ULID) that consumers use to apply it once.
 */
import * as z from 'zod';
import { idSchema, isoDateTime } from '../domain/common.ts';
import { notificationContentSchema } from '../domain/notification.ts';

export const CHANGE_EVENT_TYPES = {
  postCreated: 'post.created',
  commentCreated: 'comment.created',
  postLiked: 'post.liked',
  joinRequested: 'membership.requested',
  memberApproved: 'membership.approved',
  eventCreated: 'event.created',
} as const;
export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[keyof typeof CHANGE_EVENT_TYPES];

const base = {
  /** A ULID made when the change was written: unique, and ordered by time. */
  id: idSchema,
  clubId: idSchema,
  /** Who made the change; nobody is notified of their own. */
  actorId: idSchema,
  at: isoDateTime,
};

export const changeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(CHANGE_EVENT_TYPES.postCreated),
    ...base,
    postId: idSchema,
    title: z.string(),
    content: z.string(),
    /** The owner asked for every member to hear of it. */
    announcement: z.boolean().default(false),
  }),
  z.object({
    type: z.literal(CHANGE_EVENT_TYPES.commentCreated),
    ...base,
    postId: idSchema,
    commentId: idSchema,
    postAuthorId: idSchema,
    postTitle: z.string(),
    content: z.string(),
  }),
  z.object({
    type: z.literal(CHANGE_EVENT_TYPES.postLiked),
    ...base,
    postId: idSchema,
    postAuthorId: idSchema,
    postTitle: z.string(),
  }),
  z.object({ type: z.literal(CHANGE_EVENT_TYPES.joinRequested), ...base }),
  /**
   * Someone became an active member, whichever way: approved (the actor approved them), or by
   * accepting an invitation or completing a paid checkout (the actor is the member). The
   * activation's own transaction writes it, so a join yields it exactly once.
   */
  z.object({
    type: z.literal(CHANGE_EVENT_TYPES.memberApproved),
    ...base,
    memberId: idSchema,
    via: z.enum(['approval', 'invitation', 'checkout']).default('approval'),
  }),
  z.object({
    type: z.literal(CHANGE_EVENT_TYPES.eventCreated),
    ...base,
    eventId: idSchema,
    title: z.string(),
    startsAt: isoDateTime,
  }),
]);
export type ChangeEvent = z.infer<typeof changeEventSchema>;
export type ChangeEventOf<T extends ChangeEventType> = Extract<ChangeEvent, { type: T }>;

/** The detail-type of one batch of a club-wide notification's recipients. */
export const NOTIFICATION_BATCH_TYPE = 'notifications.batch';

/** How many recipients one batch names (a batch is one queue message, one invocation's work). */
export const NOTIFICATION_BATCH_SIZE = 100;

export const notificationBatchSchema = z.object({
  change: changeEventSchema,
  recipientIds: z.array(idSchema).min(1).max(NOTIFICATION_BATCH_SIZE),
});
export type NotificationBatch = z.infer<typeof notificationBatchSchema>;

/** The detail-type of one notification e-mail to one reader (a queue message each, retried alone). */
export const NOTIFICATION_EMAIL_TYPE = 'notifications.email';

export const notificationEmailSchema = z.object({
  recipientId: idSchema,
  notification: notificationContentSchema,
  /** The reader's address, read (and found not suppressed) with the rest of their batch when queued. */
  to: z.email().max(320).optional(),
});
export type NotificationEmail = z.infer<typeof notificationEmailSchema>;

/**
 * Changes nobody is notified of but open pages follow live (live updates re-read or drop what
 * they name): they travel on the bus beside the change events above, under the same source.
 */
export const QUIET_CHANGE_TYPES = {
  postEdited: 'post.edited',
  postDeleted: 'post.deleted',
  postUnliked: 'post.unliked',
  commentDeleted: 'comment.deleted',
  courseChanged: 'course.changed',
  eventChanged: 'event.changed',
  memberRemoved: 'membership.removed',
  /**
   * What a member is found by changed: their card was written with a new membership or went with
   * it, or they changed their name or bio (the club's search index follows).
   */
  memberCardChanged: 'membership.card-changed',
  /** A chat message was sent: both people's open pages show it (their inbox, the unread count). */
  chatMessageSent: 'chat.message-sent',
  /** A person read a conversation up to a message: the other's open conversation shows "Seen". */
  chatRead: 'chat.read',
  /** A person deleted one of their messages: both people's open conversations drop its text. */
  chatMessageDeleted: 'chat.message-deleted',
} as const;
export type QuietChangeType = (typeof QUIET_CHANGE_TYPES)[keyof typeof QUIET_CHANGE_TYPES];

const quietChangeSchemas = [
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.postEdited), ...base, postId: idSchema }),
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.postDeleted), ...base, postId: idSchema }),
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.postUnliked), ...base, postId: idSchema }),
  z.object({
    type: z.literal(QUIET_CHANGE_TYPES.commentDeleted),
    ...base,
    postId: idSchema,
    commentId: idSchema,
  }),
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.courseChanged), ...base, courseId: idSchema }),
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.eventChanged), ...base, eventId: idSchema }),
  /** The member left or was removed: whatever they still had open of the club hears no more. */
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.memberRemoved), ...base, memberId: idSchema }),
  z.object({ type: z.literal(QUIET_CHANGE_TYPES.memberCardChanged), ...base, memberId: idSchema }),
  // A chat change names its conversation's club (where the two know each other from) and its two people.
  z.object({
    type: z.literal(QUIET_CHANGE_TYPES.chatMessageSent),
    ...base,
    conversationId: idSchema,
    messageId: idSchema,
    userIds: z.tuple([idSchema, idSchema]).readonly(),
  }),
  z.object({
    type: z.literal(QUIET_CHANGE_TYPES.chatRead),
    ...base,
    conversationId: idSchema,
    messageId: idSchema,
    userIds: z.tuple([idSchema, idSchema]).readonly(),
  }),
  z.object({
    type: z.literal(QUIET_CHANGE_TYPES.chatMessageDeleted),
    ...base,
    conversationId: idSchema,
    messageId: idSchema,
    userIds: z.tuple([idSchema, idSchema]).readonly(),
  }),
] as const;

/**
 * Changes only a club's outbound webhooks follow (nobody is notified, no open page shows them):
 * they travel on the bus beside the others, under the same source, each written once in the
 * transaction of what it records.
 */
export const RECORD_CHANGE_TYPES = {
  /** A member's subscription invoice was paid (the first payment and every renewal). */
  memberPaid: 'membership.paid',
  /** A member registered for an event (going) or cancelled their registration. */
  eventRsvp: 'event.rsvp',
  /** A member completed every section of a course (once per member and course). */
  courseCompleted: 'course.completed',
} as const;

const recordChangeSchemas = [
  z.object({
    type: z.literal(RECORD_CHANGE_TYPES.memberPaid),
    ...base,
    memberId: idSchema,
    invoiceId: z.string().min(1).max(255),
    /** In the currency's minor units (cents). */
    amount: z.number().int().nonnegative(),
    currency: z.string().max(3),
  }),
  z.object({
    type: z.literal(RECORD_CHANGE_TYPES.eventRsvp),
    ...base,
    memberId: idSchema,
    eventId: idSchema,
    title: z.string(),
    startsAt: isoDateTime,
    going: z.boolean(),
  }),
  z.object({
    type: z.literal(RECORD_CHANGE_TYPES.courseCompleted),
    ...base,
    memberId: idSchema,
    courseId: idSchema,
    title: z.string(),
  }),
] as const;

/** Every change the write path announces: the notifying ones, the quiet ones and the recorded ones. */
export const anyChangeEventSchema = z.discriminatedUnion('type', [
  ...changeEventSchema.options,
  ...quietChangeSchemas,
  ...recordChangeSchemas,
]);
export type AnyChangeEvent = z.infer<typeof anyChangeEventSchema>;
export type AnyChangeEventType = AnyChangeEvent['type'];
