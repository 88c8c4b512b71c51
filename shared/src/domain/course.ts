import * as z from 'zod';
import { COURSE_MEDIA_UPLOAD, DEFAULT_COURSE_LEVEL, LIMITS } from '../constants.ts';
import {
  changesOf,
  idSchema,
  isoDateTime,
  pageOf,
  requiredText,
  trimmed,
  uploadFileShape,
} from './common.ts';
import { levelSchema } from './levels.ts';
import { presignedUploadSchema } from './profile.ts';

export const courseLevelSchema = z.enum(['beginner', 'intermediate', 'advanced', 'all-levels']);
export type CourseLevel = z.infer<typeof courseLevelSchema>;

/**
 * The member level (1 to 9) a course opens at, or null when it is open to every member. Below it
 * a member sees the course on the list, locked, and the API refuses its content; owners and
 * moderators are always in.
 */
export const unlockLevelSchema = levelSchema.nullable();

/** What a locked course says, on the list and where its content is refused. */
export const unlocksAtLabel = (level: number) => `Unlocks at Level ${level}`;
export const courseLockedMessage = (level: number) => `This course unlocks at Level ${level}`;
/** The details of the API's refusal of a locked course's content. */
export const courseLockedDetailsSchema = z.object({ unlockLevel: levelSchema });

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
  unlockLevel: unlockLevelSchema.default(null),
  /** How many sections the course has, counted in the transactions that add and delete them. */
  sectionCount: z.number().int().min(0).default(0),
  /**
   * The course card's cover: a stock image served with the site, or an image of the course's own
   * files (its stable `/media/` path when stored, a signed read URL in answers); none when absent.
   */
  coverImage: z.string().nullable().optional(),
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
  unlockLevel: unlockLevelSchema.default(null),
});
export type CreateCourseInput = z.infer<typeof createCourseInputSchema>;

/** The wizard's later steps and the manage page change these; at least one must be given. */
export const updateCourseInputSchema = changesOf({
  title: requiredText(LIMITS.courseTitle),
  description: trimmed(LIMITS.courseText),
  level: courseLevelSchema,
  mainTopic: trimmed(LIMITS.courseText),
  targetAudience: trimmed(LIMITS.courseText),
  learningGoals: trimmed(LIMITS.courseText),
  outline: z.string().max(LIMITS.courseOutline),
  unlockLevel: unlockLevelSchema,
  /** A stock image, an image uploaded for the course (createCourseMediaUpload), or null for none. */
  coverImage: z.string().max(LIMITS.url).nullable(),
});
export type UpdateCourseInput = z.infer<typeof updateCourseInputSchema>;

/**
 * A course content section. Its HTML is stored only in sanitized form: every write of the
 * sections repository passes it through functions/src/content/section-html.ts (an allowlist of
 * formatting, links and the course's own media). Whatever renders it must still treat it as
 * untrusted. In answers, media references are signed read URLs.
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

export const SECTION_TITLE_EMPTY = 'Title cannot be empty';

/** A section as its editor saves it; the featured image is derived from the HTML by the API. */
export const sectionInputSchema = z.strictObject({
  title: z.string().trim().min(1, SECTION_TITLE_EMPTY).max(LIMITS.sectionTitle),
  htmlContent: z.string().max(LIMITS.sectionHtml, 'The content is too large').default(''),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;

export const moveSectionInputSchema = z.strictObject({ direction: z.enum(['up', 'down']) });

/** A member's progress through one course: the sections they marked complete. */
export const courseProgressSchema = z.object({
  courseId: idSchema,
  completedSectionIds: z.array(idSchema),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** A course card of the list: the course, its first sections' titles and the viewer's progress. */
export const courseCardSchema = courseSchema.extend({
  firstSections: z.array(z.object({ id: idSchema, title: z.string() })),
  progress: courseProgressSchema,
  /** Whether the course is closed to the viewer until they reach its unlock level (no sections then). */
  locked: z.boolean(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;
export const courseCardPageSchema = pageOf(courseCardSchema).extend({
  /** Whether the viewer may create and edit courses (owner or moderator). */
  canCreate: z.boolean(),
});
export type CourseCardPage = z.infer<typeof courseCardPageSchema>;

/** One course with all its sections in order, and whether the viewer may edit it. */
export const courseDetailSchema = z.object({
  course: courseSchema,
  sections: z.array(sectionSchema),
  canEdit: z.boolean(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const NO_MODULES_FOUND = 'No modules found in the course outline';

export const extractResultSchema = z.object({
  created: z.number().int().min(0),
  sections: z.array(sectionSchema),
});

export const generatedOutlineSchema = z.object({
  outline: z.string(),
  /** Who wrote it: the model named in the deployment, or the built-in template. */
  source: z.enum(['model', 'template']),
  /** Set when the model was asked but did not answer in time (the template was used instead). */
  notice: z.string().nullable(),
});
export type GeneratedOutline = z.infer<typeof generatedOutlineSchema>;

export const COURSE_MEDIA_TYPE_MESSAGE = 'Only image or video files are allowed';
export const COURSE_MEDIA_SIZE_MESSAGE = 'File size must be less than 10MB';

export const courseMediaUploadInputSchema = z.strictObject(
  uploadFileShape(COURSE_MEDIA_UPLOAD, { type: COURSE_MEDIA_TYPE_MESSAGE, size: COURSE_MEDIA_SIZE_MESSAGE }),
);
export type CourseMediaUploadInput = z.infer<typeof courseMediaUploadInputSchema>;

/**
 * A presigned POST for one course file. `mediaUrl` is what the section's HTML names (the API
 * stores that stable form and signs it for every reader); `previewUrl` reads it right away.
 */
export const courseMediaUploadSchema = presignedUploadSchema.extend({ previewUrl: z.string() });
export type CourseMediaUpload = z.infer<typeof courseMediaUploadSchema>;
