/**
 * Counters spread over shard items, so that writes which would all ADD to one hot item (every
 * join on the platform, every like in a busy club) go to a few items instead and seldom meet in
 * concurrent transactions. A writer picks its shard by a stable hash of an id; a reader sums the
 * shards' numbers.
 */

/** The shard (0 to `shards` − 1) that `id` always goes to: a stable hash of it. */
export function shardOf(id: string, shards: number): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % shards;
}

/** Every numeric attribute of `items`, summed by name (the other attributes are left out). */
export function sumCounters(items: Iterable<Record<string, unknown>>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value === 'number' && Number.isFinite(value))
        totals.set(name, (totals.get(name) ?? 0) + value);
    }
  }
  return totals;
}
