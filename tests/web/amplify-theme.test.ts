// @vitest-environment node

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { amplifyThemeCss } from '@clubs/web/build/amplify-theme-css.ts';
import { describe, expect, it } from 'vitest';

describe('the theme stylesheet computed at build time', () => {
  it("declares on :root exactly the variables our theme changes from Amplify's defaults", () => {
    const css = amplifyThemeCss();
    expect(css.startsWith(':root {')).toBe(true);
    expect(css).toContain('--amplify-colors-primary-80: #2b3b66;');
    expect(css).toContain('--amplify-colors-secondary-60: #e0b354;');
    expect(css).toMatch(/--amplify-fonts-default-variable: 'Inter'/);
    // Only what differs: not the thousands of component variables Amplify already declares.
    const declarations = css.split('\n').filter((line) => line.trim().startsWith('--'));
    expect(declarations).toHaveLength(16);
  });
});

// A `var(--amplify-…)` that nothing declares resolves to nothing: a bar or border drawn in it is
// invisible, which no unit test of the component sees. Every one our styles read must exist.
const require = createRequire(import.meta.url);

describe('the Amplify variables our styles read', () => {
  const declared = (css: string) => new Set(css.match(/--amplify-[a-z0-9-]+(?=\s*:)/g) ?? []);
  const amplifyCss = readFileSync(require.resolve('@aws-amplify/ui-react/styles.css'), 'utf8');

  it('are each declared by Amplify’s stylesheet or our theme', () => {
    const known = new Set([...declared(amplifyCss), ...declared(amplifyThemeCss())]);
    const sources = readdirSync('web/src', { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(css|tsx?)$/.test(file),
    );
    const undeclared = sources.flatMap((file) =>
      [...readFileSync(join('web/src', file), 'utf8').matchAll(/var\((--amplify-[a-z0-9-]+)/g)]
        .map((match) => match[1] as string)
        .filter((name) => !known.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(undeclared).toEqual([]);
  });
});
