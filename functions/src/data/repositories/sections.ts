import { courseMediaPrefixOf, type Section, sectionSchema } from '@clubs/shared';
import { keys, sectionPrefixOf, withoutKeys } from '@clubs/shared/table-keys';
import { firstImageOf, sanitizeSectionHtml } from '../../content/section-html.ts';
import { tableName } from '../client.ts';
import { deleteCounted, sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { createUnder } from '../create-under.ts';
import { transactionConditionFailures } from '../errors.ts';
import { type KeyQuery, queryAll, queryPage } from '../query.ts';
import { updateExistingItemWith, withChanges } from '../update-item.ts';

const toSection = (item: Record<string, unknown>): Section => sectionSchema.parse(withoutKeys(item));

/**
 * A course's sections live in the club's partition after the course item, keyed by their
 * zero-padded sort order (table-keys.ts), so one query returns them in order. A sort order is a slot:
 * two writers cannot take the same one.
 */
function sectionItem(clubId: string, section: Section) {
  return { ...keys.section(clubId, section.courseId, section.sortOrder), type: 'section', ...section };
}

/**
 * Every write stores section HTML in its sanitized form (content/section-html.ts says what stays:
 * media only from the course's own prefix), and the featured image is its first image, else the
 * one it had.
 */
function sanitized<T extends { htmlContent?: string; featuredImage?: string | null }>(
  clubId: string,
  courseId: string,
  section: T,
): T {
  if (section.htmlContent === undefined) return section;
  const scope = { mediaKeyPrefix: `${courseMediaPrefixOf(clubId, courseId)}/` };
  const htmlContent = sanitizeSectionHtml(section.htmlContent, scope);
  return {
    ...section,
    htmlContent,
    featuredImage: firstImageOf(htmlContent, scope) ?? section.featuredImage,
  };
}

/** A transaction holds at most 100 items; one is the course's count, one the change's outbox item. */
export const MAX_SECTIONS_PER_WRITE = 98;

const sectionsOf = (clubId: string, courseId: string): KeyQuery => ({
  partition: keys.course(clubId, courseId).pk,
  sortKey: { beginsWith: sectionPrefixOf(courseId) },
});

/** A course's sections in sort order (a course has a bounded number of them). */
export function listSections(clubId: string, courseId: string): Promise<Section[]> {
  return queryAll(sectionsOf(clubId, courseId), toSection);
}

/** One section by id: a query of the course's (bounded) section list. */
export async function getSection(
  clubId: string,
  courseId: string,
  sectionId: string,
): Promise<Section | null> {
  return (await listSections(clubId, courseId)).find((section) => section.id === sectionId) ?? null;
}

/** The sort order after the last section: the largest plus one, 1 for a course without sections. */
export async function nextSortOrder(clubId: string, courseId: string): Promise<number> {
  const last = await queryPage(
    { ...sectionsOf(clubId, courseId), order: 'descending' },
    { limit: 1 },
    toSection,
  );
  return (last.items[0]?.sortOrder ?? 0) + 1;
}

export type AddSectionsResult =
  | { created: true; sections: Section[] }
  | { created: false; reason: 'slot_taken' | 'no_course' };

const COUNT = 'sectionCount';

/**
 * Writes sections of one course in one transaction (all or none), each only into a free sort
 * order slot, and only while the course exists; the course counts them in the same transaction,
 * and `also` (the outbox item announcing them) is written with them.
 */
export async function addSections(
  clubId: string,
  input: readonly Section[],
  also: readonly TransactItem[] = [],
): Promise<AddSectionsResult> {
  if (input.length === 0) return { created: true, sections: [] };
  if (input.length > MAX_SECTIONS_PER_WRITE) {
    throw new RangeError(`At most ${MAX_SECTIONS_PER_WRITE} sections can be written at once`);
  }
  const courseIds = new Set(input.map((section) => section.courseId));
  const [courseId] = courseIds;
  if (courseIds.size !== 1 || !courseId) throw new RangeError('Sections of one course only');
  const sections = input.map((section) => sanitized(clubId, courseId, section));
  const result = await createUnder(
    keys.course(clubId, courseId),
    sections.map((section) => sectionItem(clubId, section)),
    { countIn: COUNT, alongside: also },
  );
  if (result.created) return { created: true, sections };
  return { created: false, reason: result.reason === 'no_parent' ? 'no_course' : 'slot_taken' };
}

/**
 * Appends sections after the course's last one. Sort orders are claimed with conditional
 * writes; if a concurrent append took the slots, it reads the new end and tries again.
 */
export async function appendSections(
  clubId: string,
  courseId: string,
  sections: readonly Omit<Section, 'courseId' | 'sortOrder'>[],
  also: readonly TransactItem[] = [],
  attempts = 5,
): Promise<AddSectionsResult> {
  for (let attempt = 1; ; attempt += 1) {
    const first = await nextSortOrder(clubId, courseId);
    const result = await addSections(
      clubId,
      sections.map((section, i) => ({ ...section, courseId, sortOrder: first + i })),
      also,
    );
    if (result.created || result.reason !== 'slot_taken' || attempt >= attempts) return result;
  }
}

export type SectionChanges = Partial<Pick<Section, 'title' | 'htmlContent'>> & { updatedAt: string };

/**
 * Changes a section found by id, with `also` (the outbox item announcing it) in the same
 * transaction; null when the course has no such section, and nothing was written.
 */
export async function updateSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  changes: SectionChanges,
  also: readonly TransactItem[] = [],
): Promise<Section | null> {
  const current = await getSection(clubId, courseId, sectionId);
  if (!current) return null;
  const stored = sanitized(clubId, courseId, { ...changes, featuredImage: current.featuredImage });
  const written = await updateExistingItemWith(
    keys.section(clubId, courseId, current.sortOrder),
    stored,
    also,
    { condition: holdsSection(sectionId) },
  );
  // The section as read, with the change: a transaction answers no new item.
  return written ? toSection(withChanges(current, stored)) : null;
}

