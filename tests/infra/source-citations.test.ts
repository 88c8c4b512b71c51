import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The product requirements are not in the repository, so a comment that points at one of their
// parts or sections points at nothing: a comment states its rule in the sentence instead.
const CITATION = /\b(?:spec\s+)?part\s+[12](?:,?\s+sections?\s+\d+|\s*\)|,\s*")/i;

const tracked = (): string[] =>
  execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.css', '*.html', '*.mjs'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.endsWith('source-citations.test.ts'));

describe('source comments', () => {
  it('recognises a citation of the requirements by part and section', () => {
    expect(' * The club home (spec part 2 section 2): the composer').toMatch(CITATION);
    expect(' * Checkout (part 1 sections 2 and 4).').toMatch(CITATION);
    expect(' * The portal (spec part 2, "simulated" there)').toMatch(CITATION);
    expect(' * The club home: the composer, the feed and the sidebar.').not.toMatch(CITATION);
  });

  it('cite no part or section of the requirements', () => {
    const citing = tracked().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
