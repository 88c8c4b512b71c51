import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { type Section, sectionSchema } from '@clubs/shared';
import { sanitizeSectionHtml } from '../../content/section-html.ts';
import { db, tableName } from '../client.ts';
import { createUnder } from '../create-under.ts';
import { isConditionFailed } from '../errors.ts';
import { keys, prefixes, withoutKeys } from '../keys.ts';
import { type KeyQuery, queryAll, queryPage } from '../query.ts';
import { updateExistingItem } from '../update-item.ts';

const toSection = (item: Record<string, unknown>): Section => sectionSchema.parse(withoutKeys(item));

/**
 * A course's sections live in the course's partition, keyed by their zero-padded sort order, so
 * one query returns them in order. A sort order is a slot: two writers cannot take the same one.
 */
export function sectionItem(section: Section) {
  return { ...keys.section(section.courseId, section.sortOrder), type: 'section', ...section };
}

/** Every write stores section HTML in its sanitized form (content/section-html.ts says what stays). */
const sanitized = <T extends { htmlContent?: string }>(section: T): T =>
  section.htmlContent === undefined
    ? section
    : { ...section, htmlContent: sanitizeSectionHtml(section.htmlContent) };

const partitionOf = (courseId: string) => keys.section(courseId, 1).pk;

/** A transaction holds at most 100 items; one of them is the course check. */
export const MAX_SECTIONS_PER_WRITE = 99;

/** A course's sections in sort order; `limit` returns only the first ones (course cards). */
const sectionsOf = (courseId: string): KeyQuery => ({
  partition: partitionOf(courseId),
  sortKey: { beginsWith: prefixes.section },
});

export async function listSections(courseId: string, options: { limit?: number } = {}): Promise<Section[]> {
  const query = sectionsOf(courseId);
  if (options.limit === undefined) return queryAll(query, toSection);
  return (await queryPage(query, { limit: options.limit }, toSection)).items;
}

/** One section by id: a query of the course's (bounded) section list. */
export async function getSection(courseId: string, sectionId: string): Promise<Section | null> {
  return (await listSections(courseId)).find((section) => section.id === sectionId) ?? null;
}

/** The sort order after the last section (1 for a course without sections). */
export async function nextSortOrder(courseId: string): Promise<number> {
  const last = await queryPage({ ...sectionsOf(courseId), order: 'descending' }, { limit: 1 }, toSection);
  return (last.items[0]?.sortOrder ?? 0) + 1;
}

export type AddSectionsResult =
  | { created: true; sections: Section[] }
  | { created: false; reason: 'slot_taken' | 'no_course' };

/**
 * Writes sections of one course in one transaction (all or none), each only into a free sort
 * order slot, and only while the course exists (clubId locates the course item).
 */
export async function addSections(clubId: string, input: readonly Section[]): Promise<AddSectionsResult> {
  const sections = input.map(sanitized);
  if (sections.length === 0) return { created: true, sections: [] };
  if (sections.length > MAX_SECTIONS_PER_WRITE) {
    throw new RangeError(`At most ${MAX_SECTIONS_PER_WRITE} sections can be written at once`);
  }
  const courseIds = new Set(sections.map((section) => section.courseId));
  const [courseId] = courseIds;
  if (courseIds.size !== 1 || !courseId) throw new RangeError('Sections of one course only');
  const result = await createUnder(keys.course(clubId, courseId), sections.map(sectionItem));
  if (result.created) return { created: true, sections: [...sections] };
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
  attempts = 5,
): Promise<AddSectionsResult> {
  for (let attempt = 1; ; attempt += 1) {
    const first = await nextSortOrder(courseId);
    const result = await addSections(
      clubId,
      sections.map((section, i) => ({ ...section, courseId, sortOrder: first + i })),
    );
    if (result.created || result.reason !== 'slot_taken' || attempt >= attempts) return result;
  }
}

export type SectionChanges = Partial<Pick<Section, 'title' | 'htmlContent' | 'featuredImage'>> & {
  updatedAt: string;
};

/** Changes a section found by id; null when the course has no such section. */
export async function updateSection(
  courseId: string,
  sectionId: string,
  changes: SectionChanges,
): Promise<Section | null> {
  const current = await getSection(courseId, sectionId);
  if (!current) return null;
  // The slot must still hold this section (not one written after a concurrent delete).
  const item = await updateExistingItem(keys.section(courseId, current.sortOrder), sanitized(changes), {
    condition: { expression: '#id = :id', names: { '#id': 'id' }, values: { ':id': sectionId } },
  });
  return item ? toSection(item) : null;
}

/** Deletes a section found by id; false when there is none. */
export async function deleteSection(courseId: string, sectionId: string): Promise<boolean> {
  const current = await getSection(courseId, sectionId);
  if (!current) return false;
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.section(courseId, current.sortOrder),
        ConditionExpression: 'attribute_exists(pk) AND #id = :id',
        ExpressionAttributeNames: { '#id': 'id' },
        ExpressionAttributeValues: { ':id': sectionId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