/** A condition that the slot still holds this section (not one written after a concurrent delete or move). */
const holdsSection = (id: string) => ({
  expression: '#id = :id',
  names: { '#id': 'id' },
  values: { ':id': id },
});

const idCondition = (id: string) => {
  const held = holdsSection(id);
  return {
    ConditionExpression: `attribute_exists(pk) AND ${held.expression}`,
    ExpressionAttributeNames: held.names,
    ExpressionAttributeValues: held.values,
  };
};

/**
 * Deletes a section found by id and counts it down on the course, together with `also` (the
 * outbox item announcing it); false when there is none.
 */
export async function deleteSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  const current = await getSection(clubId, courseId, sectionId);
  if (!current) return false;
  return deleteCounted(
    keys.section(clubId, courseId, current.sortOrder),
    { key: keys.course(clubId, courseId), attribute: COUNT },
    { unchanged: holdsSection(sectionId), also },
  );
}

export type MoveResult = 'moved' | 'at_edge' | 'not_found' | 'conflict';

/**
 * Swaps a section with its neighbour above or below: both slots are rewritten in one
 * transaction (with `also`, the outbox item announcing the move), each only while it still holds
 * the section read, so a concurrent move or delete makes this one a conflict rather than losing a
 * section.
 */
export async function moveSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  direction: 'up' | 'down',
  also: readonly TransactItem[] = [],
): Promise<MoveResult> {
  const sections = await listSections(clubId, courseId);
  const index = sections.findIndex((section) => section.id === sectionId);
  const current = sections[index];
  if (!current) return 'not_found';
  const other = sections[direction === 'up' ? index - 1 : index + 1];
  if (!other) return 'at_edge';
  const swapped = (section: Section, sortOrder: number) => ({
    Put: {
      TableName: tableName(),
      Item: sectionItem(clubId, { ...section, sortOrder }),
      // The slot taken over must still hold the section that leaves it.
      ...idCondition(section.id === current.id ? other.id : current.id),
    },
  });
  try {
    await sendRetryingConflicts({
      TransactItems: [swapped(current, other.sortOrder), swapped(other, current.sortOrder), ...also],
    });
    return 'moved';
  } catch (error) {
    if (transactionConditionFailures(error)) return 'conflict';
    throw error;
  }
}
