/**
 * Brings one document's postings to what it says as stored now, whatever happened before and in
 * whatever order its changes are heard: its manifest is read (data/search-manifests.ts), then the
 * document (absent: its postings go), in that order, so a reconcile that finishes unchallenged
 * read the document after every reconcile finished before it began. Only when the two differ is
 * anything written: first the
 * manifest, marked dirty, with every term set that may have postings (the old ones, the new one
 * and any this reconcile wrote before); then the postings (the new terms', and deletes of all the
 * others); then the manifest with exactly the new terms. Each manifest write is conditional on
 * the version read, so of two reconciles of one document the one that loses starts over, reads
 * again and rewrites every posting it may have touched: both end with the postings of the text
 * stored last. A change heard again finds the manifest equal to the document and writes nothing.
 */

import { searchKeys } from '@clubs/shared/table-keys';
import { getStoredEvent } from '../../data/repositories/calendar-events.ts';
import { getComment } from '../../data/repositories/comments.ts';
import { getCourseWithSections } from '../../data/repositories/courses.ts';
import { memberDocument, memberTextOf } from '../../data/repositories/member-search.ts';
import { getMembership } from '../../data/repositories/memberships.ts';
import { getPost } from '../../data/repositories/posts.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import {
  type DocumentRef,
  deleteManifest,
  getManifest,
  type IndexedTerms,
  manifestItem,
  putManifest,
} from '../../data/search-manifests.ts';
import { backoff } from '../../data/transaction-retry.ts';
import { documentTerms, postingItemsOf, type SearchDocument, writePostings } from '../../data/word-index.ts';
import { commentDocument, courseDocument, eventDocument, postDocument } from './documents.ts';

const consistent = { consistent: true } as const;

/**
 * A document as stored now (null: absent), read strongly consistently so a change just written
 * is seen. A comment is absent once its post is.
 */
export async function readDocument(clubId: string, ref: DocumentRef): Promise<SearchDocument | null> {
  switch (ref.kind) {
    case 'post': {
      const post = await getPost(clubId, ref.id, consistent);
      return post && postDocument(post);
    }
    case 'comment': {
      const postId = ref.parentId ?? '';
      const [post, comment] = await Promise.all([
        getPost(clubId, postId, consistent),
        getComment(postId, ref.id, consistent),
      ]);
      return post && comment ? commentDocument(comment) : null;
    }
    case 'event': {
      const stored = await getStoredEvent(clubId, ref.id, consistent);
      return stored && eventDocument(stored.event);
    }
    case 'course': {
      const found = await getCourseWithSections(clubId, ref.id, consistent);
      return found && courseDocument(found.course, found.sections);
    }
    case 'member': {
      const [membership, profile] = await Promise.all([
        getMembership(clubId, ref.id, consistent),
        getProfile(ref.id, consistent),
      ]);
      return membership && memberDocument(membership, memberTextOf(profile));
    }
    case 'club':
      // The directory's entries are written with their club (directory-index.ts).
      return null;
  }
}

/** Tries of one reconcile that loses to others of the same document. */
const RECONCILE_ATTEMPTS = 12;

const sameTerms = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((term, index) => term === b[index]);

/** The sets of `lists` together, one per time, each term once. */
function union(...lists: readonly IndexedTerms[][]): IndexedTerms[] {
  const byTime = new Map<string, Set<string>>();
  for (const { at, terms } of lists.flat()) {
    const set = byTime.get(at) ?? new Set<string>();
    for (const term of terms) set.add(term);
    byTime.set(at, set);
  }
  return [...byTime].map(([at, terms]) => ({ at, terms: [...terms] }));
}

export interface ReconcileReport {
  /** Postings put and deleted (0 and 0 when the index already held the document as it is). */
  puts: number;
  deletes: number;
  /** Tries (more than one when another reconcile of the document came in between). */
  attempts: number;
}

/** The version of the dirty manifest a reconcile writes first (the clean one follows it). */
const dirtyVersionAfter = (manifest: { version: number } | null) => (manifest?.version ?? 0) + 1;

/**
 * The postings and manifest a reconcile leaves for a document indexed for the first time (its
 * dirty manifest, then its postings, then the clean manifest), for loading a club's index in
 * batches when nothing else writes it (the demo seed).
 */
export function firstIndexItems(clubId: string, doc: SearchDocument): Record<string, unknown>[] {
  const terms = documentTerms(doc);
  const version = dirtyVersionAfter(null) + 1;
  return [
    ...postingItemsOf(clubId, doc, terms),
    manifestItem(clubId, doc, { version, dirty: false, indexed: [{ at: doc.at, terms }] }),
  ];
}

/** Reconciles one document of a club's search (ids of another club's documents find nothing). */
export async function reconcileDocument(clubId: string, ref: DocumentRef): Promise<ReconcileReport> {
  const report: ReconcileReport = { puts: 0, deletes: 0, attempts: 0 };
  /** The term sets this reconcile has written postings for. */
  const touched: IndexedTerms[] = [];
  for (;;) {
    report.attempts += 1;
    if (report.attempts > RECONCILE_ATTEMPTS) throw new Error('search document changed too often to index');
    if (report.attempts > 1) await backoff(report.attempts - 2);
    const manifest = await getManifest(clubId, ref);
    const doc = await readDocument(clubId, ref);
    const next: IndexedTerms | null = doc && { at: doc.at, terms: documentTerms(doc) };
    const indexed = manifest?.indexed ?? [];
    if (touched.length === 0 && !manifest?.dirty) {
      const [only, ...more] = indexed;
      const unchanged = next
        ? only && more.length === 0 && only.at === next.at && sameTerms(only.terms, next.terms)
        : indexed.length === 0;
      if (unchanged) return report;
    }
    const version = dirtyVersionAfter(manifest);
    const wide = union(indexed, touched, next ? [next] : []);
    if (!(await putManifest(clubId, ref, { version, dirty: true, indexed: wide }, manifest?.version ?? null)))
      continue;
    const posted = { ...ref, at: next?.at ?? '' };
    const puts = next ? postingItemsOf(clubId, posted, next.terms) : [];
    const kept = new Set(next ? next.terms : []);
    const deletes = wide.flatMap(({ at, terms }) =>
      terms
        .filter((term) => !(at === next?.at && kept.has(term)))
        .map((term) => searchKeys.posting(clubId, term, at, ref.kind, ref.id)),
    );
    if (next) touched.push(next);
    await writePostings({ puts, deletes });
    report.puts += puts.length;
    report.deletes += deletes.length;
    const settled = next
      ? await putManifest(clubId, ref, { version: version + 1, dirty: false, indexed: [next] }, version)
      : await deleteManifest(clubId, ref, version);
    if (settled) return report;
  }
}
