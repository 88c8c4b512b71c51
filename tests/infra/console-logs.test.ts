/**
 * `npm start`'s console (infra/local/console-logs.ts): a function's JSON log record never reaches
 * the console as JSON in the default format; at or above LOG_LEVEL it is one readable line, below
 * it nothing; every record goes whole to the log file; LOG_FORMAT=json shows the JSON as it is;
 * lines that are not log records pass unchanged.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { readableLine, routeLine, routeStructuredLogs } from '@clubs/infra/local/console-logs.ts';
import { describe, expect, it } from 'vitest';

const info = JSON.stringify({
  level: 'INFO',
  message: 'search index',
  timestamp: '2026-11-27T20:46:40.108Z',
  service: 'clubs',
  sampling_rate: 0,
  type: 'membership.card-changed',
  puts: 2,
});
const error = JSON.stringify({
  level: 'ERROR',
  message: 'change event not put on the bus',
  timestamp: '2026-11-27T20:46:40.108Z',
  service: 'clubs',
  type: 'post.created',
  error: { name: 'PublishError', message: 'refused', location: 'bus.ts:70' },
});

describe('routeLine', () => {
  it('keeps a record below LOG_LEVEL off the console and puts it in the file', () => {
    expect(routeLine(info, { level: 'WARN', format: 'text' })).toEqual({ console: null, file: info });
  });

  it('shows a record at or above LOG_LEVEL as one readable line, not JSON', () => {
    const routed = routeLine(error, { level: 'WARN', format: 'text' });
    expect(routed.file).toBe(error);
    expect(routed.console).toBe(
      'ERROR change event not put on the bus  type=post.created  PublishError: refused (bus.ts:70)',
    );
    expect(routeLine(info, { level: 'INFO', format: 'text' }).console).toBe(
      'INFO  search index  type=membership.card-changed puts=2',
    );
  });

  it('shows the JSON as it is with LOG_FORMAT=json', () => {
    expect(routeLine(error, { level: 'WARN', format: 'json' }).console).toBe(error);
  });

  it('passes a line that is not a log record', () => {
    expect(routeLine('{not json', { level: 'WARN', format: 'text' })).toEqual({
      console: '{not json',
      file: null,
    });
    expect(routeLine('[local] Ready', { level: 'WARN', format: 'text' }).file).toBeNull();
  });

  it('shortens a long field', () => {
    const line = readableLine({ level: 'WARN', message: 'm', detail: 'x'.repeat(200) });
    expect(line.length).toBeLessThan(120);
  });
});

describe('routeStructuredLogs', () => {
  it("routes Powertools' own writes: no JSON on stdout, every record in the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clubs-console-'));
    const file = join(dir, 'logs', 'functions.jsonl');
    const shown: string[] = [];
    const writes = [process.stdout.write, process.stderr.write] as const;
    // What reaches the terminal (stdout and stderr: Powertools warns on stderr), under the routing.
    const terminal = ((chunk: string) => {
      shown.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    process.stdout.write = terminal;
    process.stderr.write = terminal;
    const restore = routeStructuredLogs({ file, level: 'WARN', format: 'text' });
    try {
      const logger = new Logger({ serviceName: 'clubs-local', logLevel: 'INFO' });
      logger.info('search index', { type: 'membership.card-changed' });
      logger.warn('slow answer', { ms: 900 });
      process.stdout.write('GET    /api/health 200 5 ms system\n');
    } finally {
      restore();
      [process.stdout.write, process.stderr.write] = writes;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      expect(
        shown
          .join('')
          .split('\n')
          .filter((line) => line.startsWith('{')),
      ).toEqual([]);
      expect(shown.join('')).toContain('WARN  slow answer  ms=900');
      expect(shown.join('')).toContain('GET    /api/health 200 5 ms system');
      const records = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(records.map((r) => r.message)).toEqual(['search index', 'slow answer']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
