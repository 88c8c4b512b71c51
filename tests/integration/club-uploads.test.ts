/**
 * Uploads into a club's folders (its logo and cover, post files, course files) through their
 * handlers on DynamoDB Local and s3rver: signed only for a club in service; for an unpaid, an
 * inactive or a suspended club even its owner is refused with a 409 that says so.
 */
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as courses } from '@clubs/functions/routes/courses';
import { handler as feed } from '@clubs/functions/routes/feed';
import { UPLOADS_NOT_ACTIVE_MESSAGE } from '@clubs/functions/services/club-in-service';
import type { PresignedUpload, RouteId } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { clubWithCourse, OUT_OF_SERVICE } from '../support/club-course.ts';
import { type GroupHandler, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { useMediaStore } from '../support/media-store.ts';

useMediaStore('clubs-club-uploads-test');

type Answer = PresignedUpload & { error: { code: string; message: string } };

/** The three uploads a club's owner may ask for, each signing one 1 KB image. */
function uploadsOf(clubId: string, courseId: string, ownerId: string) {
  const ask = (handler: GroupHandler, id: RouteId, body: unknown, params: Record<string, string> = {}) =>
    invoke<Answer>(
      handler,
      httpEvent(id, { params: { clubId, ...params }, claims: memberClaims(ownerId), body }),
    );
  return {
    clubImage: () =>
      ask(clubAdmin, 'createClubImageUpload', { kind: 'logo', contentType: 'image/png', size: 1024 }),
    postMedia: () =>
      ask(feed, 'createPostMediaUpload', { postType: 'image', contentType: 'image/png', size: 1024 }),
    courseMedia: () =>
      ask(courses, 'createCourseMediaUpload', { contentType: 'image/png', size: 1024 }, { courseId }),
  };
}

describe('uploads into a club', () => {
  it('are signed for an active club and refused for an unpaid, an inactive and a suspended one', async () => {
    const open = await clubWithCourse();
    for (const [name, upload] of Object.entries(uploadsOf(open.club.id, open.course.id, open.ownerId))) {
      const signed = await upload();
      expect(signed.status, name).toBe(201);
      expect(signed.body.fields.Policy, name).toBeTruthy();
    }
    for (const [, close] of OUT_OF_SERVICE) {
      const { club, ownerId, course } = await clubWithCourse();
      await close(club);
      for (const [name, upload] of Object.entries(uploadsOf(club.id, course.id, ownerId))) {
        const refused = await upload();
        expect(refused.status, name).toBe(409);
        expect(refused.body.error.message, name).toBe(UPLOADS_NOT_ACTIVE_MESSAGE);
        expect(refused.body.fields, name).toBeUndefined();
      }
    }
  });
});
