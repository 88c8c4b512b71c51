/**
 * Guard: production code under functions/ never issues a DynamoDB Scan (every request is a
 * fixed, small number of key lookups or queries). Fails if a Scan command, paginator or
 * low-level "Scan" operation name appears in any source file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '..', '..', 'functions', 'src');
const SCAN_PATTERNS = [/\bScan(Command|Input|Output)\b/, /\bpaginateScan\b/, /\.scan\s*\(/, /['"]Scan['"]/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|js|mjs)$/.test(name) ? [path] : [];
  });
}

describe('no Scan in functions/', () => {
  it('finds source files to check', () => {
    expect(sourceFiles(sourceRoot).length).toBeGreaterThan(5);
  });

  it('uses no Scan anywhere', () => {
    const offenders = sourceFiles(sourceRoot).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return SCAN_PATTERNS.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${relative(sourceRoot, file)} matches ${pattern}`,
      );
    });
    expect(offenders).toEqual([]);
  });

  it('would catch a Scan if one were added', () => {
    expect(SCAN_PATTERNS.some((p) => p.test("import { ScanCommand } from '@aws-sdk/lib-dynamodb'"))).toBe(
      true,
    );
    expect(SCAN_PATTERNS.some((p) => p.test('client.scan({ TableName })'))).toBe(true);
  });
});
