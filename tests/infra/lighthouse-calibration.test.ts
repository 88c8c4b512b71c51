import { describe, expect, it } from 'vitest';
import {
  calibratedSlowdown,
  indexDrifted,
  slowdownFor,
  slowdownSetting,
} from '../../scripts/lighthouse-calibration.ts';

describe("bench:lighthouse's CPU slowdown", () => {
  it('is the documented multiplier at the documented benchmark indexes', () => {
    expect(calibratedSlowdown(150)).toBe(1);
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(1533)).toBe(4);
    expect(calibratedSlowdown(2000)).toBe(6);
  });

  it('is linear between them, so a slower machine is slowed less', () => {
    expect(calibratedSlowdown(475)).toBe(1.5);
    expect(calibratedSlowdown(1050)).toBe(2.5);
    expect(calibratedSlowdown(600)).toBeLessThan(calibratedSlowdown(700));
  });

  it('does not slow down a machine that is already as slow as a mid-tier phone', () => {
    expect(calibratedSlowdown(90)).toBe(1);
    expect(calibratedSlowdown(Number.NaN)).toBe(1);
  });

  it('takes a fixed slowdown from LIGHTHOUSE_CPU_SLOWDOWN, and refuses nonsense', () => {
    expect(slowdownSetting(undefined)).toBe('calibrated');
    expect(slowdownSetting('calibrated')).toBe('calibrated');
    expect(slowdownSetting('4')).toBe(4);
    expect(() => slowdownSetting('fast')).toThrow(/LIGHTHOUSE_CPU_SLOWDOWN/);
    expect(() => slowdownSetting('0.5')).toThrow(/LIGHTHOUSE_CPU_SLOWDOWN/);
  });

  it('calibrates only on a quiet machine: above load 2 it falls back to the default 4x', () => {
    expect(slowdownFor(2526, 1.2)).toEqual({ slowdown: 8.3, calibrated: true });
    expect(slowdownFor(2526, 2)).toEqual({ slowdown: 8.3, calibrated: true });
    // A loaded machine's low index would slow the page less than Lighthouse means to.
    expect(slowdownFor(379, 9.5)).toEqual({ slowdown: 4, calibrated: false });
    expect(slowdownFor(2526, 3.7)).toEqual({ slowdown: 4, calibrated: false });
  });

  it('marks a page whose runs read an index more than 15% from the calibration', () => {
    expect(indexDrifted(2461, 2554)).toBe(false);
    expect(indexDrifted(2461, 2413)).toBe(false);
    // The host slowed under the guest: the page was slowed more than the host's speed warranted.
    expect(indexDrifted(2381, 1773)).toBe(true);
    expect(indexDrifted(1829, 2455)).toBe(true);
  });
});
