// @vitest-environment node
/**
 * web/public/robots.txt lets crawlers read the public site and keeps them out of the signed-in
 * app and the API, read the way crawlers read it: the longest matching rule wins, Allow on a tie.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROBOTS = readFileSync(new URL('../../web/public/robots.txt', import.meta.url), 'utf8');
const rules = ROBOTS.split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .flatMap((line) => {
    const match = /^(allow|disallow):\s*(\S*)$/i.exec(line);
    return match ? [{ allow: match[1]?.toLowerCase() === 'allow', path: match[2] ?? '' }] : [];
  });

function crawlable(path: string): boolean {
  const matching = rules.filter((rule) => rule.path !== '' && path.startsWith(rule.path));
  const longest = Math.max(-1, ...matching.map((rule) => rule.path.length));
  const winners = matching.filter((rule) => rule.path.length === longest);
  return winners.length === 0 || winners.some((rule) => rule.allow);
}

describe('robots.txt', () => {
  it('names every crawler', () => {
    expect(ROBOTS).toMatch(/^User-agent: \*$/m);
  });

  it.each([
    '/',
    '/clubs',
    '/clubs?category=fitness',
    '/c/01J0000000000000000000000',
    '/about',
    '/pricing',
    '/login',
  ])('lets crawlers read the public page %s', (path) => expect(crawlable(path)).toBe(true));

  it.each([
    '/api/clubs',
    '/clubs/01J0000000000000000000000/members',
    '/communities/01J0000000000000000000000',
    '/dashboard',
    '/settings',
    '/super-admin',
    '/invite/01J0000000000000000000000/token',
  ])('keeps crawlers out of %s', (path) => expect(crawlable(path)).toBe(false));
});
