/**
 * The avatar upload presign: refused before signing when the type or size is wrong, and the
 * signed policy itself carries the same limits (s3rver ignores policies, AWS enforces them, so
 * the policy's text is what is asserted here).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { setS3Client } from '@clubs/functions/media/s3';
import { mediaKeyOf, presignUpload, UploadRefused, uploadConditions } from '@clubs/functions/media/uploads';
import { handler } from '@clubs/functions/routes/profiles';
import { AVATAR_UPLOAD, type PresignedUpload } from '@clubs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';

const BUCKET = 'clubs-media-unit';
const TEN_MB = 10 * 1024 * 1024;

interface Policy {
  expiration: string;
  conditions: (Record<string, string> | [string, ...(string | number)[]])[];
}
const policyOf = (upload: PresignedUpload): Policy =>
  JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8')) as Policy;

beforeAll(() => {
  process.env.MEDIA_BUCKET = BUCKET;
  setS3Client(
    new S3Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-for-unit-tests' },
    }),
  );
});
afterAll(() => {
  setS3Client(undefined);
  delete process.env.MEDIA_BUCKET;
});

const presign = (body: unknown, sub = 'user-1') =>
  invoke<PresignedUpload & { error?: { code: string; message: string; details?: unknown } }>(
    handler,
    httpEvent('createAvatarUpload', { claims: memberClaims(sub), body }),
  );

describe('POST /api/me/avatar-upload', () => {
  it('signs a POST to the bucket whose policy pins bucket, key, type, size range and a short expiry', async () => {
    const before = Date.now();
    const res = await presign({ contentType: 'image/png', size: 123_456 });
    expect(res.status).toBe(201);
    const upload = res.body;
    expect(upload.url).toBe(`https://${BUCKET}.s3.eu-west-1.amazonaws.com/`);
    expect(upload.key).toMatch(/^avatars\/user-1\/[0-9a-z]{26}\.png$/);
    expect(upload.mediaUrl).toBe(`/media/${upload.key}`);
    expect(upload.fields).toMatchObject({
      key: upload.key,
      bucket: BUCKET,
      'Content-Type': 'image/png',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(upload.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);

    const policy = policyOf(upload);
    // Capped at the declared size, never above the 10 MB rule.
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 123_456]);
    expect(policy.conditions).toContainEqual({ 'Content-Type': 'image/png' });
    expect(policy.conditions).toContainEqual({ bucket: BUCKET });
    expect(policy.conditions).toContainEqual({ key: upload.key });
    // The form stores it tagged staged, and the policy pins that too.
    expect(policy.conditions).toContainEqual({ tagging: upload.fields.tagging });
    expect(upload.fields.tagging).toContain('<Key>upload</Key><Value>staged</Value>');
    // No starts-with condition: the browser cannot choose another key or type.
    expect(policy.conditions.some((c) => Array.isArray(c) && c[0] === 'starts-with')).toBe(false);
    const expiresIn = Date.parse(policy.expiration) - before;
    expect(expiresIn).toBeGreaterThan((AVATAR_UPLOAD.expiresInSeconds - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(AVATAR_UPLOAD.expiresInSeconds * 1000 + 1000);
    expect(Date.parse(upload.expiresAt)).toBeCloseTo(Date.parse(policy.expiration), -4);
  });

  it.each(['image/jpeg', 'image/gif', 'image/webp'])('accepts %s with its own extension', async (type) => {
    const res = await presign({ contentType: type, size: 10 });
    expect(res.status).toBe(201);
    expect(res.body.key.split('.').pop()).toBe(
      { 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }[type],
    );
  });

  it.each([
    [{ contentType: 'image/svg+xml', size: 10 }, 'Only image files are allowed'],
    [{ contentType: 'video/mp4', size: 10 }, 'Only image files are allowed'],
    [{ contentType: 'text/html', size: 10 }, 'Only image files are allowed'],
    [{ contentType: 'image/png', size: TEN_MB + 1 }, 'File size must be less than 10MB'],
    [{ contentType: 'image/png', size: 0 }, 'The file is empty'],
    [{ contentType: 'image/png', size: 1.5 }, undefined],
    [{ contentType: 'image/png', size: 10, key: 'avatars/other/x.png' }, undefined],
  ])('refuses %j before signing (400)', async (body, message) => {
    const res = await presign(body);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('validation_failed');
    expect(res.body).not.toHaveProperty('url');
    if (message) expect(JSON.stringify(res.body.error?.details)).toContain(message);
  });

  it('refuses a signed-out caller with 401', async () => {
    const res = await invoke<{ error: { code: string } }>(
      handler,
      httpEvent('createAvatarUpload', { body: { contentType: 'image/png', size: 10 } }),
    );
    expect(res.status).toBe(401);
  });

  it('keeps every caller in their own folder', async () => {
    const a = await presign({ contentType: 'image/png', size: 10 }, 'user-a');
    const b = await presign({ contentType: 'image/png', size: 10 }, 'user-b');
    expect(a.body.key.startsWith('avatars/user-a/')).toBe(true);
    expect(b.body.key.startsWith('avatars/user-b/')).toBe(true);
  });
});

describe('presignUpload (the last check before signing)', () => {
  const base = {
    prefix: 'avatars/u',
    allowedContentTypes: AVATAR_UPLOAD.contentTypes,
    maxBytes: AVATAR_UPLOAD.maxBytes,
    expiresInSeconds: 60,
  };
  it('throws UploadRefused for a type or size outside the request', async () => {
    await expect(presignUpload({ ...base, contentType: 'image/svg+xml', size: 1 })).rejects.toBeInstanceOf(
      UploadRefused,
    );
    await expect(presignUpload({ ...base, contentType: 'image/png', size: TEN_MB + 1 })).rejects.toThrow(
      'too large',
    );
  });

  it('builds its conditions from the limits it is given', () => {
    expect(uploadConditions('image/gif', 5)).toEqual({
      fields: {
        'Content-Type': 'image/gif',
        // Stored tagged staged: the bucket deletes it after a day unless something uses it.
        tagging: '<Tagging><TagSet><Tag><Key>upload</Key><Value>staged</Value></Tag></TagSet></Tagging>',
      },
      conditions: [['content-length-range', 1, 5]],
    });
  });

  it('reads keys only from /media/ paths, never with ".." segments', () => {
    expect(mediaKeyOf('/media/avatars/u/a.png')).toBe('avatars/u/a.png');
    expect(mediaKeyOf('/media/avatars/u/../v/a.png')).toBeNull();
    expect(mediaKeyOf('https://example.com/a.png')).toBeNull();
    expect(mediaKeyOf(null)).toBeNull();
  });
});
