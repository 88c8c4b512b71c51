/**
 * Moderation: members report posts and comments, owners and moderators decide on them in the
 * Reports queue (keep, hide, delete, ban the author), items hide themselves after enough reports,
 * and a club may hold new members' first posts for approval.
 */
import * as z from 'zod';
import { LIMITS, MODERATION } from '../constants.ts';
import { idSchema, isoDateTime, pageOf } from './common.ts';

export const REPORT_REASONS = ['spam', 'harassment', 'off_topic', 'other'] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** How each reason reads in the menu and the queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  off_topic: 'Off-topic',
  other: 'Other',
};

export const REPORT_TEXT_MESSAGE = 'Say what is wrong';

/** A report: a reason, and for 'other' a few words (required there, refused elsewhere). */
export const reportInputSchema = z
  .strictObject({
    reason: reportReasonSchema,
    text: z.string().trim().max(LIMITS.reportText).default(''),
  })
  .superRefine((report, ctx) => {
    if (report.reason === 'other' && !report.text) {
      ctx.addIssue({ code: 'custom', message: REPORT_TEXT_MESSAGE, path: ['text'] });
    }
    if (report.reason !== 'other' && report.text) {
      ctx.addIssue({ code: 'custom', message: "Only 'Other' takes a text", path: ['text'] });
    }
  });
export type ReportInput = z.infer<typeof reportInputSchema>;

export const REPORT_THANKS = 'Thank you. The moderators will look at it.';

/** The refusal its author gets for a like or comment on their hidden post (no one else sees it). */
export const HIDDEN_POST_REFUSAL =
  'This post is hidden and takes no likes or comments until a moderator restores it.';

/** What the reporter is told; nothing about other reports or the author. */
export const reportResultSchema = z.object({ reported: z.literal(true), message: z.string() });
export type ReportResult = z.infer<typeof reportResultSchema>;

/** What hides an item: enough reports, a moderator, or a new member's first post held for approval. */
export const HIDDEN_REASONS = ['reports', 'moderator', 'held'] as const;
export const hiddenReasonSchema = z.enum(HIDDEN_REASONS);
export type HiddenReason = z.infer<typeof hiddenReasonSchema>;

/** How a hidden item is marked for its author (nobody else is shown it) and in the queue. */
export const HIDDEN_LABELS: Record<HiddenReason, string> = {
  reports: 'Hidden',
  moderator: 'Hidden',
  held: 'Awaiting approval',
};

export const REPORTED_KINDS = ['post', 'comment'] as const;
export type ReportedKind = (typeof REPORTED_KINDS)[number];

/** One item in the moderators' queue: what it is, who wrote it, how often and why it was reported. */
export const reportCaseSchema = z.object({
  /** The post's or comment's id (what a decision names). */
  id: idSchema,
  kind: z.enum(REPORTED_KINDS),
  postId: idSchema,
  commentId: idSchema.nullable(),
  author: z.object({ id: idSchema, name: z.string() }),
  /** The item's title or opening words. */
  excerpt: z.string(),
  reportCount: z.number().int().min(0),
  reasons: z.record(reportReasonSchema, z.number().int().min(0)),
  /** The latest 'other' text. */
  note: z.string().nullable(),
  /** Why it is hidden now, or null while others still see it. */
  hidden: hiddenReasonSchema.nullable(),
  firstReportedAt: isoDateTime,
});
export type ReportCase = z.infer<typeof reportCaseSchema>;

export const reportCasePageSchema = pageOf(reportCaseSchema);
export type ReportCasePage = z.infer<typeof reportCasePageSchema>;

/**
 * A moderator's decision: keep (dismiss the reports; a held post is published), hide (its author
 * still sees it, marked), delete it, or ban its author (removed and kept out; the item is hidden).
 */
export const MODERATION_ACTIONS = ['keep', 'hide', 'delete', 'ban'] as const;
export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const moderationDecisionInputSchema = z.strictObject({ action: moderationActionSchema });
export const moderationDecisionSchema = z.object({
  id: idSchema,
  action: moderationActionSchema,
  decidedAt: isoDateTime,
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** The club's moderation options (the owner's). */
export const moderationSettingsSchema = z.strictObject({
  reportThreshold: z.number().int().min(MODERATION.reportThreshold.min).max(MODERATION.reportThreshold.max),
  holdFirstPosts: z.boolean(),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;
