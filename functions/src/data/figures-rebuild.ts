/**
 * Rebuilding the platform figures (platform-figures.ts) from the stored facts, for a deployment
 * whose data is older than the counters (or after a repair). An operator command
 * (scripts/rebuild-figures.ts), never a request path: it reads every club.
 *
 * Shard by shard it reads the shard's counters, then the truth of the shard's clubs with strongly
 * consistent reads (the super-admin index's entries, each club, its subscription records), and
 * writes the truth conditioned on the counters still holding what it read first. Every change the
 * counters follow moves them in its own transaction, so a change committed during the reading
 * fails that condition and the shard is read again: no concurrent change is lost, and none is
 * counted twice.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adminKeys, keys, prefixes } from '@clubs/shared/table-keys';
import { batchGet, keyId } from './batch-get.ts';
import { db, tableName } from './client.ts';
import { writeIfConditionHolds } from './errors.ts';
import { getItem } from './get-item.ts';
import { addSteps, FIGURE_SHARDS, type FigureSteps, figure, figureShard } from './platform-figures.ts';
import { queryAll } from './query.ts';
import { clubFromItem } from './repositories/stored-club.ts';

/** The record attribute saying what the figures count for it (repositories/billing.ts). */
const COUNTED = 'countedRevenue';

export interface RebuildReport {
  clubs: number;
  /** Shards read again because a change landed while they were being rebuilt. */
  retries: number;
  /** Live subscriptions stored before revenue was recorded: counted, without revenue. */
  withoutRevenue: number;
}

type Item = Record<string, unknown>;

async function clubIdsOfShard(shard: number): Promise<string[]> {
  const entries = await queryAll({ partition: adminKeys.entryPartition, consistentRead: true }, (item) =>
    String(item.clubId),
  );
  return entries.filter((id) => figureShard(id) === shard);
}

/**
 * What a subscription record counts in the figures: nothing unless it is live, else its kept
 * `countedRevenue`, or (a live record kept before revenue was recorded) the subscription alone.
 */
export function countedRevenueOf(item: Item): string | null {
  if (item.status !== 'active') return null;
  return typeof item[COUNTED] === 'string' ? item[COUNTED] : ':0';
}

/**
 * What one subscription record counts: its kept `countedRevenue`, or for a live record kept
 * before revenue was recorded, the subscription alone, marked on the record ("":0, what
 * billing.ts counts for unknown revenue) so its next change moves the figures from there.
 */
async function countedOf(item: Item, report: RebuildReport): Promise<string | null> {
  const counted = countedRevenueOf(item);
  if (counted === null || typeof item[COUNTED] === 'string') return counted;
  report.withoutRevenue += 1;
  // The record changed meanwhile: the shard's condition below fails and it is read again.
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET #counted = :counted',
        ConditionExpression: '#status = :active AND attribute_not_exists(#counted)',
        ExpressionAttributeNames: { '#counted': COUNTED, '#status': 'status' },
        ExpressionAttributeValues: { ':counted': ':0', ':active': 'active' },
      }),
    ),
  );
  return ':0';
}

/** The figures' steps for one subscription record that counts `counted` (countedRevenueOf). */
export function revenueSteps(kind: 'membership' | 'club_plan', counted: string | null): FigureSteps {
  if (counted === null) return {};
  const [currency = '', monthly = '0'] = counted.split(':');
  return {
    [figure.subscriptions(kind)]: 1,
    ...(currency ? { [figure.mrr(kind, currency)]: Number(monthly) } : {}),
  };
}

/** The true counters of one shard's clubs, read strongly consistently. */
async function truthOf(shard: number, report: RebuildReport): Promise<FigureSteps> {
  const ids = await clubIdsOfShard(shard);
  const clubs = await batchGet(
    ids.map((id) => keys.club(id)),
    undefined,
    true,
  );
  let steps: FigureSteps = {};
  for (const id of ids) {
    const item = clubs.get(keyId(keys.club(id)));
    if (!item) continue;
    const club = clubFromItem(item);
    report.clubs += 1;
    steps = addSteps(steps, { [figure.clubs(club.status)]: 1, [figure.members]: club.memberCount });
    const subscriptions = await queryAll(
      { partition: keys.club(id).pk, sortKey: { beginsWith: prefixes.subscription }, consistentRead: true },
      (record) => record,
    );
    for (const record of subscriptions) {
      steps = addSteps(steps, revenueSteps('membership', await countedOf(record, report)));
    }
    const plan = await getItem(keys.clubPlan(id), { consistent: true });
    if (plan) steps = addSteps(steps, revenueSteps('club_plan', await countedOf(plan, report)));
  }
  return steps;
}

const counters = (item: Item | undefined): FigureSteps =>
  Object.fromEntries(
    Object.entries(item ?? {}).filter(([, value]) => typeof value === 'number'),
  ) as FigureSteps;

/**
 * Writes `truth` as the shard's counters if they still hold `read`: every counter read is
 * conditioned on its value, and the shard on existing as it did. Counters the truth lacks are
 * set to 0.
 */
async function replaceShard(shard: number, read: Item | null, truth: FigureSteps): Promise<boolean> {
  const before = counters(read ?? undefined);
  const names = [...new Set([...Object.keys(before), ...Object.keys(truth)])];
  const conditions = read
    ? Object.keys(before).map((name) => `#n${names.indexOf(name)} = :b${names.indexOf(name)}`)
    : ['attribute_not_exists(pk)'];
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: adminKeys.figures(shard),
        UpdateExpression: `SET ${['#type = :type', ...names.map((_, i) => `#n${i} = :t${i}`)].join(', ')}`,
        ConditionExpression: conditions.length > 0 ? conditions.join(' AND ') : 'attribute_exists(pk)',
        ExpressionAttributeNames: {
          '#type': 'type',
          ...Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
        },
        ExpressionAttributeValues: {
          ':type': 'platform_figures',
          ...Object.fromEntries(names.map((n, i) => [`:t${i}`, truth[n] ?? 0])),
          ...Object.fromEntries(Object.entries(before).map(([n, value]) => [`:b${names.indexOf(n)}`, value])),
        },
      }),
    ),
  );
}

/** Attempts of one shard before giving up (each a full read of its clubs). */
const SHARD_ATTEMPTS = 5;

export async function rebuildPlatformFigures(): Promise<RebuildReport> {
  const report: RebuildReport = { clubs: 0, retries: 0, withoutRevenue: 0 };
  for (let shard = 0; shard < FIGURE_SHARDS; shard++) {
    for (let attempt = 0; ; attempt++) {
      if (attempt === SHARD_ATTEMPTS) throw new Error(`shard ${shard} kept changing while it was rebuilt`);
      const read = await getItem(adminKeys.figures(shard), { consistent: true });
      const attemptReport: RebuildReport = { clubs: 0, retries: 0, withoutRevenue: 0 };
      const truth = await truthOf(shard, attemptReport);
      if (await replaceShard(shard, read, truth)) {
        report.clubs += attemptReport.clubs;
        report.withoutRevenue += attemptReport.withoutRevenue;
        break;
      }
      report.retries += 1;
    }
  }
  return report;
}
