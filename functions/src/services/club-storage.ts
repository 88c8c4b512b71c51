/**
 * Uploads into a club's folders (logo and cover, post and course files) count against the club's
 * storage quota (CLUB_STORAGE_QUOTA_BYTES): each sign reserves its declared size, which the
 * upload policy then caps the file at, and is refused with the figures when the club has no room.
 * The reservation is settled when the file is used and given back when it lapses unused
 * (CLUB_UPLOAD_LIMITS), and each person's signs are rate-limited, so nobody can fill a club's
 * quota with uploads never made. A removed club file gives its stored size back.
 */
import { CLUB_STORAGE_QUOTA_BYTES, CLUB_UPLOAD_LIMITS, type PresignedUpload } from '@clubs/shared';
import type { RateWindow } from '../data/rate-windows.ts';
import {
  reclaimLapsedUploads,
  releaseStorage,
  reserveUpload,
  settleUpload,
} from '../data/repositories/club-storage.ts';
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

/** A person's signs are counted per club: what they may hold of that club's quota at once. */
const uploadRate = (clubId: string, uploaderId: string): RateWindow => ({
  scope: 'club-upload',
  subject: `${clubId}#${uploaderId}`,
  limit: CLUB_UPLOAD_LIMITS.signsPerMemberPerHour,
  windowSeconds: 3600,
});

/** 429: the person signed as many uploads as an hour allows; when the next one is. */
function uploadsLimited(retryAfterSeconds: number, now: Date): AppError {
  const allowedAt = new Date(now.getTime() + retryAfterSeconds * 1000).toISOString();
  return new AppError(
    'too_many_requests',
    `You have uploaded ${CLUB_UPLOAD_LIMITS.signsPerMemberPerHour} files in the last hour. Try again after ${allowedAt}.`,
    { allowedAt },
    retryAfterSeconds,
  );
}

/**
 * Signs an upload into one of the club's folders if the club has room for its declared size and
 * the uploader has signs left this hour: the size is reserved until the file is used
 * (settleClubUploads) or the reservation lapses. A club found full first reclaims lapsed
 * reservations, then asks once more.
 */
export async function signClubUpload(
  clubId: string,
  uploaderId: string,
  request: UploadRequest,
  now = new Date(),
): Promise<PresignedUpload> {
  // A refused type or size is refused before it is counted.
  checkUploadRequest(request);
  // Signing is local (no call to S3): an upload refused below is a signature nobody receives.
  const upload = await presignUpload(request, now);
  const reservation = {
    clubId,
    mediaKey: upload.key,
    bytes: request.size,
    lapsesAt: new Date(
      Date.parse(upload.expiresAt) + CLUB_UPLOAD_LIMITS.reservationGraceSeconds * 1000,
    ).toISOString(),
  };
  const reserve = () =>
    reserveUpload(reservation, CLUB_STORAGE_QUOTA_BYTES, uploadRate(clubId, uploaderId), now);
  let outcome = await reserve();
  if (!outcome.reserved && outcome.refused === 'full' && (await reclaimLapsedUploads(clubId, now)) > 0) {
    outcome = await reserve();
  }
  if (outcome.reserved) return upload;
  if (outcome.refused === 'full') throw storageFull(outcome.usedBytes, request.size);
  throw uploadsLimited(outcome.retryAfterSeconds, now);
}

/**
 * The club's files are used (a post, a section, the logo or cover): their reservations are
 * settled, so they no longer lapse. One whose reservation lapsed before it was used is counted
 * again, refused with 413 when the club has no room for it now.
 */
export async function settleClubUploads(clubId: string, mediaKeys: readonly string[]): Promise<void> {
  for (const key of mediaKeys) {
    const outcome = await settleUpload(clubId, key, CLUB_STORAGE_QUOTA_BYTES);
    if (!outcome.settled) throw storageFull(outcome.usedBytes, 0);
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
