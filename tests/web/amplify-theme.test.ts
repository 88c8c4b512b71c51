// @vitest-environment node

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
