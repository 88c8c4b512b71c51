/** Index writes that cover many documents at once (a deleted post's comments, a course's sections). */
import type { StoredComment } from '../../data/repositories/comments.ts';
import { getCourseWithSections } from '../../data/repositories/courses.ts';
import { indexDocument, postingChanges, type SearchDocument, writePostings } from '../../data/word-index.ts';
import { commentDocument, courseDocument } from './documents.ts';

/** Puts (or, with `remove`, deletes) the postings of many documents together. */
export function indexDocuments(
  clubId: string,
  docs: readonly SearchDocument[],
  remove = false,
): Promise<void> {
  const changes = docs.map((doc) =>
    remove ? postingChanges(clubId, doc, null) : postingChanges(clubId, null, doc),
  );
  return writePostings({
    puts: changes.flatMap((change) => change.puts),
    deletes: changes.flatMap((change) => change.deletes),
  });
}

/** Removes the postings of comments (their post is being deleted). */
export const unindexComments = (clubId: string, comments: readonly StoredComment[]) =>
  indexDocuments(clubId, comments.map(commentDocument), true);

/** A course as the index sees it now (null when there is none). */
async function readCourseDocument(clubId: string, courseId: string): Promise<SearchDocument | null> {
  const found = await getCourseWithSections(clubId, courseId);
  return found ? courseDocument(found.course, found.sections) : null;
}

/**
 * Runs a change of a course or its sections and brings the course's postings along: the course
 * is read before and after (one query each), and only the postings that differ are written.
 */
export async function reindexCourse<T>(
  clubId: string,
  courseId: string,
  change: () => Promise<T>,
): Promise<T> {
  const before = await readCourseDocument(clubId, courseId);
  const result = await change();
  await indexDocument(clubId, before, await readCourseDocument(clubId, courseId));
  return result;
}
