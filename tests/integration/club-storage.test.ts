/**
 * A club's storage quota against DynamoDB Local and s3rver: every upload signed into the club's
 * folders counts its declared size, one that does not fit is refused with a 413 naming the figures
 * before anything is signed, and a deleted post's file gives its size back.
 */
import { reserveStorage, storedBytesOf } from '@clubs/functions/data/repositories/club-storage';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { inspectMedia } from '@clubs/functions/media/uploads';
import { handler as adminHandler } from '@clubs/functions/routes/club-admin';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { signClubUpload } from '@clubs/functions/services/club-storage';
import {
  CLUB_STORAGE_QUOTA_BYTES,
  CLUB_UPLOAD_LIMITS,
  POST_MEDIA_UPLOAD,
  type Post,
  type PresignedUpload,
  postMediaPrefixOf,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { PNG, postToS3 } from '../support/browser-upload.ts';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { useMediaStore } from '../support/media-store.ts';

useMediaStore('clubs-storage-test');

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

async function clubOf() {
  const { club } = await createClubWithOwner(clubFixture({ ownerId: ulid() }));
  const as = memberClaims(club.ownerId);
  const sign = (
    handler: typeof feedHandler,
    id: 'createPostMediaUpload' | 'createClubImageUpload',
    body: object,
  ) =>
    invoke<PresignedUpload & ErrorBody>(
      handler,
      httpEvent(id, { claims: as, params: { clubId: club.id }, body }),
    );
  return {
    clubId: club.id,
    ownerId: club.ownerId,
    signPostFile: (size: number) =>
      sign(feedHandler, 'createPostMediaUpload', { postType: 'image', contentType: 'image/png', size }),
    signLogo: (size: number) =>
      sign(adminHandler, 'createClubImageUpload', { kind: 'logo', contentType: 'image/png', size }),
    feed: <T>(
      id: 'createPost' | 'deletePost',
      options: { params?: Record<string, string>; body?: unknown },
    ) =>
      invoke<T & ErrorBody>(
        feedHandler,
        httpEvent(id, { claims: as, params: { clubId: club.id, ...options.params }, body: options.body }),
      ),
  };
}

describe('club storage quota', () => {
  it('counts each signed upload at its declared size and refuses, with the figures, one that does not fit', async () => {
    const { clubId, signPostFile, signLogo } = await clubOf();
    expect((await signPostFile(1000)).status).toBe(201);
    expect((await signLogo(2000)).status).toBe(201);
    expect(await storedBytesOf(clubId)).toBe(3000);

    // Fill the club up to 1,500 bytes short of its quota.
    const filler = CLUB_STORAGE_QUOTA_BYTES - 3000 - 1500;
    expect(await reserveStorage(clubId, filler, CLUB_STORAGE_QUOTA_BYTES)).toEqual({ reserved: true });
    const full = await signPostFile(1501);
    expect(full.status).toBe(413);
    expect(full.body.error.code).toBe('payload_too_large');
    expect(full.body.error.message).toMatch(/storage is full: .* of 5 GB used, and this file needs 2 KB/);
    expect(full.body.error.details).toEqual({
      usedBytes: CLUB_STORAGE_QUOTA_BYTES - 1500,
      quotaBytes: CLUB_STORAGE_QUOTA_BYTES,
      requestedBytes: 1501,
    });
    expect(full.body).not.toHaveProperty('fields');
    expect((await signLogo(1501)).status).toBe(413);
    expect(await storedBytesOf(clubId)).toBe(CLUB_STORAGE_QUOTA_BYTES - 1500);

    // What still fits is signed, and then nothing more.
    expect((await signPostFile(1500)).status).toBe(201);
    expect(await storedBytesOf(clubId)).toBe(CLUB_STORAGE_QUOTA_BYTES);
    expect((await signPostFile(1)).status).toBe(413);
  });

  it('refuses a bad type or size without counting it', async () => {
    const { clubId, signPostFile } = await clubOf();
    expect((await signPostFile(11 * 1024 * 1024)).status).toBe(400);
    expect(await storedBytesOf(clubId)).toBe(0);
  });

  it('gives a deleted post’s file size back to the club', async () => {
    const { clubId, signPostFile, feed } = await clubOf();
    const signed = await signPostFile(PNG.length);
    await postToS3(signed.body, PNG);
    expect(await storedBytesOf(clubId)).toBe(PNG.length);
    const post = await feed<Post>('createPost', {
      body: { title: 'Look', content: '', type: 'image', media: [signed.body.key] },
    });
    expect(post.status).toBe(201);
    expect((await feed('deletePost', { params: { postId: post.body.id } })).status).toBe(200);
    expect(await inspectMedia(signed.body.key)).toBeNull();
    expect(await storedBytesOf(clubId)).toBe(0);
  });

  /** A post file signed two hours ago: its presigned POST and its reservation's grace are over. */
  const signedLongAgo = (clubId: string, uploaderId: string, size: number) =>
    signClubUpload(
      clubId,
      uploaderId,
      {
        prefix: postMediaPrefixOf(clubId, uploaderId),
        contentType: 'image/png',
        size,
        allowedContentTypes: POST_MEDIA_UPLOAD.contentTypes,
        maxBytes: POST_MEDIA_UPLOAD.maxBytes,
        expiresInSeconds: POST_MEDIA_UPLOAD.expiresInSeconds,
      },
      new Date(Date.now() - 2 * 3600 * 1000),
    );

  it('gives the bytes of an upload never made back once its reservation lapses', async () => {
    const { clubId, ownerId, signPostFile } = await clubOf();
    await signedLongAgo(clubId, ownerId, 4000);
    expect(await storedBytesOf(clubId)).toBe(4000);
    // The club is full but for the lapsed reservation: the next sign reclaims it and fits.
    await reserveStorage(clubId, CLUB_STORAGE_QUOTA_BYTES - 4000, CLUB_STORAGE_QUOTA_BYTES);
    expect((await signPostFile(3000)).status).toBe(201);
    expect(await storedBytesOf(clubId)).toBe(CLUB_STORAGE_QUOTA_BYTES - 1000);
  });

  it('keeps a used file counted: its reservation is settled and never lapses', async () => {
    const { clubId, ownerId, signPostFile, feed } = await clubOf();
    const signed = await signedLongAgo(clubId, ownerId, PNG.length);
    await postToS3(signed, PNG);
    const post = await feed<Post>('createPost', {
      body: { title: 'Look', content: '', type: 'image', media: [signed.key] },
    });
    expect(post.status).toBe(201);
    await reserveStorage(clubId, CLUB_STORAGE_QUOTA_BYTES - PNG.length, CLUB_STORAGE_QUOTA_BYTES);
    expect((await signPostFile(1)).status).toBe(413);
    expect(await storedBytesOf(clubId)).toBe(CLUB_STORAGE_QUOTA_BYTES);
  });

  it(`lets a person sign ${CLUB_UPLOAD_LIMITS.signsPerMemberPerHour} uploads an hour, then refuses with 429 and counts nothing`, async () => {
    const { clubId, signPostFile } = await clubOf();
    for (let i = 0; i < CLUB_UPLOAD_LIMITS.signsPerMemberPerHour; i++) {
      expect((await signPostFile(10)).status).toBe(201);
    }
    const refused = await signPostFile(10);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(refused.body).not.toHaveProperty('fields');
    expect(await storedBytesOf(clubId)).toBe(10 * CLUB_UPLOAD_LIMITS.signsPerMemberPerHour);
  });
});
