/**
 * Course files: uploads signed under the course's members-only prefix, and the two forms of a
 * section's media references. Stored HTML names files by their stable `/media/{key}` path; every
 * answer replaces those with read URLs signed for the caller (after the access check), and HTML
 * coming back from the editor, which holds those signed URLs, is turned back into the stable
 * paths before it is sanitized (anything else is then dropped by the sanitizer).
 */
import {
  COURSE_MEDIA_SIZE_MESSAGE,
  COURSE_MEDIA_TYPE_MESSAGE,
  COURSE_MEDIA_UPLOAD,
  type Course,
  type CourseMediaUpload,
  type CourseMediaUploadInput,
  isCourseStockImage,
  type Section,
} from '@clubs/shared';
import { mediaPathsOf } from '../../content/section-html.ts';
import { badRequest } from '../../errors.ts';
import { courseMediaPrefixOf, signMemberMediaRead } from '../../media/member-media.ts';
import {
  attachUpload,
  MEDIA_PATH_PREFIX,
  mediaKeyOf,
  presignUpload,
  UploadRefused,
} from '../../media/uploads.ts';

export async function signCourseMediaUpload(
  clubId: string,
  courseId: string,
  input: CourseMediaUploadInput,
): Promise<CourseMediaUpload> {
  try {
    const upload = await presignUpload({
      prefix: courseMediaPrefixOf(clubId, courseId),
      contentType: input.contentType,
      size: input.size,
      allowedContentTypes: COURSE_MEDIA_UPLOAD.contentTypes,
      maxBytes: COURSE_MEDIA_UPLOAD.maxBytes,
      expiresInSeconds: COURSE_MEDIA_UPLOAD.expiresInSeconds,
      cacheControl: COURSE_MEDIA_UPLOAD.cacheControl,
    });
    const preview = await signMemberMediaRead(upload.key);
    return { ...upload, previewUrl: preview.url };
  } catch (error) {
    if (error instanceof UploadRefused) {
      throw badRequest(error.reason === 'type' ? COURSE_MEDIA_TYPE_MESSAGE : COURSE_MEDIA_SIZE_MESSAGE);
    }
    throw error;
  }
}

/**
 * Every file of the course that the HTML names must be stored and be an allowed image or video
 * within the limit: the upload policy says so at S3, but s3rver does not enforce it and a file
 * may be gone since. A stored file that breaks the rule is removed, and the save refused.
 */
export async function checkSectionMedia(clubId: string, courseId: string, html: string): Promise<void> {
  const prefix = `${courseMediaPrefixOf(clubId, courseId)}/`;
  const keys = mediaPathsOf(html)
    .map((path) => mediaKeyOf(path))
    .filter((key): key is string => key?.startsWith(prefix) ?? false);
  const verdicts = await Promise.all(keys.map((key) => attachUpload(key, COURSE_MEDIA_UPLOAD)));
  if (verdicts.includes('missing')) throw badRequest('The file was not uploaded. Please try again.');
  if (verdicts.includes('type')) throw badRequest(COURSE_MEDIA_TYPE_MESSAGE);
  if (verdicts.includes('size')) throw badRequest(COURSE_MEDIA_SIZE_MESSAGE);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stable `/media/` paths for the course's files named by signed read URLs in the HTML. */
export async function unsignCourseMedia(clubId: string, courseId: string, html: string): Promise<string> {
  const prefix = courseMediaPrefixOf(clubId, courseId);
  const probe = await signMemberMediaRead(`${prefix}/probe`);
  const base = (probe.url.split('?')[0] as string).slice(0, -'probe'.length);
  const signed = new RegExp(
    `(\\ssrc=)(["'])${escapeRegExp(base)}([A-Za-z0-9_-][A-Za-z0-9._-]*)(?:\\?[^"']*)?\\2`,
    'g',
  );
  return html.replace(
    signed,
    (_match, attribute: string, quote: string, file: string) =>
      `${attribute}${quote}${MEDIA_PATH_PREFIX}${prefix}/${file}${quote}`,
  );
}

async function signedPaths(paths: readonly string[], now: Date): Promise<Map<string, string>> {
  const signed = await Promise.all(
    paths.map(async (path) => {
      const key = mediaKeyOf(path);
      return [path, key ? (await signMemberMediaRead(key, now)).url : ''] as const;
    }),
  );
  return new Map(signed);
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The section as a reader gets it: its media paths replaced by signed read URLs. */
export async function signSectionMedia(section: Section, now = new Date()): Promise<Section> {
  const paths = mediaPathsOf(section.htmlContent);
  const featured = section.featuredImage;
  // A stock image is served with the site: nothing to sign.
  const stock = isCourseStockImage(featured);
  if (featured && !stock) paths.push(featured);
  if (paths.length === 0) return section;
  const urls = await signedPaths([...new Set(paths)], now);
  const htmlContent = section.htmlContent.replace(
    /(\ssrc=")(\/media\/[^"]+)"/g,
    (_match, attribute: string, path: string) => `${attribute}${escapeAttribute(urls.get(path) ?? '')}"`,
  );
  const featuredImage = !featured || stock ? featured : urls.get(featured) || null;
  return { ...section, htmlContent, featuredImage };
}

/** A course's cover is an image: of the course's files, only these types may be one. */
const COVER_RULE = {
  contentTypes: COURSE_MEDIA_UPLOAD.contentTypes.filter((type) => type.startsWith('image/')),
  maxBytes: COURSE_MEDIA_UPLOAD.maxBytes,
};

export const COVER_REFUSED = 'The cover must be a stock image or an image uploaded for this course';

/**
 * The cover as stored: a stock image as it is, or an image of the course's own files by its
 * stable `/media/` path (the upload's `mediaUrl`), stored and an image within the limit.
 * Anything else is refused.
 */
export async function storedCover(clubId: string, courseId: string, cover: string): Promise<string> {
  if (isCourseStockImage(cover)) return cover;
  const prefix = `${courseMediaPrefixOf(clubId, courseId)}/`;
  const key = mediaKeyOf(cover);
  if (!key?.startsWith(prefix) || key.slice(prefix.length).includes('/')) throw badRequest(COVER_REFUSED);
  const verdict = await attachUpload(key, COVER_RULE);
  if (verdict === 'missing') throw badRequest('The file was not uploaded. Please try again.');
  if (verdict !== 'ok') throw badRequest(COVER_REFUSED);
  return `${MEDIA_PATH_PREFIX}${key}`;
}

/** The course as a reader gets it: a cover of its own files replaced by a signed read URL. */
export async function signCourseCover<T extends Course>(course: T, now = new Date()): Promise<T> {
  const cover = course.coverImage;
  if (!cover || isCourseStockImage(cover)) return course;
  const key = mediaKeyOf(cover);
  return { ...course, coverImage: key ? (await signMemberMediaRead(key, now)).url : null };
}
