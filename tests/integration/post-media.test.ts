/**
 * Post media end to end against a real s3rver: the feed handler signs a presigned POST for the
 * caller's folder of the club's members-only prefix, the file goes up as the browser sends it,
 * and a post names it. A file of a non-media type and an 11 MB file are refused before signing
 * (feed.test.ts), by the policy in S3 (its conditions are checked here), and, sent past the policy
 * (s3rver does not enforce it), when the post names them: a 400 with the spec's message, the
 * stored object removed and no post written.
 */
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { inspectMedia, uploadTagging } from '@clubs/functions/media/uploads';
import { handler } from '@clubs/functions/routes/feed';
import {
  POST_MEDIA_SIZE_MESSAGE,
  POST_MEDIA_TYPE_MESSAGE,
  type Post,
  type PostMediaUpload,
  type PostPage,
  UPLOAD_TAG,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG, postToS3 } from '../support/browser-upload.ts';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { uploadTagOf, useMediaStore } from '../support/media-store.ts';
import { addMember } from '../support/members.ts';

useMediaStore('clubs-post-media-test');

type ErrorBody = { error: { code: string; message: string } };
let clubId: string;
let alice: string;

beforeAll(async () => {
  const { club } = await createClubWithOwner(clubFixture({ ownerId: ulid() }));
  clubId = club.id;
  alice = ulid();
  await addMember(clubId, { userId: alice });
});

const call = <T>(id: 'createPostMediaUpload' | 'createPost' | 'listPosts', options: EventOptions) =>
  invoke<T & ErrorBody>(
    handler,
    httpEvent(id, { params: { clubId }, claims: memberClaims(alice), ...options }),
  );

const sign = (contentType = 'image/png', size = PNG.length) =>
  call<PostMediaUpload>('createPostMediaUpload', { body: { postType: 'image', contentType, size } });

const imagePost = (key: string) =>
  call<Post>('createPost', { body: { title: 'Look', content: '', type: 'image', media: [key] } });

const postCount = async () => (await call<PostPage>('listPosts', {})).body.items.length;

describe('post media uploads', () => {
  it('stores an image under the caller’s folder and shows it to members through a signed URL', async () => {
    const signed = await sign();
    expect(signed.status).toBe(201);
    expect(signed.body.key.startsWith(`club-media/${clubId}/posts/${alice}/`)).toBe(true);
    // The policy S3 enforces: the exact type and at most the declared size.
    const policy = JSON.parse(Buffer.from(signed.body.fields.Policy ?? '', 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, PNG.length]);
    expect(policy.conditions).toContainEqual({ 'Content-Type': 'image/png' });
    // Stored tagged staged (the bucket expires those after a day) until a post uses it.
    expect(policy.conditions).toContainEqual({ tagging: uploadTagging(UPLOAD_TAG.staged) });
    await postToS3(signed.body, PNG);
    const created = await imagePost(signed.body.key);
    expect(created.status).toBe(201);
    expect(await uploadTagOf(signed.body.key)).toBe(UPLOAD_TAG.attached);
    const [media] = created.body.media;
    expect(media?.key).toBe(signed.body.key);
    const read = await fetch(media?.url ?? '');
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a non-media file sent past the policy when the post names it: removed, no post', async () => {
    const before = await postCount();
    const signed = await sign();
    await postToS3(signed.body, Buffer.from('<script>alert(1)</script>'), { 'Content-Type': 'text/html' });
    expect(await inspectMedia(signed.body.key)).toEqual(
      expect.objectContaining({ contentType: 'text/html' }),
    );
    const res = await imagePost(signed.body.key);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(POST_MEDIA_TYPE_MESSAGE);
    expect(await inspectMedia(signed.body.key)).toBeNull();
    expect(await postCount()).toBe(before);
  });

  it('refuses an 11 MB file sent past the policy when the post names it: removed, no post', async () => {
    const before = await postCount();
    const signed = await sign();
    await postToS3(signed.body, Buffer.alloc(11 * 1024 * 1024, 1));
    const res = await imagePost(signed.body.key);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(POST_MEDIA_SIZE_MESSAGE);
    expect(await inspectMedia(signed.body.key)).toBeNull();
    expect(await postCount()).toBe(before);
  });
});
