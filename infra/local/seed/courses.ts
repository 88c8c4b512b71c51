/**
 * The demo's courses, written as the product writes them: the course (its outline in the
 * wizard's 'Module N' format), its sections through the sections repository (sanitized; pictures
 * and one video stored under the course's members-only media prefix, named by their /media/ path
 * as the editor's saves store them), and the demo member part-way through the first course.
 */
import { markSectionCompleted } from '@clubs/functions/data/repositories/course-progress';
import { createCourse } from '@clubs/functions/data/repositories/courses';
import { addSections } from '@clubs/functions/data/repositories/sections';
import { courseMediaPrefixOf } from '@clubs/shared';
import type { DemoCourse } from './data.ts';
import { seededUlid } from './ids.ts';
import type { Palette } from './images.ts';
import { scenePng } from './png.ts';

export interface CourseSeedTools {
  /** Starts storing a file in the media bucket; returns its key. */
  store(key: string, body: Buffer, contentType: string, cacheControl?: string): string;
  iso(time: number): string;
  /** The recorded demo clip (WebM). */
  clip(): Buffer;
  palette: Palette;
  /** Whoever is part-way through the first course (the demo member), if the club has them. */
  learnerId: string | null;
}

const HOUR = 3_600_000;
const CACHE = 'max-age=3600';

const outlineOf = (course: DemoCourse) =>
  `Module 1: ${course.title}\n${course.sections.map((section) => `- ${section.title}: ${course.mainTopic}`).join('\n')}`;

export async function seedCourses(
  clubId: string,
  ownerId: string,
  courses: readonly DemoCourse[],
  createdMsOf: (course: DemoCourse) => number,
  tools: CourseSeedTools,
  slug: string,
): Promise<void> {
  for (const [i, course] of courses.entries()) {
    const createdMs = createdMsOf(course);
    const id = seededUlid(`course:${slug}:${i}`, createdMs);
    await createCourse({
      id,
      clubId,
      creatorId: ownerId,
      title: course.title,
      description: course.description,
      level: course.level,
      mainTopic: course.mainTopic,
      targetAudience: course.targetAudience,
      learningGoals: course.learningGoals,
      outline: outlineOf(course),
      unlockLevel: null,
      sectionCount: 0,
      createdAt: tools.iso(createdMs),
    });
    const folder = courseMediaPrefixOf(clubId, id);
    const picture = (n: number) =>
      `<img src="/media/${tools.store(`${folder}/section-${n + 1}.png`, scenePng(tools.palette, n), 'image/png', CACHE)}" alt="" />`;
    const sections = course.sections.map((section, n) => ({
      id: seededUlid(`section:${id}:${n}`, createdMs + n * 1000),
      courseId: id,
      title: section.title,
      // The first course shows what sections hold: pictures in the first two, a video after them.
      htmlContent: i === 0 && n < 2 ? `${picture(n)}${section.html}` : section.html,
      sortOrder: n + 1,
      featuredImage: null,
      updatedAt: tools.iso(createdMs + n * HOUR),
    }));
    if (i === 0) {
      const video = tools.store(`${folder}/practice.webm`, tools.clip(), 'video/webm', CACHE);
      sections.push({
        id: seededUlid(`section:${id}:video`, createdMs + sections.length * 1000),
        courseId: id,
        title: 'Watch: a short practice',
        htmlContent: `<video src="/media/${video}" controls="controls"></video>`,
        sortOrder: sections.length + 1,
        featuredImage: null,
        updatedAt: tools.iso(createdMs + sections.length * HOUR),
      });
    }
    await addSections(clubId, sections);
    if (i === 0 && tools.learnerId) {
      for (const section of sections.slice(0, 2)) {
        await markSectionCompleted(
          clubId,
          tools.learnerId,
          id,
          section.id,
          true,
          tools.iso(createdMs + 2 * HOUR),
        );
      }
    }
  }
}
