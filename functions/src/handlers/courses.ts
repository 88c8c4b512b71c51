/**
 * Courses: the list, the wizard (create, outline draft, outline save), the manage page (details,
 * module extraction, sections, media) and the take page (progress). The access check has refused
 * anyone the route's declaration does not allow and hands over the club and the membership.
 */
import { type Club, courseRoutes } from '@clubs/shared';
import { getCourse } from '../data/repositories/courses.ts';
import { indexDocument } from '../data/word-index.ts';
import { defineGroup } from '../http/route-handler.ts';
import { signCourseMediaUpload } from '../services/courses/course-media.ts';
import {
  courseNotFound,
  createCourse,
  extractModules,
  getCourseDetail,
  listCourseCards,
  removeCourse,
  updateCourseDetails,
} from '../services/courses/courses.ts';
import { requestOutlineDraft } from '../services/courses/outline.ts';
import { getProgress, markSection } from '../services/courses/progress.ts';
import { addSection, deleteSection, moveSection, saveSection } from '../services/courses/sections.ts';
import { courseDocument } from '../services/search/documents.ts';
import { reindexCourse } from '../services/search/indexing.ts';

async function courseOf(club: Club, courseId: string) {
  const course = await getCourse(club.id, courseId);
  if (!course) throw courseNotFound();
  return course;
}

export const handler = defineGroup('courses', courseRoutes, {
  listCourses: async ({ input, club, viewer }) => listCourseCards(club.id, viewer, input.query),
  createCourse: async ({ input, club, viewer }) => {
    const course = await createCourse(club, viewer, input.body);
    await indexDocument(club.id, null, courseDocument(course, []));
    return course;
  },
  getCourse: async ({ input, club, viewer }) => getCourseDetail(club.id, input.params.courseId, viewer),
  updateCourse: async ({ input, club }) =>
    reindexCourse(club.id, input.params.courseId, () =>
      updateCourseDetails(club.id, input.params.courseId, input.body),
    ),
  deleteCourse: async ({ input, club }) =>
    reindexCourse(club.id, input.params.courseId, () => removeCourse(club.id, input.params.courseId)),
  generateCourseOutline: async ({ input, auth, club }) =>
    requestOutlineDraft(club, auth.userId, await courseOf(club, input.params.courseId)),
  extractCourseModules: async ({ input, club }) =>
    reindexCourse(club.id, input.params.courseId, async () =>
      extractModules(club.id, await courseOf(club, input.params.courseId)),
    ),
  addSection: async ({ input, club }) =>
    reindexCourse(club.id, input.params.courseId, () =>
      addSection(club.id, input.params.courseId, input.body),
    ),
  updateSection: async ({ input, club }) =>
    reindexCourse(club.id, input.params.courseId, () =>
      saveSection(club.id, input.params.courseId, input.params.sectionId, input.body),
    ),
  deleteSection: async ({ input, club }) =>
    reindexCourse(club.id, input.params.courseId, () =>
      deleteSection(club.id, input.params.courseId, input.params.sectionId),
    ),
  moveSection: async ({ input, club }) =>
    moveSection(club.id, input.params.courseId, input.params.sectionId, input.body.direction),
  createCourseMediaUpload: async ({ input, club }) => {
    await courseOf(club, input.params.courseId);
    return signCourseMediaUpload(club, input.params.courseId, input.body);
  },
  getCourseProgress: async ({ input, auth, club }) =>
    getProgress(club.id, input.params.courseId, auth.userId),
  completeSection: async ({ input, auth, club }) =>
    markSection(club.id, input.params.courseId, input.params.sectionId, auth.userId, true),
  uncompleteSection: async ({ input, auth, club }) =>
    markSection(club.id, input.params.courseId, input.params.sectionId, auth.userId, false),
});
