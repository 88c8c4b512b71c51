import { LEVEL_THRESHOLDS, levelOf, nextLevelAt } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

describe('levels from points', () => {
  it('starts each of the 9 levels at its threshold', () => {
    expect(LEVEL_THRESHOLDS).toEqual([0, 5, 20, 65, 155, 515, 2015, 8015, 33015]);
    LEVEL_THRESHOLDS.forEach((threshold, index) => {
      expect(levelOf(threshold)).toBe(index + 1);
      if (threshold > 0) expect(levelOf(threshold - 1)).toBe(index);
    });
  });

  it('stays at 1 for nothing and at 9 beyond the last threshold', () => {
    expect(levelOf(0)).toBe(1);
    expect(levelOf(-3)).toBe(1);
    expect(levelOf(1_000_000)).toBe(9);
  });

  it('names where the next level starts', () => {
    expect(nextLevelAt(0)).toBe(5);
    expect(nextLevelAt(19)).toBe(20);
    expect(nextLevelAt(20)).toBe(65);
    expect(nextLevelAt(40_000)).toBeNull();
  });
});
