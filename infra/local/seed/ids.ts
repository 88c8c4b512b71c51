/**
 * Deterministic ids for the demo data, so seeding can be re-run (after an interruption) and
 * find what it already wrote instead of duplicating it.
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';

/** A PRNG seeded by a name (mulberry32 over the name's hash). */
export function seededRandom(name: string): () => number {
  let state = createHash('sha256').update(name).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A ULID whose time part is `time` and whose random part comes from `name`. */
export const seededUlid = (name: string, time: number): string => ulid(time, seededRandom(name));

/** A UUID-shaped id (like a Cognito sub) derived from `name`. */
export function seededUuid(name: string): string {
  const hex = createHash('sha256').update(`uuid:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Picks `count` distinct items of `items`, in an order fixed by `name`. */
export function pick<T>(items: readonly T[], count: number, name: string): T[] {
  const random = seededRandom(name);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, Math.min(count, copy.length));
}
