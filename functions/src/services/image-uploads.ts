/**
 * Images people upload for others to see (profile photos, club logos and covers): one rule
 * (AVATAR_UPLOAD's types, at most 10 MB) for signing the presigned POST and for checking, before
 * anything names the file, that it lies in the folder it was signed for and that what is stored
 * is such an image (s3rver does not enforce the policy; a refused file is removed).
 */
import {
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  AVATAR_UPLOAD,
  type AvatarUploadInput,
  type PresignedUpload,
} from '@clubs/shared';
import { badRequest } from '../errors.ts';
import { attachUpload, mediaKeyOf, presignUpload, UploadRefused } from '../media/uploads.ts';
import { signClubUpload } from './club-storage.ts';

/**
 * Signs an upload of one image into `folder` (no slashes at either end); a folder of a club
 * (`club`) counts the image against the club's storage quota, and the uploader's signs.
 */
export async function signImageUpload(
  folder: string,
  input: AvatarUploadInput,
  club?: { clubId: string; uploaderId: string },
): Promise<PresignedUpload> {
  const request = {
    prefix: folder,
    contentType: input.contentType,
    size: input.size,
    allowedContentTypes: AVATAR_UPLOAD.contentTypes,
    maxBytes: AVATAR_UPLOAD.maxBytes,
    expiresInSeconds: AVATAR_UPLOAD.expiresInSeconds,
  };
  try {
    return await (club ? signClubUpload(club.clubId, club.uploaderId, request) : presignUpload(request));
  } catch (error) {
    if (error instanceof UploadRefused) {
      throw badRequest(error.reason === 'type' ? AVATAR_TYPE_MESSAGE : AVATAR_SIZE_MESSAGE);
    }
    throw error;
  }
}

export interface ImageField {
  /** The body field, for the error details: "body.avatarUrl". */
  path: string;
  /** What it is, in the messages: "photo", "logo". */
  what: string;
  /** The message when the URL is not a file uploaded into the folder. */
  uploadFirst: string;
}

/** A new image URL must name a file in `folder` that is a stored image within the limit. */
export async function requireUploadedImage(url: string, folder: string, field: ImageField): Promise<void> {
  const key = mediaKeyOf(url);
  if (!key?.startsWith(`${folder}/`)) {
    throw badRequest(field.uploadFirst, [
      { path: field.path, message: `must be a ${field.what} you uploaded` },
    ]);
  }
  const verdict = await attachUpload(key, AVATAR_UPLOAD);
  if (verdict === 'missing') {
    throw badRequest(`The ${field.what} was not uploaded. Please try again.`, [
      { path: field.path, message: 'nothing is stored there' },
    ]);
  }
  if (verdict !== 'ok') {
    throw badRequest(verdict === 'size' ? AVATAR_SIZE_MESSAGE : AVATAR_TYPE_MESSAGE, [
      { path: field.path, message: verdict === 'size' ? 'too large' : 'not an image' },
    ]);
  }
}
