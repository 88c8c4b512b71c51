/**
 * Whether a data folder's demo data is seeded: `<localDir>/seed.json`. Kept apart from the seed
 * itself, so a restart of a seeded folder never loads the seed's modules.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A seed of another version is seeded again. */
const SEED_VERSION = 1;

export interface SeedState {
  version: number;
  baseTime: number;
  completedAt?: string;
}

export const stateFile = (localDir: string) => join(localDir, 'seed.json');

export function readState(localDir: string): SeedState | null {
  const file = stateFile(localDir);
  if (!existsSync(file)) return null;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as SeedState;
    return state.version === SEED_VERSION && Number.isFinite(state.baseTime) ? state : null;
  } catch {
    return null;
  }
}

/** A new state for a first attempt, which fixes the base time the seed's ids derive from. */
export const newState = (baseTime: number): SeedState => ({ version: SEED_VERSION, baseTime });

/** Whether the demo data of this data folder has been seeded completely. */
export const isSeeded = (localDir: string): boolean => Boolean(readState(localDir)?.completedAt);

export function writeState(localDir: string, state: SeedState): void {
  mkdirSync(localDir, { recursive: true });
  writeFileSync(stateFile(localDir), `${JSON.stringify(state, null, 2)}\n`);
}
