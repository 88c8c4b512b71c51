/**
 * Rebuilds a club's search index from what is stored (`npm run rebuild-search`, and the demo
 * seed): queries of the club's own partitions and indexes, never a Scan, and every document
 * reconciled as a change event would (reconcile.ts: it reads the document again, after its
 * manifest), so its manifest is written too and a rebuild may run any number of times, while the
 * site runs (a document already indexed as it is costs two reads). Documents that have a manifest
 * but are gone lose their postings.
 */

import { TABLE } from '@clubs/shared';
import { indexKeys, keys, prefixes } from '@clubs/shared/table-keys';
import { batchPutAll } from '../../data/batch-write.ts';
import { indexDirectoryEntry } from '../../data/directory-index.ts';
import { queryAll } from '../../data/query.ts';
import { toStoredEvent } from '../../data/repositories/calendar-events.ts';
import { getClub } from '../../data/repositories/clubs.ts';
import { toComment } from '../../data/repositories/comments.ts';
import { getCourseWithSections } from '../../data/repositories/courses.ts';
import { memberDocument, memberTextOf } from '../../data/repositories/member-search.ts';
import { toMembership } from '../../data/repositories/memberships.ts';
import { toPost } from '../../data/repositories/posts.ts';
import { getProfiles } from '../../data/repositories/profiles.ts';
import { type DocumentRef, listManifests } from '../../data/search-manifests.ts';
import type { SearchDocument } from '../../data/word-index.ts';
import { commentDocument, courseDocument, eventDocument, postDocument } from './documents.ts';
import { firstIndexItems, reconcileDocument } from './reconcile.ts';

/** Documents reconciled side by side. */
const IN_PARALLEL = 8;

const refKey = (ref: DocumentRef) => `${ref.kind}#${ref.parentId ?? ''}#${ref.id}`;

/**
 * How a rebuild writes: each document reconciled as a change would be, or, when the club is
 * `quiet`, the documents without a manifest loaded in batches as a first reconcile leaves them.
 */
interface Writer {
  clubId: string;
  /** Documents read by the rebuild. */
  seen: Set<string>;
  /** Only when quiet: documents that have a manifest (reconciled), and the items to load. */
  quiet: { indexed: Set<string>; items: Record<string, unknown>[] } | null;
}

/** Reconciles documents read by the rebuild (remembering which), a few at a time. */
async function write({ clubId, seen, quiet }: Writer, docs: SearchDocument[]): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < docs.length) {
      const doc = docs[next++] as SearchDocument;
      seen.add(refKey(doc));
      if (quiet && !quiet.indexed.has(refKey(doc))) quiet.items.push(...firstIndexItems(clubId, doc));
      else await reconcileDocument(clubId, doc);
    }
  };
  await Promise.all(Array.from({ length: IN_PARALLEL }, lane));
  return docs.length;
}

export interface RebuildReport {
  posts: number;
  comments: number;
  members: number;
  courses: number;
  events: number;
  /** Documents gone from the club whose postings were removed. */
  removed: number;
}

/**
 * Indexes a club again: its directory entry and every post, comment, member, course and event.
 * `quiet`: nothing else writes the club's documents or index meanwhile (the demo seed), so the
 * documents not yet indexed are loaded in batches instead of reconciled one by one.
 */
export async function rebuildClubIndex(
  clubId: string,
  options: { quiet?: boolean } = {},
): Promise<RebuildReport> {
  // The club's own entry in the directory's word index (none unless it is active).
  await indexDirectoryEntry(null, await getClub(clubId));
  const club = keys.club(clubId).pk;
  const rows = await queryAll({ partition: club, sortKey: { beginsWith: prefixes.post } }, (item) => item);
  const posts = rows.filter((item) => item.type === 'post').map(toPost);
  const report: RebuildReport = { posts: 0, comments: 0, members: 0, courses: 0, events: 0, removed: 0 };
  const writer: Writer = {
    clubId,
    seen: new Set<string>(),
    quiet: options.quiet ? { indexed: new Set((await listManifests(clubId)).map(refKey)), items: [] } : null,
  };
  const seen = writer.seen;
  report.posts = await write(writer, posts.map(postDocument));
  for (const post of posts) {
    const comments = await queryAll(
      { partition: keys.comment(post.id, '').pk, sortKey: { beginsWith: prefixes.comment } },
      toComment,
    );
    report.comments += await write(writer, comments.map(commentDocument));
  }
  const memberships = await queryAll(
    { partition: club, sortKey: { beginsWith: prefixes.member } },
    toMembership,
  );
  const profiles = await getProfiles(memberships.map((m) => m.userId));
  report.members = await write(
    writer,
    memberships.map((m) => memberDocument(m, memberTextOf(profiles.get(m.userId) ?? null))),
  );
  const events = await queryAll({ partition: club, sortKey: { beginsWith: prefixes.event } }, toStoredEvent);
  report.events = await write(
    writer,
    events.map(({ event }) => eventDocument(event)),
  );
  const courseIds = await queryAll(
    { index: TABLE.indexes.byStatus, partition: indexKeys.clubCoursePartition(clubId) },
    (item) => String(item.id),
  );
  for (const courseId of courseIds) {
    const found = await getCourseWithSections(clubId, courseId);
    if (found) report.courses += await write(writer, [courseDocument(found.course, found.sections)]);
  }
  if (writer.quiet) await batchPutAll(writer.quiet.items);
  // What the index still holds of documents no longer stored is removed.
  for (const ref of await listManifests(clubId)) {
    if (seen.has(refKey(ref))) continue;
    await reconcileDocument(clubId, ref);
    report.removed += 1;
  }
  return report;
}
