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
  coursePathSchema,
  courseProgressSchema,
  courseSchema,
  createCourseInputSchema,
  extractResultSchema,
  generatedOutlineSchema,
  moveSectionInputSchema,
  sectionInputSchema,
  sectionPathSchema,
  sectionSchema,
  updateCourseInputSchema,
} from '../../domain/course.ts';
import { deletedSchema } from '../../domain/post.ts';
import { inClub, routesOf } from '../route-builder.ts';
import type { RouteDefinition } from '../route-definition.ts';

const read = inClub('member', 'read');
const take = inClub('member');
const edit = inClub('CREATE_COURSES');

const courses = routesOf('courses');

export const courseRoutes = {
  listCourses: courses.club.get('/api/clubs/{clubId}/courses', {
    uses: ['table:read'],
    access: read,
    summary: "The club's courses, newest first, each with its first 3 sections and the caller's progress",
    query: pageQuerySchema,
    response: courseCardPageSchema,
  }),
  createCourse: courses.club.post('/api/clubs/{clubId}/courses', {
    uses: ['table:write'],
    access: edit,
    summary: "Creates a course from the wizard's first step (title required, level beginner by default)",
    body: createCourseInputSchema,
    response: courseSchema,
    status: 201,
  }),
  getCourse: courses.club.get('/api/clubs/{clubId}/courses/{courseId}', {
    uses: ['table:read', 'media:read'],
    access: read,
    summary: 'One course with all its sections in order (one query), media signed for the caller',
    params: coursePathSchema,
    response: courseDetailSchema,
  }),
  updateCourse: courses.club.patch('/api/clubs/{clubId}/courses/{courseId}', {
    uses: ['table:write'],
    access: edit,
    summary: "Changes a course's details or saves its outline",
    params: coursePathSchema,
    body: updateCourseInputSchema,
    response: courseSchema,
  }),
  generateCourseOutline: courses.club.post('/api/clubs/{clubId}/courses/{courseId}/outline-drafts', {
    uses: ['table:read', 'ai:outline'],
    access: edit,
    summary:
      "Drafts an outline ('Module N: name' with '- lesson: note' bullets) from the course's details: the configured model, else the built-in template; nothing is saved",
    params: coursePathSchema,
    response: generatedOutlineSchema,
  }),
  extractCourseModules: courses.club.post('/api/clubs/{clubId}/courses/{courseId}/module-extractions', {
    uses: ['table:read', 'table:write'],
    access: edit,
    summary:
      'Turns each module and lesson of the saved outline into a section after the last one, in one transaction',
    params: coursePathSchema,
    response: extractResultSchema,
    status: 201,
  }),
  addSection: courses.club.post('/api/clubs/{clubId}/courses/{courseId}/sections', {
    uses: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
    access: edit,
    summary:
      'Adds a section after the last one (sort order max + 1); its HTML is sanitized before it is stored',
    params: coursePathSchema,
    body: sectionInputSchema,
    response: sectionSchema,
    status: 201,
  }),
  updateSection: courses.club.put('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}', {
    uses: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
    access: edit,
    summary: "Saves a section's title and HTML (sanitized; the featured image is its first image, else kept)",
    params: sectionPathSchema,
    body: sectionInputSchema,
    response: sectionSchema,
  }),
  deleteSection: courses.club.delete('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}', {
    uses: ['table:read', 'table:write'],
    access: edit,
    summary: 'Deletes a section (counted down on the course in the same transaction)',
    params: sectionPathSchema,
    response: deletedSchema,
  }),
  moveSection: courses.club.post('/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}/moves', {
    uses: ['table:read', 'table:write'],
    access: edit,
    summary: 'Swaps a section with the one above or below it, both in one transaction',
    params: sectionPathSchema,
    body: moveSectionInputSchema,
    response: z.object({ moved: z.literal(true) }),
  }),
  createCourseMediaUpload: courses.club.post('/api/clubs/{clubId}/courses/{courseId}/media-uploads', {
    uses: ['table:read', 'media:upload', 'media:read'],
    access: edit,
    summary:
      "Signs a presigned POST for one course image or video (JPG, PNG, GIF, MP4, WebM; at most 10 MB; cached an hour) under the course's members-only prefix",
    params: coursePathSchema,
    body: courseMediaUploadInputSchema,
    response: courseMediaUploadSchema,
    status: 201,
  }),
  getCourseProgress: courses.club.get('/api/clubs/{clubId}/courses/{courseId}/progress', {
    uses: ['table:read'],
    access: take,
    summary: "The caller's progress through the course: the sections they marked complete, done of total",
    params: coursePathSchema,
    response: courseProgressSchema,
  }),
  completeSection: courses.club.put(
    '/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}/completion',
    {
      uses: ['table:read', 'table:write'],
      access: take,
      summary: 'Marks a section complete for the caller (a repeat changes nothing)',
      params: sectionPathSchema,
      response: courseProgressSchema,
    },
  ),
  uncompleteSection: courses.club.delete(
    '/api/clubs/{clubId}/courses/{courseId}/sections/{sectionId}/completion',
    {
      uses: ['table:read', 'table:write'],
      access: take,
      summary: "Takes back the caller's completion of a section",
      params: sectionPathSchema,
      response: courseProgressSchema,
    },
  ),
} as const satisfies Record<string, RouteDefinition>;
