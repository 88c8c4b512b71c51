/**
 * Course files: uploads signed under the course's members-only prefix, and the two forms of a
 * section's media references. Stored HTML names files by their stable `/media/{key}` path; every
 * answer replaces those with read URLs signed for the caller (after the access check), and HTML
 * coming back from the editor, which holds those signed URLs, is turned back into the stable
 * paths before it is sanitized (anything else is then dropped by the sanitizer).
 */
import {
  type Club,
  COURSE_MEDIA_SIZE_MESSAGE,
  COURSE_MEDIA_TYPE_MESSAGE,
  COURSE_MEDIA_UPLOAD,
  type Course,
  type CourseMediaUpload,
  type CourseMediaUploadInput,
  courseMediaPrefixOf,
  isCourseStockImage,
  type Section,
} from '@clubs/shared';
import {
  foreignMediaOf,
  isScopedMediaSrc,
  mediaPathsOf,
  replaceMediaSrc,
  type SectionMediaScope,
} from '../../content/section-html.ts';
import { badRequest } from '../../errors.ts';
import { signMemberMediaRead } from '../../media/member-media.ts';
import { attachUpload, MEDIA_PATH_PREFIX, mediaKeyOf, UploadRefused } from '../../media/uploads.ts';
import { requireClubInService, UPLOADS_NOT_ACTIVE_MESSAGE } from '../club-in-service.ts';
import { settleClubUploads, signClubUpload } from '../club-storage.ts';

export async function signCourseMediaUpload(
  club: Pick<Club, 'id' | 'status' | 'suspendedAt'>,
  uploaderId: string,
  courseId: string,
  input: CourseMediaUploadInput,
): Promise<CourseMediaUpload> {
  requireClubInService(club, UPLOADS_NOT_ACTIVE_MESSAGE);
  try {
    const upload = await signClubUpload(club.id, uploaderId, {
      prefix: courseMediaPrefixOf(club.id, courseId),
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

/** What a section of the course may show: the course's own files. */
export const sectionScopeOf = (clubId: string, courseId: string): SectionMediaScope => ({
  mediaKeyPrefix: `${courseMediaPrefixOf(clubId, courseId)}/`,
});

export const FOREIGN_MEDIA_MESSAGE = 'A section may show only files uploaded for this course';

/**
 * A section names no file outside its course (a key of another course or club, in an element or
 * in its text, is refused), and every file of the course that it shows must be stored and be an
 * allowed image or video within the limit: the upload policy says so at S3, but s3rver does not
 * enforce it and a file may be gone since. A stored file that breaks the rule is removed, and
 * the save refused.
 */
export async function checkSectionMedia(clubId: string, courseId: string, html: string): Promise<void> {
  const scope = sectionScopeOf(clubId, courseId);
  if (foreignMediaOf(html, scope).length > 0) throw badRequest(FOREIGN_MEDIA_MESSAGE);
  const keys = mediaPathsOf(html, scope)
    .map((path) => mediaKeyOf(path))
    .filter((key): key is string => key !== null);
  const verdicts = await Promise.all(keys.map((key) => attachUpload(key, COURSE_MEDIA_UPLOAD)));
  if (verdicts.includes('missing')) throw badRequest('The file was not uploaded. Please try again.');
  if (verdicts.includes('type')) throw badRequest(COURSE_MEDIA_TYPE_MESSAGE);
  if (verdicts.includes('size')) throw badRequest(COURSE_MEDIA_SIZE_MESSAGE);
  await settleClubUploads(clubId, keys);
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

/**
 * The section as a reader gets it: the course's files that its image and video elements show
 * replaced by signed read URLs. Nothing else is signed, whatever the text says.
 */
export async function signSectionMedia(clubId: string, section: Section, now = new Date()): Promise<Section> {
  const scope = sectionScopeOf(clubId, section.courseId);
  const paths = mediaPathsOf(section.htmlContent, scope);
  const featured = section.featuredImage;
  // A stock image is served with the site: nothing to sign; a file of another course never is.
  const stock = isCourseStockImage(featured);
  const ownFeatured = featured && !stock && isScopedMediaSrc(featured, scope) ? featured : null;
  if (ownFeatured) paths.push(ownFeatured);
  const urls = await signedPaths([...new Set(paths)], now);
  const htmlContent = replaceMediaSrc(section.htmlContent, scope, (path) => urls.get(path) ?? '');
  const featuredImage = stock ? featured : ownFeatured && (urls.get(ownFeatured) || null);
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
  await settleClubUploads(clubId, [key]);
  return `${MEDIA_PATH_PREFIX}${key}`;
}

/** The course as a reader gets it: a cover of its own files replaced by a signed read URL. */
export async function signCourseCover<T extends Course>(course: T, now = new Date()): Promise<T> {
  const cover = course.coverImage;
  if (!cover || isCourseStockImage(cover)) return course;
  const key = mediaKeyOf(cover);
  return { ...course, coverImage: key ? (await signMemberMediaRead(key, now)).url : null };
}
