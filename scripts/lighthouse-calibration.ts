/**
 * Lighthouse's CPU slowdown calibrated to the machine it runs on. Its default slowdown (4×) turns
 * a high-end desktop (benchmark index about 1,500) into a mid-tier phone; applied to a slower
 * machine it emulates a far slower phone than Lighthouse means to, so figures from two machines
 * cannot be compared. Lighthouse's throttling documentation ("Calibrating the CPU slowdown")
 * gives the multiplier that brings a host of a given benchmark index to the mid-tier phone:
 * 1× at 150, 2× at 800, 3× at 1,300, and one more for each 233 above that (4× at 1,533). Between
 * those points the multiplier is linear, as the documentation's calculator computes it.
 */

/** Lighthouse's default CPU slowdown (mobile emulation), for comparing with other reports. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** Below this benchmark index the host is already a mid-tier phone or slower: no slowdown. */
const MID_TIER_PHONE_INDEX = 150;

/** The documented points (benchmark index → slowdown); above the last one, +1 per 233. */
const POINTS: readonly (readonly [index: number, slowdown: number])[] = [
  [MID_TIER_PHONE_INDEX, 1],
  [800, 2],
  [1300, 3],
];
const INDEX_PER_STEP_ABOVE = 233;

/** The slowdown that makes a host of `benchmarkIndex` a mid-tier phone, to one decimal. */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= MID_TIER_PHONE_INDEX) return 1;
  let slowdown = 0;
  const last = POINTS[POINTS.length - 1] as readonly [number, number];
  if (benchmarkIndex >= last[0]) slowdown = last[1] + (benchmarkIndex - last[0]) / INDEX_PER_STEP_ABOVE;
  else
    for (let i = 1; i < POINTS.length; i++) {
      const [fromIndex, fromSlowdown] = POINTS[i - 1] as readonly [number, number];
      const [toIndex, toSlowdown] = POINTS[i] as readonly [number, number];
      if (benchmarkIndex < toIndex) {
        slowdown =
          fromSlowdown + ((benchmarkIndex - fromIndex) / (toIndex - fromIndex)) * (toSlowdown - fromSlowdown);
        break;
      }
    }
  return Math.round(slowdown * 10) / 10;
}

/**
 * How far (a fraction) a page's median benchmark index may stray from the calibration's before the
 * page's figures are marked: the index measures the host's speed during each run, which on a shared
 * virtual machine changes with work the guest's load average does not show; a page measured on a
 * host much slower or faster than the one calibrated was slowed more or less than meant.
 */
export const INDEX_DRIFT = 0.15;

/** Whether a page's runs read a benchmark index the calibrated slowdown no longer fits. */
export const indexDrifted = (calibrationIndex: number, pageIndex: number): boolean =>
  Math.abs(pageIndex - calibrationIndex) > INDEX_DRIFT * calibrationIndex;

/** The one-minute load average above which a figure is marked: the CPU is shared, not measured. */
export const QUIET_LOAD = 2;

/**
 * What a slowdown setting asks for: `LIGHTHOUSE_CPU_SLOWDOWN` unset or `calibrated` calibrates to
 * the machine; a number (`4` for Lighthouse's default) is used as it is.
 */
export function slowdownSetting(value: string | undefined): 'calibrated' | number {
  if (value === undefined || value === '' || value === 'calibrated') return 'calibrated';
  const slowdown = Number(value);
  if (!Number.isFinite(slowdown) || slowdown < 1)
    throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be "calibrated" or a number ≥ 1, not "${value}"`);
  return slowdown;
}

/**
 * The slowdown a run uses when asked to calibrate: the calibrated one on a quiet machine; on a
 * loaded one (one-minute load above QUIET_LOAD while the benchmark ran) the index measures the
 * other processes as much as the host, and a low index would slow the page less than Lighthouse
 * means to, flattering it, so the run falls back to Lighthouse's default and says why.
 */
export function slowdownFor(benchmarkIndex: number, load: number): { slowdown: number; calibrated: boolean } {
  if (load > QUIET_LOAD) return { slowdown: DEFAULT_CPU_SLOWDOWN, calibrated: false };
  return { slowdown: calibratedSlowdown(benchmarkIndex), calibrated: true };
}
