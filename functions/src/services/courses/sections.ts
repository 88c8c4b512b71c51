/**
 * Editing a course's sections (owners and moderators): add after the last one, save title and
 * HTML (signed media URLs from the editor turned back into stable paths, each named file checked
 * as stored, then sanitized by the repository), delete, and move one up or down. Each change is
 * announced as a change of the course, in its own transaction.
 */
import type { Section, SectionInput } from '@clubs/shared';
import { ulid } from 'ulid';
import * as sections from '../../data/repositories/sections.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { checkSectionMedia, signSectionMedia, unsignCourseMedia } from './course-media.ts';
import { courseChanged } from './courses.ts';

const sectionNotFound = () => notFound('Section not found');

/** The HTML with stable media paths, every course file it names checked as stored. */
async function storableHtml(clubId: string, courseId: string, html: string): Promise<string> {
  const htmlContent = await unsignCourseMedia(clubId, courseId, html);
  await checkSectionMedia(clubId, courseId, htmlContent);
  return htmlContent;
}

export async function addSection(
  clubId: string,
  courseId: string,
  input: SectionInput,
  actorId: string,
): Promise<Section> {
  const htmlContent = await storableHtml(clubId, courseId, input.htmlContent);
  const result = await sections.appendSections(
    clubId,
    courseId,
    [
      {
        id: ulid(),
        title: input.title,
        htmlContent,
        featuredImage: null,
        updatedAt: new Date().toISOString(),
      },
    ],
    courseChanged(clubId, courseId, actorId),
  );
  if (!result.created) {
    throw result.reason === 'no_course' ? notFound('Course not found') : conflict('Please try again');
  }
  return signSectionMedia(clubId, result.sections[0] as Section);
}

export async function saveSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  input: SectionInput,
  actorId: string,
): Promise<Section> {
  const htmlContent = await storableHtml(clubId, courseId, input.htmlContent);
  const saved = await sections.updateSection(
    clubId,
    courseId,
    sectionId,
    { title: input.title, htmlContent, updatedAt: new Date().toISOString() },
    courseChanged(clubId, courseId, actorId),
  );
  if (!saved) throw sectionNotFound();
  return signSectionMedia(clubId, saved);
}

export async function deleteSection(clubId: string, courseId: string, sectionId: string, actorId: string) {
  const announced = courseChanged(clubId, courseId, actorId);
  if (!(await sections.deleteSection(clubId, courseId, sectionId, announced))) throw sectionNotFound();
  return { id: sectionId, deleted: true as const };
}

export async function moveSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  direction: 'up' | 'down',
  actorId: string,
): Promise<{ moved: true }> {
  const announced = courseChanged(clubId, courseId, actorId);
  const result = await sections.moveSection(clubId, courseId, sectionId, direction, announced);
  if (result === 'not_found') throw sectionNotFound();
  if (result === 'at_edge')
    throw badRequest(`The section is already the ${direction === 'up' ? 'first' : 'last'}`);
  if (result === 'conflict') throw conflict('The sections changed meanwhile. Please try again.');
  return { moved: true };
}
