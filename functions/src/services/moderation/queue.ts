/**
 * The moderators' queue: open items (reported, or held for approval), the decisions on them
 * (keep, hide, delete, ban the author), each written to the club's audit trail with who and
 * when, and the club's moderation options.
 */
import {
  type Club,
  type HiddenReason,
  MODERATION,
  type ModerationAction,
  type ModerationDecision,
  type ModerationSettings,
  type PendingCount,
  type ReportCasePage,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { changeOutbox } from '../../bus/change-events.ts';
import type { Caller, Viewer } from '../../caller.ts';
import { auditItem, listAudit, writeAudit } from '../../data/audit-trail.ts';
import { getComment } from '../../data/repositories/comments.ts';
import { getMembership } from '../../data/repositories/memberships.ts';
import {
  countOpenCases,
  decideCase,
  getCase,
  type ItemAfter,
  itemIdOf,
  listOpenCases,
  type StoredCase,
  toReportCase,
} from '../../data/repositories/moderation-cases.ts';
import { getPost } from '../../data/repositories/posts.ts';
import { updateExistingItem } from '../../data/update-item.ts';
import { conflict, notFound } from '../../errors.ts';
import { deletePost } from '../feed/posts.ts';
import { deleteComment } from '../feed/reactions.ts';
import { checkRemovable, removeMember } from '../members.ts';
import { reportThresholdOf, visibilityChanged } from './reports.ts';

export async function listReports(
  clubId: string,
  page: { limit: number; cursor?: string },
): Promise<ReportCasePage> {
  const read = await listOpenCases(clubId, page);
  return { items: read.items.map(toReportCase), nextCursor: read.nextCursor };
}

export const countReports = (clubId: string): Promise<PendingCount> =>
  countOpenCases(clubId, MODERATION.countLimit);

const AUDIT_ACTIONS = {
  keep: 'report.keep',
  hide: 'report.hide',
  delete: 'report.delete',
  ban: 'member.ban',
} as const;

/** What the item is left as after each decision. */
function itemAfter(action: ModerationAction): ItemAfter {
  if (action === 'keep') return { hidden: null };
  if (action === 'delete') return 'untouched';
  return { hidden: 'moderator' };
}

/**
 * Decides an open item. Ban checks who may be banned before anything changes, bans (the removal
 * that keeps them out, their subscription cancelled), then closes the case hiding the item.
 * Delete closes the case, then deletes the item as its author would (likes' points taken back).
 * The case's close, the item's visibility, the audit entry and the change's outbox item are one
 * transaction, so a decision is taken once and announced once: a second moderator deciding the
 * same item meanwhile gets 409 and changes nothing.
 */
export async function decideReport(
  club: Club,
  auth: Caller,
  viewer: Viewer,
  itemId: string,
  action: ModerationAction,
  now = new Date(),
): Promise<ModerationDecision> {
  const stored = await getCase(club.id, itemId);
  if (!stored) throw notFound('Nothing to decide on');
  if (stored.decision) throw conflict('A moderator has already decided on this item');
  if (action === 'ban') {
    const target = await getMembership(club.id, stored.authorId);
    checkRemovable(club, viewer, stored.authorId, target, true);
    await removeMember(club, viewer, stored.authorId, true);
  }
  const after = itemAfter(action);
  const facts = {
    action: AUDIT_ACTIONS[action],
    club,
    before: caseFacts(stored, stored.hidden),
    after: { ...caseFacts(stored, after === 'untouched' ? stored.hidden : after.hidden), decision: action },
  };
  const entry = auditItem({ clubId: club.id }, { userId: auth.userId, email: auth.email }, facts, now);
  const approvesHeld = action === 'keep' && stored.hidden === 'held';
  const announced =
    action === 'delete'
      ? []
      : approvesHeld
        ? await heldPostPublished(stored, now)
        : visibilityChanged(stored, auth.userId, now);
  if (!(await decideCase(stored, action, after, [entry], now, announced))) {
    throw conflict('A moderator has already decided on this item, or it is gone');
  }
  if (action === 'delete') await deleteItem(stored, auth.userId);
  else if (approvesHeld) await approveAuthor(stored);
  return { id: itemId, action, decidedAt: now.toISOString() };
}

function caseFacts(stored: StoredCase, hidden: HiddenReason | null) {
  return {
    kind: stored.kind,
    itemId: itemIdOf(stored),
    postId: stored.postId,
    authorId: stored.authorId,
    excerpt: stored.excerpt,
    reportCount: stored.reportCount,
    hidden,
  };
}

async function deleteItem(stored: StoredCase, actorId: string) {
  if (stored.commentId) {
    const comment = await getComment(stored.postId, stored.commentId);
    if (comment) await deleteComment(stored.clubId, comment, actorId).catch(ignoreGone);
    return;
  }
  const post = await getPost(stored.clubId, stored.postId);
  if (post) await deletePost(post, actorId).catch(ignoreGone);
}

/** Deleted meanwhile by its author: the decision stands. */
const ignoreGone = (error: unknown) => {
  if (error instanceof Error && 'code' in error && error.code === 'not_found') return;
  throw error;
};

/**
 * A held first post approved: members hear of it now as of any new post, by the outbox item
 * written with the decision (none when the post is gone: the decision then finds no item).
 */
async function heldPostPublished(stored: StoredCase, now: Date) {
  const post = await getPost(stored.clubId, stored.postId, { consistent: true });
  if (!post) return [];
  return changeOutbox(
    {
      type: 'post.created',
      clubId: stored.clubId,
      actorId: stored.authorId,
      postId: post.id,
      title: post.title,
      content: post.content,
      announcement: false,
    },
    now,
  );
}

/** A held first post approved: its author's later posts are no longer held. */
async function approveAuthor(stored: StoredCase) {
  await updateExistingItem(
    keys.membership(stored.clubId, stored.authorId),
    { postsApproved: true },
    () => true,
  );
}

export const clubAudit = (clubId: string, page: { limit: number; cursor?: string }) =>
  listAudit({ clubId }, page);

export const moderationSettingsOf = (club: Club): ModerationSettings => ({
  reportThreshold: reportThresholdOf(club),
  holdFirstPosts: club.holdFirstPosts ?? false,
});

/** The owner saves the options, written to the audit trail with what they were. */
export async function saveModerationSettings(
  club: Club,
  auth: Caller,
  input: ModerationSettings,
): Promise<ModerationSettings> {
  const saved = await updateExistingItem(keys.club(club.id), input, () => true);
  if (!saved) throw notFound('Club not found');
  await writeAudit(
    { clubId: club.id },
    { userId: auth.userId, email: auth.email },
    { action: 'moderation.settings', club, before: moderationSettingsOf(club), after: input },
  );
  return input;
}
