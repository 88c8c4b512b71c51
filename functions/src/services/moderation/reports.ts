/**
 * Reports: a member reports someone else's post or comment, once; enough different members'
 * reports hide the item by itself until a moderator decides (the Reports queue: queue.ts).
 */
import {
  type Club,
  type HiddenReason,
  MODERATION,
  REPORT_THANKS,
  type ReportInput,
  type ReportResult,
} from '@clubs/shared';
import type { Caller, Viewer } from '../../caller.ts';
import { auditItem } from '../../data/audit-trail.ts';
import { getComment } from '../../data/repositories/comments.ts';
import {
  addReport,
  claimAutoHide,
  excerptOf,
  itemIdOf,
  type ModeratedItem,
  postAsModerated,
  reopenDecidedCase,
} from '../../data/repositories/moderation-cases.ts';
import { getPost } from '../../data/repositories/posts.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { emitChange } from '../../events/change-events.ts';
import { seesItem } from '../feed/viewer.ts';

export const reportThresholdOf = (club: Pick<Club, 'reportThreshold'>) =>
  club.reportThreshold ?? MODERATION.reportThreshold.default;

/**
 * The post or comment of the path as the caller may see it (a hidden one only by its author),
 * or hidden only by reports: reports keep counting until a moderator decides.
 */
async function reportedItem(
  clubId: string,
  viewer: Viewer,
  postId: string,
  commentId: string | null,
): Promise<ModeratedItem> {
  const [post, comment] = await Promise.all([
    getPost(clubId, postId),
    commentId ? getComment(postId, commentId) : Promise.resolve(null),
  ]);
  if (!post || !reportable(post, viewer)) throw notFound('Post not found');
  if (!commentId) return postAsModerated(post);
  if (!comment || !reportable(comment, viewer)) throw notFound('Comment not found');
  return {
    kind: 'comment',
    clubId,
    postId,
    commentId,
    authorId: comment.authorId,
    authorName: comment.authorName,
    excerpt: excerptOf(comment.content),
  };
}

const reportable = (item: { hidden?: HiddenReason; authorId: string }, viewer: Viewer) =>
  item.hidden === 'reports' || seesItem(item, viewer);

/** Tells open pages to read the item again (the server now leaves it out for all but its author). */
export function announceVisibility(item: ModeratedItem, actorId: string) {
  return item.commentId
    ? emitChange({
        type: 'comment.deleted',
        clubId: item.clubId,
        actorId,
        postId: item.postId,
        commentId: item.commentId,
      })
    : emitChange({ type: 'post.edited', clubId: item.clubId, actorId, postId: item.postId });
}

/** Reopen-and-report rounds a report tries when decisions keep closing the case meanwhile. */
const REOPEN_ATTEMPTS = 3;

/**
 * A member reports someone else's post or comment, once. The report that brings the distinct
 * reports to the club's threshold hides the item (exactly one does: claimAutoHide).
 */
export async function reportItem(
  club: Club,
  auth: Caller,
  viewer: Viewer,
  target: { postId: string; commentId: string | null },
  input: ReportInput,
): Promise<ReportResult> {
  const item = await reportedItem(club.id, viewer, target.postId, target.commentId);
  if (item.authorId === viewer.userId) throw badRequest(`You cannot report your own ${item.kind}`);
  let outcome = await addReport(item, viewer.userId, input);
  // A report after a decision is news the queue must show, not a report filed away: the case is
  // reopened (once, whoever gets there first) and the report counted in it.
  for (let attempt = 0; outcome === 'decided' && attempt < REOPEN_ATTEMPTS; attempt++) {
    await reopenDecidedCase(item, new Date());
    outcome = await addReport(item, viewer.userId, input);
  }
  if (outcome === 'decided') throw conflict('This item is being moderated. Please try again.');
  if (outcome === 'already_reported') throw conflict(`You have already reported this ${item.kind}`);
  if (outcome === 'gone') throw notFound(item.kind === 'post' ? 'Post not found' : 'Comment not found');
  const threshold = reportThresholdOf(club);
  const facts = {
    action: 'report.autohide' as const,
    club,
    before: { kind: item.kind, itemId: itemIdOf(item), authorId: item.authorId, hidden: null },
    after: { kind: item.kind, itemId: itemIdOf(item), authorId: item.authorId, hidden: 'reports', threshold },
  };
  const entry = auditItem({ clubId: club.id }, { userId: auth.userId, email: auth.email }, facts, new Date());
  if (await claimAutoHide(item, threshold, [entry])) await announceVisibility(item, viewer.userId);
  return { reported: true, message: REPORT_THANKS };
}
