/**
 * Post files: signing an upload into the caller's folder of the club's members-only prefix, and
 * checking, before a post names them, that the files are the caller's and are what the policy
 * allowed (s3rver does not enforce policies, so what is stored is read back, as for avatars).
 */
import {
  type Club,
  POST_MEDIA_SIZE_MESSAGE,
  POST_MEDIA_TYPE_MESSAGE,
  POST_MEDIA_UPLOAD,
  type PostMediaKind,
  type PostMediaUpload,
  type PostMediaUploadInput,
  postMediaMismatchMessage,
  postMediaPrefixOf,
} from '@clubs/shared';
import { badRequest } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { deleteMedia, inspectMedia, markAttached, UploadRefused } from '../../media/uploads.ts';
import { requireClubInService, UPLOADS_NOT_ACTIVE_MESSAGE } from '../club-in-service.ts';
import { removeClubMedia, settleClubUploads, signClubUpload } from '../club-storage.ts';

/** Signs one upload for a post of `kind` in the club, under the caller's own folder. */
export async function signPostMediaUpload(
  club: Pick<Club, 'id' | 'status' | 'suspendedAt'>,
  uploaderId: string,
  input: PostMediaUploadInput,
): Promise<PostMediaUpload> {
  requireClubInService(club, UPLOADS_NOT_ACTIVE_MESSAGE);
  // The schema has refused a mismatch already; this module is the last line before signing.
  if (!input.contentType.startsWith(`${input.postType}/`)) {
    throw badRequest(postMediaMismatchMessage(input.postType));
  }
  try {
    const { url, fields, key, expiresAt } = await signClubUpload(club.id, uploaderId, {
      prefix: postMediaPrefixOf(club.id, uploaderId),
      contentType: input.contentType,
      size: input.size,
      allowedContentTypes: POST_MEDIA_UPLOAD.contentTypes,
      maxBytes: POST_MEDIA_UPLOAD.maxBytes,
      expiresInSeconds: POST_MEDIA_UPLOAD.expiresInSeconds,
    });
    return { url, fields, key, expiresAt };
  } catch (error) {
    if (error instanceof UploadRefused) {
      throw badRequest(error.reason === 'type' ? POST_MEDIA_TYPE_MESSAGE : POST_MEDIA_SIZE_MESSAGE);
    }
    throw error;
  }
}

const refuse = (index: number, message: string, why: string) =>
  badRequest(message, [{ path: `body.media.${index}`, message: why }]);

/**
 * Every key must lie in the caller's folder for this club and hold a stored file of the post's
 * kind within the limit; a stored file that breaks the rules is removed.
 */
export async function checkPostMedia(
  clubId: string,
  uploaderId: string,
  kind: PostMediaKind,
  mediaKeys: readonly string[],
): Promise<void> {
  const folder = `${postMediaPrefixOf(clubId, uploaderId)}/`;
  const outside = mediaKeys.findIndex((key) => !key.startsWith(folder));
  if (outside >= 0)
    throw refuse(outside, 'Upload the file for this post first', 'not a file you uploaded here');
  const stored = await Promise.all(mediaKeys.map((key) => inspectMedia(key)));
  for (const [index, file] of stored.entries()) {
    const key = mediaKeys[index] as string;
    if (!file) throw refuse(index, 'The file was not uploaded. Please try again.', 'nothing is stored there');
    const allowed = (POST_MEDIA_UPLOAD.contentTypes as readonly string[]).includes(file.contentType);
    const sizeOk = file.size > 0 && file.size <= POST_MEDIA_UPLOAD.maxBytes;
    const kindOk = file.contentType.startsWith(`${kind}/`);
    if (allowed && sizeOk && kindOk) continue;
    await deleteMedia(key).catch((error: unknown) =>
      logger.warn('could not remove a refused upload', { key, error: error as Error }),
    );
    if (!allowed) throw refuse(index, POST_MEDIA_TYPE_MESSAGE, 'not an image or video');
    if (!sizeOk) throw refuse(index, POST_MEDIA_SIZE_MESSAGE, 'too large');
    throw refuse(index, postMediaMismatchMessage(kind), `not a ${kind}`);
  }
  await settleClubUploads(clubId, mediaKeys);
  // Sound: no longer staged, so the bucket keeps them.
  await Promise.all(mediaKeys.map((key) => markAttached(key)));
}

/** Removes a deleted post's files, giving their size back to the club's storage (club-storage.ts). */
export async function removePostMedia(clubId: string, mediaKeys: readonly string[]): Promise<void> {
  await Promise.all(mediaKeys.map((key) => removeClubMedia(clubId, key)));
}
