/**
 * The search index's consumer of change events: each change names the documents it touched (a
 * deleted post also its comments, found by their manifests), and each is reconciled to what is
 * stored now (reconcile.ts), so events may come late, twice or out of order.
 */
import type { AnyChangeEvent } from '@clubs/shared';
import { type DocumentRef, listCommentManifests } from '../../data/search-manifests.ts';
import { type ReconcileReport, reconcileDocument } from './reconcile.ts';

/** The documents of a club's search a change touched (none for changes the search does not show). */
export async function documentsOfChange(change: AnyChangeEvent): Promise<DocumentRef[]> {
  switch (change.type) {
    case 'post.created':
    case 'post.edited':
      return [{ kind: 'post', id: change.postId }];
    case 'post.deleted':
      return [
        { kind: 'post', id: change.postId },
        ...(await listCommentManifests(change.clubId, change.postId)),
      ];
    case 'comment.created':
    case 'comment.deleted':
      return [{ kind: 'comment', id: change.commentId, parentId: change.postId }];
    case 'event.created':
    case 'event.changed':
      return [{ kind: 'event', id: change.eventId }];
    case 'course.changed':
      return [{ kind: 'course', id: change.courseId }];
    case 'membership.card-changed':
    case 'membership.removed':
      return [{ kind: 'member', id: change.memberId }];
    default:
      return [];
  }
}

/** Documents reconciled side by side (a deleted post's comments). */
const IN_PARALLEL = 8;

/** Reconciles every document a change touched; the postings written and deleted, summed. */
export async function indexChange(change: AnyChangeEvent): Promise<ReconcileReport & { documents: number }> {
  const refs = await documentsOfChange(change);
  const total = { documents: refs.length, puts: 0, deletes: 0, attempts: 0 };
  let next = 0;
  const lane = async () => {
    while (next < refs.length) {
      const ref = refs[next++] as DocumentRef;
      const report = await reconcileDocument(change.clubId, ref);
      total.puts += report.puts;
      total.deletes += report.deletes;
      total.attempts += report.attempts;
    }
  };
  await Promise.all(Array.from({ length: IN_PARALLEL }, lane));
  return total;
}
