/**
 * PATCH /api/me and the avatar upload end to end: the handler signs, the file goes to a real
 * s3rver with the presigned POST (as the browser sends it), and the profile only accepts a photo
 * that is really stored, under the caller's own folder, of an image type and within 10 MB.
 */
import { getProfile } from '@clubs/functions/data/repositories/profiles';
import { inspectMedia, mediaKeyOf } from '@clubs/functions/media/uploads';
import { handler } from '@clubs/functions/routes/profiles';
import { type Me, type PresignedUpload, UPLOAD_TAG } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { PNG, postToS3 } from '../support/browser-upload.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { uploadTagOf, useMediaStore } from '../support/media-store.ts';

useMediaStore('clubs-media-test');

type ErrorBody = { error: { code: string; message: string } };
const me = (sub: string) => invoke<Me>(handler, httpEvent('getMe', { claims: memberClaims(sub) }));
const patch = (sub: string, body: unknown) =>
  invoke<Me & ErrorBody>(handler, httpEvent('updateMe', { claims: memberClaims(sub), body }));

async function presign(sub: string, contentType = 'image/png', size = PNG.length) {
  const res = await invoke<PresignedUpload>(
    handler,
    httpEvent('createAvatarUpload', { claims: memberClaims(sub), body: { contentType, size } }),
  );
  expect(res.status).toBe(201);
  return res.body;
}

const post = postToS3;

describe('PATCH /api/me', () => {
  it('saves full name, bio and location, trimmed, and GET /api/me returns them', async () => {
    const sub = ulid();
    await me(sub);
    const res = await patch(sub, { fullName: '  Ada Lovelace ', bio: 'Counts things.', location: 'London' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullName: 'Ada Lovelace', name: 'Ada Lovelace', bio: 'Counts things.' });
    expect((await me(sub)).body).toMatchObject({ fullName: 'Ada Lovelace', location: 'London' });
  });

  it('creates the profile first when the caller has none yet', async () => {
    const sub = ulid();
    const res = await patch(sub, { bio: 'First words.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sub, bio: 'First words.', fullName: 'Test Person' });
  });

  it.each([
    [{ fullName: 'x'.repeat(101) }],
    [{ bio: 'x'.repeat(1001) }],
    [{ location: 5 }],
    [{ email: 'other@example.com' }],
    [{ avatarUrl: 'javascript:alert(1)' }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const sub = ulid();
    await patch(sub, { bio: 'before' });
    const res = await patch(sub, body);
    expect(res.status).toBe(400);
    expect((await getProfile(sub))?.bio).toBe('before');
  });

  it('answers 401 without a token', async () => {
    const res = await invoke<ErrorBody>(handler, httpEvent('updateMe', { body: { bio: 'x' } }));
    expect(res.status).toBe(401);
  });

  it('follows a verified e-mail change from the token onto the profile', async () => {
    const sub = ulid();
    await me(sub);
    const res = await invoke<Me>(
      handler,
      httpEvent('getMe', { claims: memberClaims(sub, { email: 'New@Example.com' }) }),
    );
    expect(res.body.email).toBe('new@example.com');
    expect((await getProfile(sub))?.email).toBe('new@example.com');
  });
});

describe('profile photo', () => {
  it('uploads through the presigned POST and saves the photo on the profile', async () => {
    const sub = ulid();
    const upload = await presign(sub);
    await post(upload, PNG);
    const stored = await inspectMedia(upload.key);
    expect(stored).toEqual({ contentType: 'image/png', size: PNG.length });

    const res = await patch(sub, { avatarUrl: upload.mediaUrl });
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toBe(upload.mediaUrl);
    expect((await getProfile(sub))?.avatarUrl).toBe(upload.mediaUrl);
    expect(await uploadTagOf(upload.key)).toBe(UPLOAD_TAG.attached);
  });

  it('removes the previous photo when a new one replaces it, and keeps a re-sent current one', async () => {
    const sub = ulid();
    const first = await presign(sub);
    await post(first, PNG);
    await patch(sub, { avatarUrl: first.mediaUrl });
    expect((await patch(sub, { avatarUrl: first.mediaUrl, bio: 'same photo' })).status).toBe(200);
    expect(await inspectMedia(first.key)).not.toBeNull();

    const second = await presign(sub);
    await post(second, PNG);
    expect((await patch(sub, { avatarUrl: second.mediaUrl })).status).toBe(200);
    expect(await inspectMedia(first.key)).toBeNull();
    expect(await inspectMedia(second.key)).not.toBeNull();
  });

  it("refuses a photo under someone else's folder", async () => {
    const owner = ulid();
    const upload = await presign(owner);
    await post(upload, PNG);
    const thief = ulid();
    const res = await patch(thief, { avatarUrl: upload.mediaUrl });
    expect(res.status).toBe(400);
    expect((await getProfile(thief))?.avatarUrl ?? null).toBeNull();
    expect(await inspectMedia(upload.key)).not.toBeNull();
  });

  it('refuses a photo that was never uploaded, and external URLs', async () => {
    const sub = ulid();
    const upload = await presign(sub);
    expect((await patch(sub, { avatarUrl: upload.mediaUrl })).body.error.message).toBe(
      'The photo was not uploaded. Please try again.',
    );
    expect((await patch(sub, { avatarUrl: 'https://example.com/me.png' })).status).toBe(400);
  });

  // s3rver does not enforce the policy's Content-Type and size conditions; S3 would refuse these POSTs.
  it.each([
    {
      sent: 'another type',
      body: Buffer.from('<script>alert(1)</script>'),
      headers: { 'Content-Type': 'text/html' },
      message: 'Only image files are allowed',
    },
    {
      sent: 'a file over 10 MB',
      body: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      headers: undefined,
      message: 'File size must be less than 10MB',
    },
  ])(
    'checks what is stored: $sent sent past the policy is refused and removed',
    async ({ body, headers, message }) => {
      const sub = ulid();
      const upload = await presign(sub);
      await post(upload, body, headers);
      const res = await patch(sub, { avatarUrl: upload.mediaUrl });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(await inspectMedia(upload.key)).toBeNull();
    },
  );

  it('removes the photo when the profile drops it', async () => {
    const sub = ulid();
    const upload = await presign(sub);
    await post(upload, PNG);
    await patch(sub, { avatarUrl: upload.mediaUrl });
    const res = await patch(sub, { avatarUrl: null });
    expect(res.body.avatarUrl).toBeNull();
    expect(await inspectMedia(mediaKeyOf(upload.mediaUrl) ?? '')).toBeNull();
  });
});
