/**
 * Rebuilding the platform figures' day and month items (platform-figures.ts) from the stored
 * facts, for a deployment whose data is older than them (or after a repair). An operator command
 * (scripts/rebuild-figures.ts), never a request path: it reads every club (the super-admin
 * index's entries, a batch of club items, one query of each club's analytics roll-ups).
 *
 * The facts date two figures: a club counts from its creation day (in its current status: past
 * status changes are not stored), and members move by the joins and leaves of the clubs' day
 * roll-ups (club-stats.ts). Subscriptions, MRR and fees are kept as recorded (no stored fact
 * dates them). Each bucket is written back as one item (shard 0, its other shards deleted);
 * changes made while it runs may be lost, so run it when the site is quiet.
 */
import { CLUB_STATUSES } from '@clubs/shared';
import { adminKeys, keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from './batch-get.ts';
import { rebuiltBucketItem, writeBuckets } from './bucket-rebuild.ts';
import { addShard, counterOf, isDayItem, monthOf, readStatsFrom, utcDayOf } from './club-stats.ts';
import { type FigureSteps, figure, isFiguresShard, readFiguresFrom } from './platform-figures.ts';
import { queryAll } from './query.ts';
import { clubFromItem } from './repositories/stored-club.ts';

type Item = Record<string, unknown>;

/** The counters the stored facts determine. */
const REBUILT = new Set<string>([...CLUB_STATUSES.map((status) => figure.clubs(status)), figure.members]);
const isRebuilt = (name: string) => REBUILT.has(name);
const TYPE = 'platform_figures';

/** What the facts say of each day: the clubs created and the members who came and went. */
async function factsByDay(): Promise<Map<string, FigureSteps>> {
  const ids = await queryAll({ partition: adminKeys.entryPartition, consistentRead: true }, (item) =>
    String(item.clubId),
  );
  const clubs = await batchGet(
    ids.map((id) => keys.club(id)),
    undefined,
    true,
  );
  const days = new Map<string, FigureSteps>();
  const add = (day: string, name: string, step: number) => {
    const steps = days.get(day) ?? {};
    steps[name] = (steps[name] ?? 0) + step;
    days.set(day, steps);
  };
  for (const id of ids) {
    const item = clubs.get(keyId(keys.club(id)));
    if (!item) continue;
    const club = clubFromItem(item);
    add(utcDayOf(new Date(club.createdAt)), figure.clubs(club.status), 1);
    for (const stats of await readStatsFrom(id, { day: '0000-01-01' })) {
      if (!isDayItem(stats)) continue;
      const net = counterOf(stats, 'joins') - counterOf(stats, 'leaves');
      if (net !== 0) add(String(stats.bucket), figure.members, net);
    }
  }
  return days;
}

/** Rebuilds the figures' day and month items; answers how many it wrote. */
export async function rebuildPlatformSeries(): Promise<number> {
  const days = await factsByDay();
  const months = new Map<string, FigureSteps>();
  for (const [day, steps] of days) {
    const month = months.get(monthOf(day)) ?? {};
    for (const [name, step] of Object.entries(steps)) month[name] = (month[name] ?? 0) + step;
    months.set(monthOf(day), month);
  }
  const recordedDays = new Map<string, Item>();
  const recordedMonths = new Map<string, Item>();
  const shardKeys = new Map<string, { pk: string; sk: string }[]>();
  for (const item of await readFiguresFrom({ day: '0000-01-01' })) {
    if (isFiguresShard(item)) continue;
    const bucket = String(item.bucket);
    addShard(bucket.length === 10 ? recordedDays : recordedMonths, item);
    shardKeys.set(bucket, [...(shardKeys.get(bucket) ?? []), { pk: String(item.pk), sk: String(item.sk) }]);
  }
  const writes: Item[] = [];
  for (const day of new Set([...days.keys(), ...recordedDays.keys()])) {
    writes.push(
      rebuiltBucketItem(
        adminKeys.figuresDay(day),
        TYPE,
        day,
        recordedDays.get(day),
        days.get(day) ?? {},
        isRebuilt,
      ),
    );
  }
  for (const month of new Set([...months.keys(), ...recordedMonths.keys()])) {
    writes.push(
      rebuiltBucketItem(
        adminKeys.figuresMonth(month),
        TYPE,
        month,
        recordedMonths.get(month),
        months.get(month) ?? {},
        isRebuilt,
      ),
    );
  }
  await writeBuckets(writes, shardKeys);
  return writes.length;
}
