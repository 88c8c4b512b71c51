/**
 * Digest e-mails: a member who chose a daily or weekly digest for a club (or for their account,
 * which every club without a choice of its own follows) gets, once per period, the club's most
 * liked posts written since their last digest of that club by others, and nothing when there is
 * none. A recurring schedule (schedules.ts) puts a `digest.due` event on the bus; its consumer
 * pages the digest subscribers (the sparse index of preference items) into batches, and each
 * batch queues one e-mail per member and club through the notification e-mail queue.
 */
import * as z from 'zod';
import { idSchema, isoDateTime } from '../domain/common.ts';

export const DIGEST_CADENCES = ['daily', 'weekly'] as const;
export type DigestCadence = (typeof DIGEST_CADENCES)[number];
export const digestCadenceSchema = z.enum(DIGEST_CADENCES);

/** The detail-type a digest schedule puts on the bus. */
export const DIGEST_DUE_TYPE = 'digest.due';
/** Its detail: which digest, and the time it was scheduled for (a retried run carries the same). */
export const digestDueSchema = z.object({ cadence: digestCadenceSchema, scheduledAt: isoDateTime });
export type DigestDue = z.infer<typeof digestDueSchema>;

export const DIGEST_LIMITS = {
  /** Posts one digest lists, most liked first. */
  posts: 5,
  /** Subscribers one batch names (one queue message, one invocation's work). */
  batchSize: 100,
  /** A club's newest posts read per batch to choose from (a busier club's digest picks among these). */
  postsRead: 200,
  /** How far back a digest looks at most, in periods (a first digest looks back one period). */
  lookbackPeriods: 2,
} as const;

/** The detail-type of one batch of digest subscribers, put on the bus by the schedule's consumer. */
export const DIGEST_BATCH_TYPE = 'notifications.digest-batch';

export const digestBatchSchema = z.object({
  due: digestDueSchema,
  /**
   * The club the subscribers chose the cadence for, or null: they chose it for their account,
   * so each of their clubs without a choice of its own is digested.
   */
  clubId: idSchema.nullable(),
  userIds: z.array(idSchema).min(1).max(DIGEST_LIMITS.batchSize),
});
export type DigestBatch = z.infer<typeof digestBatchSchema>;

/** The detail-type of one digest e-mail to one member (a queue message each, retried alone). */
export const DIGEST_EMAIL_TYPE = 'notifications.digest-email';

export const digestPostSchema = z.object({
  id: idSchema,
  title: z.string(),
  excerpt: z.string(),
  authorName: z.string(),
  likeCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
  createdAt: isoDateTime,
});
export type DigestPost = z.infer<typeof digestPostSchema>;

export const digestEmailSchema = z.object({
  recipientId: idSchema,
  /** The reader's address, read (and found not suppressed) with the rest of their batch. */
  to: z.email().max(320),
  cadence: digestCadenceSchema,
  /** The period it is the digest of ('2030-01-31' for a day, the Monday of a week). */
  period: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  club: z.object({ id: idSchema, name: z.string() }),
  posts: z.array(digestPostSchema).min(1).max(DIGEST_LIMITS.posts),
  /** New posts beyond those listed. */
  more: z.number().int().min(0),
});
export type DigestEmail = z.infer<typeof digestEmailSchema>;
