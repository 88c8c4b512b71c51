/**
 * Edit club end to end over DynamoDB Local and s3rver: the owner renames the club and the
 * directory search finds the new name at once and never the old one; logos and covers are
 * uploaded with the presigned POST and accepted only when stored in the club's folder of that
 * kind as an image within 10 MB; anyone but the owner is refused and nothing changes.
 */
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { inspectMedia, mediaKeyOf } from '@clubs/functions/media/uploads';
import { handler as adminHandler } from '@clubs/functions/routes/club-admin';
import { handler as clubsHandler } from '@clubs/functions/routes/clubs';
import { type Club, type PresignedUpload, type PublicClub, UPLOAD_TAG } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { PNG, postToS3 } from '../support/browser-upload.ts';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { uploadTagOf, useMediaStore } from '../support/media-store.ts';

useMediaStore('clubs-media-test');

type ErrorBody = { error: { code: string; message: string } };

async function ownedClub(overrides: Partial<Club> = {}) {
  const { club } = await createClubWithOwner(clubFixture({ name: `Lantern ${ulid()}`, ...overrides }));
  return club;
}

const edit = (sub: string, clubId: string, body: unknown) =>
  invoke<Club & ErrorBody>(
    adminHandler,
    httpEvent('editClub', { claims: memberClaims(sub), params: { clubId }, body }),
  );

async function presign(sub: string, clubId: string, body: unknown) {
  return invoke<PresignedUpload & ErrorBody>(
    adminHandler,
    httpEvent('createClubImageUpload', { claims: memberClaims(sub), params: { clubId }, body }),
  );
}

const search = async (text: string) => {
  const res = await invoke<{ items: PublicClub[] }>(
    clubsHandler,
    httpEvent('listClubs', { query: { q: text } }),
  );
  return res.body.items.map((club) => club.id);
};

describe('PATCH /api/clubs/{clubId} (edit club)', () => {
  it('renames the club, and the directory search finds the new name at once and never the old', async () => {
    const oldWord = `zephyr${ulid().slice(-6).toLowerCase()}`;
    const newWord = `quokka${ulid().slice(-6).toLowerCase()}`;
    const club = await ownedClub({ name: `Lantern ${oldWord}` });
    expect(await search(oldWord)).toEqual([club.id]);

    const res = await edit(club.ownerId, club.id, {
      name: `  Lantern ${newWord} `,
      description: 'Evening walks.',
      category: 'wellness',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: `Lantern ${newWord}`,
      description: 'Evening walks.',
      category: 'wellness',
    });
    expect(await search(newWord)).toEqual([club.id]);
    expect(await search(oldWord)).toEqual([]);
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name of 200 characters', { name: 'x'.repeat(200) }],
    ['no name', { description: 'Only this' }],
    ['an unknown category', { name: 'Fine', category: 'cooking' }],
    ['an external logo', { name: 'Fine', logoUrl: 'https://example.com/logo.png' }],
    ['a logo of another club', { name: 'Fine', logoUrl: `/media/clubs/${ulid()}/logo/a.png` }],
    ['a logo that was never uploaded', { name: 'Fine', logoUrl: '/media/clubs/{clubId}/logo/none.png' }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const club = await ownedClub();
    const concrete = JSON.parse(JSON.stringify(body).replace('{clubId}', club.id));
    const res = await edit(club.ownerId, club.id, concrete);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBeTruthy();
    expect(await getClub(club.id)).toEqual(club);
  });

  it('answers 404 to anyone but the owner and changes nothing', async () => {
    const club = await ownedClub();
    const res = await edit(ulid(), club.id, { name: 'Taken over' });
    expect(res.status).toBe(404);
    expect(await getClub(club.id)).toEqual(club);
    const upload = await presign(ulid(), club.id, { kind: 'logo', contentType: 'image/png', size: 10 });
    expect(upload.status).toBe(404);
  });
});

describe('club logo and cover uploads', () => {
  it('signs a POST into the club folder of the kind, and the uploaded cover replaces the old one', async () => {
    const club = await ownedClub();
    const first = await presign(club.ownerId, club.id, {
      kind: 'cover',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(first.status).toBe(201);
    expect(first.body.key.startsWith(`clubs/${club.id}/cover/`)).toBe(true);
    expect(first.body.fields['Content-Type']).toBe('image/png');
    const policy = JSON.parse(Buffer.from(first.body.fields.Policy ?? '', 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, PNG.length]);
    await postToS3(first.body, PNG);
    const saved = await edit(club.ownerId, club.id, { name: club.name, coverImageUrl: first.body.mediaUrl });
    expect(saved.status).toBe(200);
    expect(saved.body.coverImageUrl).toBe(first.body.mediaUrl);
    expect(await uploadTagOf(first.body.key)).toBe(UPLOAD_TAG.attached);

    const second = await presign(club.ownerId, club.id, {
      kind: 'cover',
      contentType: 'image/png',
      size: PNG.length,
    });
    await postToS3(second.body, PNG);
    const replaced = await edit(club.ownerId, club.id, {
      name: club.name,
      coverImageUrl: second.body.mediaUrl,
    });
    expect(replaced.body.coverImageUrl).toBe(second.body.mediaUrl);
    expect(await inspectMedia(first.body.key)).toBeNull();

    const removed = await edit(club.ownerId, club.id, { name: club.name, coverImageUrl: null });
    expect(removed.body.coverImageUrl).toBeNull();
    expect(await inspectMedia(second.body.key)).toBeNull();
  });

  it.each([
    ['a video', { kind: 'logo', contentType: 'video/mp4', size: 10 }],
    ['an SVG', { kind: 'logo', contentType: 'image/svg+xml', size: 10 }],
    ['11 MB', { kind: 'cover', contentType: 'image/png', size: 11 * 1024 * 1024 }],
    ['an unknown kind', { kind: 'banner', contentType: 'image/png', size: 10 }],
  ])('refuses to sign %s with 400', async (_label, body) => {
    const club = await ownedClub();
    const res = await presign(club.ownerId, club.id, body);
    expect(res.status).toBe(400);
  });

  it('refuses a stored file that is not an image, removes it and keeps the old logo', async () => {
    const club = await ownedClub();
    const signed = await presign(club.ownerId, club.id, { kind: 'logo', contentType: 'image/png', size: 20 });
    // s3rver does not enforce the policy: the stored type is checked before the club names it.
    await postToS3(signed.body, Buffer.from('not an image at all'), { 'Content-Type': 'text/html' });
    const res = await edit(club.ownerId, club.id, { name: club.name, logoUrl: signed.body.mediaUrl });
    expect(res.status).toBe(400);
    expect(await inspectMedia(mediaKeyOf(signed.body.mediaUrl) ?? '')).toBeNull();
    expect((await getClub(club.id))?.logoUrl).toBeNull();
  });
});
