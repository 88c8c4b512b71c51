import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealIntoLanes, fileWeights, LANE_WEIGHT, walkWeights } from '../../scripts/e2e-lanes.mjs';

const walk = (annotations: { type: string; description?: string }[] = []) => ({ annotations });
/** A Playwright JSON listing: a file's walks at its top and in a describe block. */
const listing = {
  suites: [
    { file: 'a.spec.ts', specs: [{ tests: [walk()] }, { tests: [walk()] }] },
    {
      file: 'b.spec.ts',
      specs: [{ tests: [walk()] }],
      suites: [{ title: 'inside', specs: [{ tests: [walk(), walk([{ type: 'skip' }])] }] }],
    },
    { file: 'long.spec.ts', specs: [{ tests: [walk([{ type: LANE_WEIGHT, description: '5' }])] }] },
  ],
};

describe("npm test's end-to-end lanes", () => {
  it('weigh each file by its walks, nested ones included, and a walk by the weight it declares', () => {
    expect(Object.fromEntries(fileWeights(listing))).toEqual({
      'a.spec.ts': 2,
      'b.spec.ts': 3,
      'long.spec.ts': 5,
    });
  });

  it('refuse a weight that is no positive number', () => {
    for (const description of ['0', '-2', 'long', '']) {
      const report = {
        suites: [{ file: 'x.spec.ts', specs: [{ tests: [walk([{ type: LANE_WEIGHT, description }])] }] }],
      };
      expect(() => fileWeights(report)).toThrow(/positive number/);
    }
  });

  it('deal every file to exactly one lane, the heaviest first, each to the lightest lane', () => {
    const weights = new Map([
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['d', 2],
      ['e', 2],
      ['xss', 6],
    ]);
    const lanes = dealIntoLanes(weights, 2);
    expect(lanes).toEqual([
      { weight: 7, files: ['c', 'xss'] },
      { weight: 6, files: ['a', 'b', 'd', 'e'] },
    ]);
    // Playwright's shards (equal counts, in order) would have been a-c (3) and d-xss (10).
  });

  it('leave a lane empty rather than split a file, when there are more lanes than files', () => {
    expect(dealIntoLanes(new Map([['only', 3]]), 3)).toEqual([
      { weight: 3, files: ['only'] },
      { weight: 0, files: [] },
      { weight: 0, files: [] },
    ]);
  });

  it("read the walks from Playwright's own listing: every spec file, the stored-XSS walk heavy", async () => {
    const root = join(import.meta.dirname, '..', '..');
    const specs = readdirSync(join(root, 'tests', 'e2e'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.spec.ts'))
      .map((file) => join('tests', 'e2e', file))
      .sort();
    const weights = await walkWeights(
      'tests/e2e/playwright.config.ts',
      { ...process.env, LOCAL_WEB: 'dist', E2E_LOCAL_DIR: root },
      root,
    );
    expect([...weights.keys()].sort()).toEqual(specs);
    expect(weights.get('tests/e2e/stored-xss.spec.ts')).toBe(28);
    expect(weights.get('tests/e2e/chat.spec.ts')).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
