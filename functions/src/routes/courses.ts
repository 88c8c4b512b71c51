/**
 * Courses: the list, the wizard (create, outline draft, outline save), the manage page (details,
 * module extraction, sections, media) and the take page (progress). The access check has refused
 * anyone the route's declaration does not allow and hands over the club and the membership.
 * Every change of a course or its sections is announced (course.changed), so open course lists
 * reload and the club's search indexes the course again.
 */
import { type Club, courseRoutes, type RouteId } from '@clubs/shared';
import { emitChange } from '../bus/direct-change-events.ts';
import { getCourse } from '../data/repositories/courses.ts';
import { defineGroup, type RouteRequest } from '../http/route-handler.ts';
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

/** The route's work, then the change announced for the course it touched. */
const announced =
  <Id extends RouteId, R>(
    work: (request: RouteRequest<Id>) => Promise<R>,
    courseIdOf: (request: RouteRequest<Id>, result: R) => string,
  ) =>
  async (request: RouteRequest<Id> & { club: Club; auth: { userId: string } }): Promise<R> => {
    const result = await work(request);
    await emitChange({
      type: 'course.changed',
      clubId: request.club.id,
      actorId: request.auth.userId,
      courseId: courseIdOf(request, result),
    });
    return result;
  };
const pathCourse = (request: { input: { params: { courseId: string } } }) => request.input.params.courseId;

export const handler = defineGroup('courses', courseRoutes, {
  listCourses: async ({ input, club, viewer }) => listCourseCards(club.id, viewer, input.query),
  createCourse: announced<'createCourse', Awaited<ReturnType<typeof createCourse>>>(
    async ({ input, club, viewer }) => createCourse(club, viewer, input.body),
    (_request, course) => course.id,
  ),
  getCourse: async ({ input, club, viewer }) => getCourseDetail(club.id, input.params.courseId, viewer),
  updateCourse: announced<'updateCourse', Awaited<ReturnType<typeof updateCourseDetails>>>(
    async ({ input, club }) => updateCourseDetails(club.id, input.params.courseId, input.body),
    pathCourse,
  ),
  deleteCourse: announced<'deleteCourse', Awaited<ReturnType<typeof removeCourse>>>(
    async ({ input, club }) => removeCourse(club.id, input.params.courseId),
    pathCourse,
  ),
  generateCourseOutline: async ({ input, auth, club }) =>
    requestOutlineDraft(club, auth.userId, await courseOf(club, input.params.courseId)),
  extractCourseModules: announced<'extractCourseModules', Awaited<ReturnType<typeof extractModules>>>(
    async ({ input, club }) => extractModules(club.id, await courseOf(club, input.params.courseId)),
    pathCourse,
  ),
  addSection: announced<'addSection', Awaited<ReturnType<typeof addSection>>>(
    async ({ input, club }) => addSection(club.id, input.params.courseId, input.body),
    pathCourse,
  ),
  updateSection: announced<'updateSection', Awaited<ReturnType<typeof saveSection>>>(
    async ({ input, club }) =>
      saveSection(club.id, input.params.courseId, input.params.sectionId, input.body),
    pathCourse,
  ),
  deleteSection: announced<'deleteSection', Awaited<ReturnType<typeof deleteSection>>>(
    async ({ input, club }) => deleteSection(club.id, input.params.courseId, input.params.sectionId),
    pathCourse,
  ),
  moveSection: announced<'moveSection', Awaited<ReturnType<typeof moveSection>>>(
    async ({ input, club }) =>
      moveSection(club.id, input.params.courseId, input.params.sectionId, input.body.direction),
    pathCourse,
  ),
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
