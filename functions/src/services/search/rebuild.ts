/**
 * Rebuilds a club's search index from what is stored (`npm run rebuild-search`, and the demo
 * seed): queries of the club's own partitions and indexes, never a Scan, and every document
 * written through the same writer as the request path. Postings are put again, so a rebuild may
 * run any number of times; postings of documents that no longer exist are not found by it (a
 * search skips them, as it skips anything it cannot read).
 */

import { TABLE } from '@clubs/shared';
import { indexDirectoryEntry } from '../../data/directory-index.ts';
import { indexKeys, keys, prefixes } from '../../data/keys.ts';
import { queryAll } from '../../data/query.ts';
import { getClub } from '../../data/repositories/clubs.ts';
import { toComment } from '../../data/repositories/comments.ts';
import { getCourseWithSections } from '../../data/repositories/courses.ts';
import { toStoredEvent } from '../../data/repositories/events.ts';
import { memberDocument, memberTextOf } from '../../data/repositories/member-search.ts';
import { toMembership } from '../../data/repositories/memberships.ts';
import { toPost } from '../../data/repositories/posts.ts';
import { getProfiles } from '../../data/repositories/profiles.ts';
import type { SearchDocument } from '../../data/word-index.ts';
import { commentDocument, courseDocument, eventDocument, postDocument } from './documents.ts';
import { indexDocuments } from './indexing.ts';

/** Documents indexed per write batch (their postings are written together). */
const DOCUMENTS_PER_BATCH = 50;

async function write(clubId: string, docs: SearchDocument[]): Promise<number> {
  for (let i = 0; i < docs.length; i += DOCUMENTS_PER_BATCH) {
    await indexDocuments(clubId, docs.slice(i, i + DOCUMENTS_PER_BATCH));
  }
  return docs.length;
}

export interface RebuildReport {
  posts: number;
  comments: number;
  members: number;
  courses: number;
  events: number;
}

/** Indexes a club again: its directory entry and every post, comment, member, course and event. */
export async function rebuildClubIndex(clubId: string): Promise<RebuildReport> {
  // The club's own entry in the directory's word index (none unless it is active).
  await indexDirectoryEntry(null, await getClub(clubId));
  const club = keys.club(clubId).pk;
  const rows = await queryAll({ partition: club, sortKey: { beginsWith: prefixes.post } }, (item) => item);
  const posts = rows.filter((item) => item.type === 'post').map(toPost);
  const report: RebuildReport = { posts: 0, comments: 0, members: 0, courses: 0, events: 0 };
  report.posts = await write(clubId, posts.map(postDocument));
  for (const post of posts) {
    const comments = await queryAll(
      { partition: keys.comment(post.id, '').pk, sortKey: { beginsWith: prefixes.comment } },
      toComment,
    );
    report.comments += await write(clubId, comments.map(commentDocument));
  }
  const memberships = await queryAll(
    { partition: club, sortKey: { beginsWith: prefixes.member } },
    toMembership,
  );
  const profiles = await getProfiles(memberships.map((m) => m.userId));
  report.members = await write(
    clubId,
    memberships.map((m) => memberDocument(m, memberTextOf(profiles.get(m.userId) ?? null))),
  );
  const events = await queryAll({ partition: club, sortKey: { beginsWith: prefixes.event } }, toStoredEvent);
  report.events = await write(
    clubId,
    events.map(({ event }) => eventDocument(event)),
  );
  const courseIds = await queryAll(
    { index: TABLE.indexes.byStatus, partition: indexKeys.clubCoursePartition(clubId) },
    (item) => String(item.id),
  );
  for (const courseId of courseIds) {
    const found = await getCourseWithSections(clubId, courseId);
    if (found) report.courses += await write(clubId, [courseDocument(found.course, found.sections)]);
  }
  return report;
}
