/**
 * Members-only media: club post and course files live under `club-media/{clubId}/`,
 * which CloudFront's public /media/* path refuses (and the local dev proxy too). Members read
 * them through short-lived S3 presigned GET URLs that the API signs only after the membership
 * check, so a removed member's old URLs stop working within minutes.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_PATHS, MEMBER_MEDIA_READ, type PostMedia, type PostMediaKind } from '@clubs/shared';
import { mediaBucket, s3 } from './s3.ts';

/** The prefix no public path serves. */
export const MEMBER_MEDIA_ROOT = MEDIA_PATHS.membersOnlyRoot;

const VIDEO_EXTENSIONS = new Set(['mp4', 'webm']);

export const mediaKindOfKey = (key: string): PostMediaKind =>
  VIDEO_EXTENSIONS.has(key.slice(key.lastIndexOf('.') + 1)) ? 'video' : 'image';

/**
 * URLs are signed for a window that starts at the last whole `windowSeconds` (half the
 * lifetime), so the same file gets the same URL for a while and the browser's cache keeps it;
 * each URL stays valid between half and all of MEMBER_MEDIA_READ.expiresInSeconds.
 */
function signingWindow(now: Date) {
  const lifetime = MEMBER_MEDIA_READ.expiresInSeconds;
  const windowMs = (lifetime / 2) * 1000;
  const signedAt = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { signedAt, expiresAt: new Date(signedAt.getTime() + lifetime * 1000) };
}

/** A signed read of one members-only file; call only after the caller's membership was checked. */
export async function signMemberMediaRead(key: string, now = new Date()): Promise<PostMedia> {
  const { signedAt, expiresAt } = signingWindow(now);
  const url = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: mediaBucket(), Key: key }), {
    expiresIn: MEMBER_MEDIA_READ.expiresInSeconds,
    signingDate: signedAt,
  });
  return { key, kind: mediaKindOfKey(key), url, expiresAt: expiresAt.toISOString() };
}
