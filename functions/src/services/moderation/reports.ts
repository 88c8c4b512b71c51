/**
 * Reports: a member reports someone else's post or comment, once; enough different members'
 * reports hide the item by itself until a moderator decides (the Reports queue: queue.ts).
 */
import {
  type Club,
  type HiddenReason,
  type Membership,
  MODERATION,
  REPORT_THANKS,
  type ReportInput,
  type ReportResult,
} from '@clubs/shared';
import { changeOutbox } from '../../bus/change-events.ts';
import type { Caller, Viewer } from '../../caller.ts';
import { auditItem } from '../../data/audit-trail.ts';
import type { TransactItem } from '../../data/counted-write.ts';
import { type RateWindow, secondsLeftIn, windowOf } from '../../data/rate-windows.ts';
import { getComment } from '../../data/repositories/comments.ts';
import { getMembership } from '../../data/repositories/memberships.ts';
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
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
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

/**
 * The outbox item, for the transaction that hides or shows the item, telling open pages to read
 * it again (the server now leaves it out for all but its author, or shows it again).
 */
export function visibilityChanged(item: ModeratedItem, actorId: string, now: Date): TransactItem[] {
  return item.commentId
    ? changeOutbox(
        {
          type: 'comment.deleted',
          clubId: item.clubId,
          actorId,
          postId: item.postId,
          commentId: item.commentId,
        },
        now,
      )
    : changeOutbox({ type: 'post.edited', clubId: item.clubId, actorId, postId: item.postId }, now);
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
  reporter: Pick<Membership, 'createdAt' | 'activatedAt'> | null,
  target: { postId: string; commentId: string | null },
  input: ReportInput,
): Promise<ReportResult> {
  const item = await reportedItem(club.id, viewer, target.postId, target.commentId);
  if (item.authorId === viewer.userId) throw badRequest(`You cannot report your own ${item.kind}`);
  const now = new Date();
  const counting = { towardHiding: hasTenure(reporter, now), rate: reportRate(viewer.userId) };
  const [staffAuthor, first] = await Promise.all([
    authoredByStaff(club, item.authorId),
    addReport(item, viewer.userId, input, counting, now),
  ]);
  let outcome = first;
  // A report after a decision is news the queue must show, not a report filed away: the case is
  // reopened (once, whoever gets there first) and the report counted in it.
  for (let attempt = 0; outcome === 'decided' && attempt < REOPEN_ATTEMPTS; attempt++) {
    await reopenDecidedCase(item, new Date());
    outcome = await addReport(item, viewer.userId, input, counting, now);
  }
  if (outcome === 'rate_limited') throw reportsLimited(now);
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
  // An owner's or moderator's item is never hidden by reports: the queue shows it to the others.
  if (staffAuthor) return { reported: true, message: REPORT_THANKS };
  await claimAutoHide(item, threshold, [entry], visibilityChanged(item, viewer.userId, now));
  return { reported: true, message: REPORT_THANKS };
}

/** Whether the reporter has been an active member long enough to count toward hiding an item. */
export function hasTenure(reporter: Pick<Membership, 'createdAt' | 'activatedAt'> | null, now: Date) {
  if (!reporter) return false;
  const since = Date.parse(reporter.activatedAt ?? reporter.createdAt);
  return now.getTime() - since >= MODERATION.reporterTenureDays * DAY_MS;
}

const DAY_MS = 86_400_000;

const reportRate = (userId: string): RateWindow => ({
  scope: 'report',
  subject: userId,
  limit: MODERATION.reportsPerPersonPerDay,
  windowSeconds: DAY_MS / 1000,
});

/** 429: the person's reports of the day are used up; when the next is allowed. */
function reportsLimited(now: Date): AppError {
  const window = windowOf(now, DAY_MS / 1000);
  return new AppError(
    'too_many_requests',
    `You have sent ${MODERATION.reportsPerPersonPerDay} reports today. Please try again tomorrow.`,
    undefined,
    secondsLeftIn(window, now),
  );
}

/** Whether the item's author is the club's owner or one of its moderators (read while the report is written). */
async function authoredByStaff(club: Club, authorId: string): Promise<boolean> {
  if (club.ownerId === authorId) return true;
  const membership = await getMembership(club.id, authorId);
  return membership?.status === 'active' && membership.role !== 'club_member';
}
