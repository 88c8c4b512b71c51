/**
 * Browser uploads straight to the media bucket with presigned POSTs. The API decides everything
 * before it signs (key, content type, size) and the policy repeats it, so S3 itself refuses a
 * different type, a larger file or another key. s3rver enforces no policy locally, so callers
 * also check the stored object (`inspectMedia`) before they reference it.
 *
 * Keys live under per-purpose prefixes (avatars/{userId}/...); objects are served same-origin
 * at /media/{key} (CloudFront locally: the dev server's proxy). Each upload is stored tagged as
 * staged (the bucket expires those after a day) until `attachUpload` finds it sound and tags it
 * attached: one check and one tag for every place that uses an upload.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { type PresignedUpload, UPLOAD_TAG } from '@clubs/shared';
import { ulid } from 'ulid';
import { logger } from '../logger.ts';
import { mediaBucket, s3 } from './s3.ts';

/** A policy condition beyond the exact fields, e.g. ['content-length-range', 1, 10485760]. */
type PolicyCondition = NonNullable<PresignedPostOptions['Conditions']>[number];

export const MEDIA_PATH_PREFIX = '/media/';

/** The file extension stored for each accepted type (keys never take the browser's file name). */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export interface UploadRequest {
  /** Folder of the key, without slashes at either end: "avatars/{userId}". */
  prefix: string;
  contentType: string;
  size: number;
  allowedContentTypes: readonly string[];
  maxBytes: number;
  expiresInSeconds: number;
  /** Stored with the file (the policy requires exactly this value), e.g. 'max-age=3600'. */
  cacheControl?: string;
}

export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly reason: 'type' | 'size',
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** S3's tagging XML for one `upload` tag value (the POST form field and the policy repeat it). */
export const uploadTagging = (value: string) =>
  `<Tagging><TagSet><Tag><Key>${UPLOAD_TAG.key}</Key><Value>${value}</Value></Tag></TagSet></Tagging>`;

/**
 * The form's fields and the policy's conditions beyond bucket, key and signature (which
 * createPresignedPost adds itself); every field is also an exact condition of the policy.
 */
export function uploadConditions(
  contentType: string,
  maxBytes: number,
  cacheControl?: string,
): { fields: Record<string, string>; conditions: PolicyCondition[] } {
  return {
    fields: {
      'Content-Type': contentType,
      ...(cacheControl ? { 'Cache-Control': cacheControl } : {}),
      tagging: uploadTagging(UPLOAD_TAG.staged),
    },
    conditions: [['content-length-range', 1, maxBytes]],
  };
}

export const mediaUrlOf = (key: string): string => `${MEDIA_PATH_PREFIX}${key}`;

/** The key behind a /media/ URL, or null for anything else (e.g. an external https URL). */
export function mediaKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_PATH_PREFIX)) return null;
  const key = url.slice(MEDIA_PATH_PREFIX.length);
  return key && !key.split('/').includes('..') ? key : null;
}

/** Refuses (UploadRefused) a type the upload does not allow or a declared size outside 1..maxBytes. */
export function checkUploadRequest(request: UploadRequest): void {
  // Checked here as well as by the route's schema: this module is the last line before signing.
  if (!request.allowedContentTypes.includes(request.contentType)) {
    throw new UploadRefused('This type of file is not allowed', 'type');
  }
  if (!Number.isInteger(request.size) || request.size < 1 || request.size > request.maxBytes) {
    throw new UploadRefused('The file is too large', 'size');
  }
}

/**
 * Signs one upload. The policy caps the file at its declared size (never above the rule's
 * maximum), so what a club's storage counted when signing is the most S3 accepts.
 */
export async function presignUpload(request: UploadRequest, now = new Date()): Promise<PresignedUpload> {
  checkUploadRequest(request);
  const extension = EXTENSIONS[request.contentType] ?? 'bin';
  const key = `${request.prefix}/${ulid(now.getTime()).toLowerCase()}.${extension}`;
  const { fields, conditions } = uploadConditions(request.contentType, request.size, request.cacheControl);
  const signed = await createPresignedPost(s3(), {
    Bucket: mediaBucket(),
    Key: key,
    Fields: fields,
    Conditions: conditions,
    Expires: request.expiresInSeconds,
  });
  return {
    url: signed.url,
    fields: signed.fields,
    key,
    mediaUrl: mediaUrlOf(key),
    expiresAt: new Date(now.getTime() + request.expiresInSeconds * 1000).toISOString(),
  };
}

/** What is stored under a key (type and size), or null when nothing is. */
export async function inspectMedia(key: string): Promise<{ contentType: string; size: number } | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: mediaBucket(), Key: key }));
    return { contentType: head.ContentType ?? '', size: head.ContentLength ?? 0 };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (name === 'NotFound' || name === 'NoSuchKey' || status === 404) return null;
    throw error;
  }
}

export async function deleteMedia(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: key }));
}

/** What a stored upload must be before anything references it. */
export interface StoredUploadRule {
  contentTypes: readonly string[];
  maxBytes: number;
}

/**
 * Checks what is stored under a key against the upload's rule (s3rver does not enforce the
 * policy, so this holds locally too): 'ok', 'missing', or why it was refused, in which case the
 * stored file is removed so nothing that broke the rule stays in the bucket.
 */
export async function checkStoredUpload(
  key: string,
  rule: StoredUploadRule,
): Promise<'ok' | 'missing' | UploadRefused['reason']> {
  const stored = await inspectMedia(key);
  if (!stored) return 'missing';
  const typeOk = rule.contentTypes.includes(stored.contentType);
  const sizeOk = stored.size > 0 && stored.size <= rule.maxBytes;
  if (typeOk && sizeOk) return 'ok';
  await deleteMedia(key).catch((error: unknown) =>
    logger.warn('could not remove a refused upload', { key, error: error as Error }),
  );
  return typeOk ? 'size' : 'type';
}

/** Tags a stored upload as used, so the bucket's rule for staged uploads no longer deletes it. */
export async function markAttached(key: string): Promise<void> {
  await s3().send(
    new PutObjectTaggingCommand({
      Bucket: mediaBucket(),
      Key: key,
      Tagging: { TagSet: [{ Key: UPLOAD_TAG.key, Value: UPLOAD_TAG.attached }] },
    }),
  );
}

/**
 * What every place that uses an upload calls first: checks what is stored under the key against
 * the upload's rule (`checkStoredUpload`) and, when it is sound, tags it attached.
 */
export async function attachUpload(
  key: string,
  rule: StoredUploadRule,
): Promise<'ok' | 'missing' | UploadRefused['reason']> {
  const verdict = await checkStoredUpload(key, rule);
  if (verdict === 'ok') await markAttached(key);
  return verdict;
}

/** Copies a stored file to `to`, tagged attached: a copy something keeps whatever happens to the original. */
export async function copyMedia(from: string, to: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: mediaBucket(),
      CopySource: `${mediaBucket()}/${from}`,
      Key: to,
      TaggingDirective: 'REPLACE',
      Tagging: new URLSearchParams({ [UPLOAD_TAG.key]: UPLOAD_TAG.attached }).toString(),
    }),
  );
}

/** Removes a file that is no longer referenced; a failure is logged, never shown. */
export async function removeReplacedMedia(key: string): Promise<void> {
  await deleteMedia(key).catch((error: unknown) =>
    logger.warn('could not remove a replaced file', { key, error: error as Error }),
  );
}
