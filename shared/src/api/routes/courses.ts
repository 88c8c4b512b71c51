/**
 * Courses inside a club: the course list, the creation wizard (create,
 * outline draft, outline save), the manage page (details, extraction of the outline's modules,
 * sections, course media) and the take page (progress). Active members read and take courses;
 * owners and moderators (the CREATE_COURSES permission) create and edit them; a super admin may
 * read. Section HTML is sanitized by the API before it is stored.
 */

import * as z from 'zod';
import { pageQuerySchema } from '../../domain/common.ts';
import {
  courseCardPageSchema,
  courseDetailSchema,
  courseMediaUploadInputSchema,
  courseMediaUploadSchema,
  courseProgressSchema,
  courseSchema,
  createCourseInputSchema,
  extractResultSchema,
  generatedOutlineSchema,
  moveSectionInputSchema,
  sectionInputSchema,
  sectionSchema,
  updateCourseInputSchema,
} from '../../domain/course.ts';
import { deletedSchema } from '../../domain/post.ts';
import { DELETE, GET, inClub, PATCH, POST, PUT, routesOf } from '../route-builder.ts';

const read = inClub('member', 'read');
const take = inClub('member');
const edit = inClub('CREATE_COURSES');

export const courseRoutes = routesOf('courses', {
  listCourses: GET('/api/clubs/{clubId}/courses', {
    access: read,
    summary: "The club's courses, newest first, each with its first 3 sections and the caller's progress",
    query: pageQuerySchema,
    response: courseCardPageSchema,
  }),
  createCourse: POST('/api/clubs/{clubId}/courses', {
    access: edit,
    summary: "Creates a course from the wizard's first step (title required, level beginner by default)",
    body: createCourseInputSchema,
    response: courseSchema,
    status: 201,
  }),
  getCourse: GET('/api/clubs/{clubId}/courses/{courseId}', {
    access: read,
    summary: 'One course with all its sections in order (one query), media signed for the caller',
    response: courseDetailSchema,
  }),
  updateCourse: PATCH('/api/clubs/{clubId}/courses/{courseId}', {
    access: edit,
    summary:
      "Changes a course's details (title, description, level, cover: a stock image or one uploaded for the course) or saves its outline",
    body: updateCourseInputSchema,
    response: courseSchema,
  }),
  deleteCourse: DELETE('/api/clubs/{clubId}/courses/{courseId}', {
    access: inClub('owner'),
    summary: "Deletes a course and its sections (the club's owner only)",
    response: deletedSchema,
  }),
  generateCourseOutline: POST('/api/clubs/{clubId}/courses/{courseId}/outline-drafts', {
    access: edit,
    summary:
      "Drafts an outline ('Module N: name' with '- lesson: note' bullets) from the course's details: the configured model, else the built-in template; nothing is saved",
    response: generatedOutlineSchema,
  }),
  extractCourseModules: POST('/api/clubs/{clubId}/courses/{courseId}/module-extractions', {
    access: edit,
    summary:
      'Turns each module and lesson of the saved outline into a section after the last one, in one transaction',
    response: extractResultSchema,
    status: 201,
  }),
  addSection: POST('/api/clubs/{clubId}/courses/{courseId}/sections', {
    access: edit,
    summary:
      'Adds a section after the last one (sort order max + 1); its HTML is sanitized before it is stored',
    body: sectionInputSchema,
    response: sectionSchema,
    status: 201,
  }),
  updateSection: PUT('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}', {
    access: edit,
    summary: "Saves a section's title and HTML (sanitized; the featured image is its first image, else kept)",
    body: sectionInputSchema,
    response: sectionSchema,
  }),
  deleteSection: DELETE('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}', {
    access: edit,
    summary: 'Deletes a section (counted down on the course in the same transaction)',
    response: deletedSchema,
  }),
  moveSection: POST('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}/moves', {
    access: edit,
    summary: 'Swaps a section with the one above or below it, both in one transaction',
    body: moveSectionInputSchema,
    response: z.object({ moved: z.literal(true) }),
  }),
  createCourseMediaUpload: POST('/api/clubs/{clubId}/courses/{courseId}/media-uploads', {
    access: edit,
    summary:
      "Signs a presigned POST for one course image or video (JPG, PNG, GIF, MP4, WebM; at most 10 MB; cached an hour) under the course's members-only prefix; counted against the club's storage quota (413 with the figures when it does not fit)",
    body: courseMediaUploadInputSchema,
    response: courseMediaUploadSchema,
    status: 201,
  }),
  getCourseProgress: GET('/api/clubs/{clubId}/courses/{courseId}/progress', {
    access: take,
    summary: "The caller's progress through the course: the sections they marked complete, done of total",
    response: courseProgressSchema,
  }),
  completeSection: PUT('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}/completion', {
    access: take,
    summary: 'Marks a section complete for the caller (a repeat changes nothing)',
    response: courseProgressSchema,
  }),
  uncompleteSection: DELETE('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}/completion', {
    access: take,
    summary: "Takes back the caller's completion of a section",
    response: courseProgressSchema,
  }),
});
