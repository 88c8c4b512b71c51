/**
 * The summary never claims a stored-XSS count that the browser run did not measure: it prints
 * the counts that run left, says when that run failed, and says when it did not run at all.
 */
import { describe, expect, it } from 'vitest';
import { formatSummary, xssRunFromEnv } from './support/summary.ts';

const xss = {
  payloads: 30,
  fields: 8,
  written: 240,
  pages: 93,
  executed: 0,
  injected: 0,
  blocked: 0,
  notShown: 0,
};

const xssLineOf = (text: string) => text.split('\n').find((line) => line.startsWith('stored XSS'));

describe('security summary, stored XSS line', () => {
  it('reports what the browser run measured', () => {
    expect(xssLineOf(formatSummary({ xss }, 'passed'))).toBe(
      'stored XSS: payloads executed: 0 of 30 written through 8 fields (240 texts), 93 pages opened; 0 turned into markup, 0 blocked-script console messages, 0 texts not shown',
    );
  });

  it('says when the browser run failed, with or without counts', () => {
    expect(xssLineOf(formatSummary({ xss: { ...xss, executed: 2 } }, 'failed'))).toMatch(
      /^stored XSS: payloads executed: 2 of 30 .* \(the browser run failed\)$/,
    );
    expect(xssLineOf(formatSummary({}, 'failed'))).toMatch(/failed before it measured anything/);
  });

  it('says when the browser run was not part of this invocation', () => {
    expect(xssLineOf(formatSummary({}))).toMatch(/^stored XSS: not run in this invocation/);
    expect(xssRunFromEnv(undefined)).toBe('not_run');
    expect(xssRunFromEnv('passed')).toBe('passed');
    expect(xssRunFromEnv('bogus')).toBe('not_run');
  });
});
