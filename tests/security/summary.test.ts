/**
 * The summary never claims a stored-XSS or load count that its run did not measure: it prints
 * the counts that run left, says when that run failed, and says when it did not run at all.
 */
import { describe, expect, it } from 'vitest';
import { formatSummary, runOutcomeOf } from './support/summary.ts';

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
    expect(runOutcomeOf(undefined)).toBe('not_run');
    expect(runOutcomeOf('passed')).toBe('passed');
    expect(runOutcomeOf('bogus')).toBe('not_run');
  });
});

const load = {
  minutes: 1,
  requests: 6000,
  perSecond: 100,
  fiveHundreds: 0,
  oddities: 0,
  counters: 900,
  mismatches: 0,
};

const loadLineOf = (text: string) => text.split('\n').find((line) => line.startsWith('mixed load'));

describe('security summary, mixed load line', () => {
  it('reports what the load run measured, and when it failed', () => {
    expect(loadLineOf(formatSummary({ load }, 'passed', 'passed'))).toBe(
      'mixed load: 1 min through the local gateway, 6000 requests (100/s), 0 5xx, 0 answers neither 2xx nor 4xx; books: 900 counters checked, 0 mismatches',
    );
    expect(loadLineOf(formatSummary({ load: { ...load, mismatches: 1 } }, 'passed', 'failed'))).toMatch(
      /1 mismatches \(the load run failed\)$/,
    );
    expect(loadLineOf(formatSummary({}, 'passed', 'failed'))).toMatch(/failed before it measured anything/);
  });

  it('says when the load was not part of this invocation', () => {
    expect(loadLineOf(formatSummary({}))).toMatch(/^mixed load: not run in this invocation/);
  });
});
