/**
 * Courses: the list, the wizard (create, outline draft, outline save), the manage page (details,
 * module extraction, sections, media) and the take page (progress). The access check has refused
 * anyone the route's declaration does not allow and hands over the club and the membership.
 * The services announce every change of a course or its sections with the change itself.
 */
import { type Club, courseRoutes } from '@clubs/shared';
import { getCourse } from '../data/repositories/courses.ts';
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

async function courseOf(club: Club, courseId: string) {
  const course = await getCourse(club.id, courseId);
  if (!course) throw courseNotFound();
  return course;
}

export const handler = defineGroup('courses', courseRoutes, {
  listCourses: async ({ input, club, viewer }) => listCourseCards(club.id, viewer, input.query),
  createCourse: async ({ input, club, viewer }) => createCourse(club, viewer, input.body),
  getCourse: async ({ input, club, viewer }) => getCourseDetail(club.id, input.params.courseId, viewer),
  updateCourse: async ({ input, auth, club }) =>
    updateCourseDetails(club.id, input.params.courseId, input.body, auth.userId),
  deleteCourse: async ({ input, auth, club }) => removeCourse(club.id, input.params.courseId, auth.userId),
  generateCourseOutline: async ({ input, auth, club }) =>
    requestOutlineDraft(club, auth.userId, await courseOf(club, input.params.courseId)),
  extractCourseModules: async ({ input, auth, club }) =>
    extractModules(club.id, await courseOf(club, input.params.courseId), auth.userId),
  addSection: async ({ input, auth, club }) =>
    addSection(club.id, input.params.courseId, input.body, auth.userId),
  updateSection: async ({ input, auth, club }) =>
    saveSection(club.id, input.params.courseId, input.params.sectionId, input.body, auth.userId),
  deleteSection: async ({ input, auth, club }) =>
    deleteSection(club.id, input.params.courseId, input.params.sectionId, auth.userId),
  moveSection: async ({ input, auth, club }) =>
    moveSection(club.id, input.params.courseId, input.params.sectionId, input.body.direction, auth.userId),
  createCourseMediaUpload: async ({ input, auth, club }) => {
    await courseOf(club, input.params.courseId);
    return signCourseMediaUpload(club, auth.userId, input.params.courseId, input.body);
  },
  getCourseProgress: async ({ input, club, viewer }) => getProgress(club.id, input.params.courseId, viewer),
  completeSection: async ({ input, club, viewer }) =>
    markSection(club.id, input.params.courseId, input.params.sectionId, viewer, true),
  uncompleteSection: async ({ input, club, viewer }) =>
    markSection(club.id, input.params.courseId, input.params.sectionId, viewer, false),
});
