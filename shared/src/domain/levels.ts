/**
 * Points and levels: a member earns a point for each like their posts receive (not their own)
 * and loses it when the like is taken back. Levels run from 1 to 9; each starts at its threshold.
 */
import * as z from 'zod';

export const LEVEL_THRESHOLDS = [0, 5, 20, 65, 155, 515, 2015, 8015, 33015] as const;

export const MAX_LEVEL = LEVEL_THRESHOLDS.length;

/** A level, 1 to 9. */
export const levelSchema = z.number().int().min(1).max(MAX_LEVEL);

/** The level (1 to 9) of a points total; negative totals (never stored) count as zero. */
export function levelOf(points: number): number {
  let level = 1;
  for (const [index, threshold] of LEVEL_THRESHOLDS.entries()) {
    if (points >= threshold) level = index + 1;
  }
  return level;
}

/** The points the next level starts at, or null at the top level. */
export function nextLevelAt(points: number): number | null {
  return LEVEL_THRESHOLDS[levelOf(points)] ?? null;
}
