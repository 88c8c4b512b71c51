import * as z from 'zod';
import { DEFAULT_COURSE_LEVEL, LIMITS } from '../constants.ts';
import { idSchema, isoDateTime, mediaUrlSchema, requiredText, trimmed } from './common.ts';

export const courseLevelSchema = z.enum(['beginner', 'intermediate', 'advanced', 'all-levels']);
export type CourseLevel = z.infer<typeof courseLevelSchema>;

export const courseSchema = z.object({
  id: idSchema,
  clubId: idSchema,
  creatorId: idSchema,
  title: z.string(),
  description: z.string(),
  level: courseLevelSchema,
  mainTopic: z.string(),
  targetAudience: z.string(),
  learningGoals: z.string(),
  outline: z.string(),
  createdAt: isoDateTime,
});
export type Course = z.infer<typeof courseSchema>;

export const createCourseInputSchema = z.strictObject({
  title: requiredText(LIMITS.courseTitle),
  description: trimmed(LIMITS.courseText).default(''),
  level: courseLevelSchema.default(DEFAULT_COURSE_LEVEL),
  mainTopic: trimmed(LIMITS.courseText).default(''),
  targetAudience: trimmed(LIMITS.courseText).default(''),
  learningGoals: trimmed(LIMITS.courseText).default(''),
});

/**
 * A course content section. Its HTML is stored only in sanitized form: every write of the
 * sections repository passes it through functions/src/content/section-html.ts (an allowlist of
 * formatting, links and media images). Whatever renders it must still treat it as untrusted.
 */
export const sectionSchema = z.object({
  id: idSchema,
  courseId: idSchema,
  title: z.string(),
  htmlContent: z.string(),
  sortOrder: z.number().int().min(1),
  featuredImage: z.string().nullable(),
  updatedAt: isoDateTime,
});
export type Section = z.infer<typeof sectionSchema>;

export const sectionInputSchema = z.strictObject({
  title: requiredText(LIMITS.sectionTitle),
  htmlContent: z.string().max(LIMITS.sectionHtml).default(''),
  featuredImage: mediaUrlSchema.nullable().optional(),
});
