/**
 * Servers and emulators a test file starts once: before its tests, stopped after them, so every
 * file has its own and none outlives it.
 */
import { afterAll, beforeAll } from 'vitest';

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Starts `start` before the file's tests and stops it after them. The getter answers the running
 * one; asking before it started (at import time, say) throws, naming `what`.
 */
export function startedForFile<T extends Stoppable>(what: string, start: () => Promise<T>): () => T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error(`${what} starts before the tests`);
    return running;
  };
}
