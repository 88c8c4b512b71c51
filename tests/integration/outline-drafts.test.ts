/**
 * What outline drafts may cost, through the courses handler and the service on DynamoDB Local:
 * only a club in service drafts, and each club and each person drafts at most a day's count,
 * exact under concurrent requests, the rest answered 429 with Retry-After.
 */
import { handler } from '@clubs/functions/routes/courses';
import {
  OUTLINE_NOT_ACTIVE_MESSAGE,
  OutlineDraftLimit,
  requestOutlineDraft,
} from '@clubs/functions/services/courses/outline';
import { type GeneratedOutline, OUTLINE_DRAFT_LIMITS } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { clubWithCourse, OUT_OF_SERVICE } from '../support/club-course.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';

type Answer = GeneratedOutline & { error: { code: string; message: string } };

const draft = (clubId: string, courseId: string, userId: string) =>
  invoke<Answer>(
    handler,
    httpEvent('generateCourseOutline', { params: { clubId, courseId }, claims: memberClaims(userId) }),
  );

describe('outline drafts', () => {
  it('are refused for an unpaid, an inactive and a suspended club, with a conflict that says why', async () => {
    for (const [, close] of OUT_OF_SERVICE) {
      const { club, ownerId, course } = await clubWithCourse();
      await close(club);
      const refused = await draft(club.id, course.id, ownerId);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(OUTLINE_NOT_ACTIVE_MESSAGE);
    }
  });

  it(`stop at ${OUTLINE_DRAFT_LIMITS.perClubPerDay} a day for a club, with a 429 and Retry-After`, async () => {
    const { club, ownerId, course } = await clubWithCourse();
    for (let n = 0; n < OUTLINE_DRAFT_LIMITS.perClubPerDay; n += 1) {
      expect((await draft(club.id, course.id, ownerId)).status).toBe(200);
    }
    const refused = await draft(club.id, course.id, ownerId);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(refused.body.error.message).toMatch(
      new RegExp(`^This club has drafted ${OUTLINE_DRAFT_LIMITS.perClubPerDay} outlines today`),
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(OUTLINE_DRAFT_LIMITS.windowSeconds);
  });

  it('let exactly the room left through when many ask at once, for a club and for a person across clubs', async () => {
    const limits = { perClubPerDay: 4, perAccountPerDay: 6, windowSeconds: 3600 };
    const { club, ownerId, course } = await clubWithCourse();
    const asked = await Promise.allSettled(
      Array.from({ length: 20 }, () => requestOutlineDraft(club, ownerId, course, new Date(), limits)),
    );
    expect(asked.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
    for (const result of asked) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(OutlineDraftLimit);
    }

    // The same person in another club of theirs has 2 of their 6 left.
    const second = await clubWithCourse(ownerId);
    const more = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        requestOutlineDraft(second.club, ownerId, second.course, new Date(), limits),
      ),
    );
    expect(more.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    const refusal = more.find((result) => result.status === 'rejected')?.reason as OutlineDraftLimit;
    expect(refusal.message).toMatch(/^You have drafted 6 outlines today/);
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
  });
});
