import { createTheme } from '@aws-amplify/ui';
import { describe, expect, it } from 'vitest';
import { primitivesTheme } from '../../web/build/amplify-theme-context.ts';

/** The paths of a token tree's design tokens (objects with a `value`). */
function tokenPaths(node: unknown, path: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return [];
  if ('value' in node) return [path.join('.')];
  return Object.entries(node).flatMap(([key, child]) => tokenPaths(child, [...path, key]));
}

describe("Amplify UI's precomputed default theme", () => {
  const full = createTheme();
  const light = primitivesTheme();

  it('has the breakpoints of the default theme', () => {
    expect(light.breakpoints).toEqual(full.breakpoints);
  });

  it('names exactly the design tokens a style prop can resolve to, with their values', () => {
    for (const [category, tree] of Object.entries(light.tokens)) {
      const fullTree = full.tokens[category as keyof typeof full.tokens];
      expect(tokenPaths(tree), category).toEqual(tokenPaths(fullTree));
      expect(tokenPaths(tree).length, category).toBeGreaterThan(0);
    }
    expect((light.tokens.space as { small: unknown }).small).toEqual({
      value: full.tokens.space.small.value,
    });
  });
});
