/**
 * Uploads into a club's folders (logo and cover, post and course files) count against the club's
 * storage quota (CLUB_STORAGE_QUOTA_BYTES): each sign first counts its declared size, which the
 * upload policy then caps the file at, and is refused with the figures when the club has no room,
 * before anything is signed. A removed club file gives its stored size back.
 */
import { CLUB_STORAGE_QUOTA_BYTES, type PresignedUpload } from '@clubs/shared';
import { releaseStorage, reserveStorage } from '../data/repositories/club-storage.ts';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import {
  checkUploadRequest,
  deleteMedia,
  inspectMedia,
  presignUpload,
  type UploadRequest,
} from '../media/uploads.ts';

const MB = 1024 * 1024;

/** A size as people read it: "512 KB", "9.5 MB", "5 GB". */
export function bytesText(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(2))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The refusal of an upload the club has no room for: 413 with the club's figures. */
export function storageFull(usedBytes: number, requestedBytes: number): AppError {
  const quotaBytes = CLUB_STORAGE_QUOTA_BYTES;
  return new AppError(
    'payload_too_large',
    `This club's storage is full: ${bytesText(usedBytes)} of ${bytesText(quotaBytes)} used, and this file needs ${bytesText(requestedBytes)}.`,
    { usedBytes, quotaBytes, requestedBytes },
  );
}

/** Signs an upload into one of the club's folders if the club has room for its declared size. */
export async function signClubUpload(clubId: string, request: UploadRequest): Promise<PresignedUpload> {
  // A refused type or size is refused before it is counted.
  checkUploadRequest(request);
  const reservation = await reserveStorage(clubId, request.size, CLUB_STORAGE_QUOTA_BYTES);
  if (!reservation.reserved) throw storageFull(reservation.usedBytes, request.size);
  try {
    return await presignUpload(request);
  } catch (error) {
    await releaseStorage(clubId, request.size);
    throw error;
  }
}

/**
 * Removes a club's file (replaced or deleted) and gives its stored size back to the club's quota;
 * a failure is logged, never shown (what replaced or deleted it has happened).
 */
export async function removeClubMedia(clubId: string, key: string): Promise<void> {
  try {
    const stored = await inspectMedia(key);
    if (!stored) return;
    await deleteMedia(key);
    await releaseStorage(clubId, stored.size);
  } catch (error) {
    logger.warn('could not remove a club file', { key, error: error as Error });
  }
}
