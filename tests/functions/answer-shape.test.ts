/**
 * Success answers leave the server as the route manifest declares them: parsed by the route's
 * response schema (route-handler.ts answerOf).
 */
import { AppError } from '@clubs/functions/errors';
import { toErrorResponse } from '@clubs/functions/http/errors';
import { answerOf } from '@clubs/functions/http/route-handler';
import { ROUTES } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

const route = ROUTES.getMe;
const me = {
  id: '01J0000000000000000000000A',
  email: 'ann@example.com',
  fullName: 'Ann',
  bio: '',
  location: '',
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  name: 'Ann',
  isSuperAdmin: false,
};

describe('answers shaped by the manifest', () => {
  it('keeps what the schema declares and drops what it does not', () => {
    const valid = route.response.parse(me);
    const answer = answerOf(route, 200, { ...valid, passwordHash: 'x', internalNote: 'y' });
    expect(answer).toEqual(valid);
    expect(answer).not.toHaveProperty('passwordHash');
  });

  it('refuses an answer of the wrong shape with the generic 500', () => {
    expect(() => answerOf(route, 200, { id: 42 })).toThrow(AppError);
    try {
      answerOf(route, 200, { id: 42 });
    } catch (error) {
      const { status, body } = toErrorResponse(error);
      expect(status).toBe(500);
      expect(body.error.message).not.toMatch(/id|42/);
    }
  });

  it('leaves other statuses and empty bodies alone', () => {
    expect(answerOf(route, 302, { location: '/x' })).toEqual({ location: '/x' });
    expect(answerOf(route, 204, undefined)).toBeUndefined();
  });
});
