import { isSafeRedirect, loginPathFor, redirectAfterLogin } from '@clubs/web/src/auth/redirect.ts';
import { describe, expect, it } from 'vitest';

describe('redirectAfterLogin', () => {
  it('prefers the redirect query parameter', () => {
    expect(redirectAfterLogin('?redirect=%2Fc%2Fclub-1', { from: { pathname: '/profile' } })).toBe(
      '/c/club-1',
    );
  });

  it('keeps the query string and hash of the redirect target', () => {
    expect(redirectAfterLogin('?redirect=%2Fclubs%3Ftab%3Dfree%23top')).toBe('/clubs?tab=free#top');
  });

  it('falls back to the page the user came from (router state)', () => {
    expect(redirectAfterLogin('', { from: { pathname: '/profile', search: '?tab=bio', hash: '' } })).toBe(
      '/profile?tab=bio',
    );
    expect(redirectAfterLogin('', { from: '/settings' })).toBe('/settings');
  });

  it('falls back to /dashboard', () => {
    expect(redirectAfterLogin('')).toBe('/dashboard');
    expect(redirectAfterLogin('', null)).toBe('/dashboard');
    expect(redirectAfterLogin('', { somethingElse: true })).toBe('/dashboard');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/\t/evil.example',
    '',
  ])('ignores the unsafe redirect %j', (target) => {
    const params = new URLSearchParams({ redirect: target });
    expect(redirectAfterLogin(params)).toBe('/dashboard');
    expect(redirectAfterLogin(params, { from: { pathname: '/members/u1' } })).toBe('/members/u1');
  });

  it('ignores an unsafe `from` as well', () => {
    expect(redirectAfterLogin('', { from: '//evil.example' })).toBe('/dashboard');
  });

  it('never sends the user back to the login or registration page', () => {
    expect(redirectAfterLogin('?redirect=%2Flogin%3Fredirect%3D%252Fx')).toBe('/dashboard');
    expect(redirectAfterLogin('', { from: { pathname: '/register' } })).toBe('/dashboard');
  });
});

describe('isSafeRedirect', () => {
  it('accepts same-site absolute paths only', () => {
    expect(isSafeRedirect('/')).toBe(true);
    expect(isSafeRedirect('/communities/abc/courses?x=1')).toBe(true);
    expect(isSafeRedirect('//x')).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
    expect(isSafeRedirect(42)).toBe(false);
  });
});

describe('loginPathFor', () => {
  it('encodes the whole original path and search', () => {
    expect(loginPathFor('/clubs/a b/events?x=1&y=2')).toBe(
      '/login?redirect=%2Fclubs%2Fa%20b%2Fevents%3Fx%3D1%26y%3D2',
    );
  });
});
