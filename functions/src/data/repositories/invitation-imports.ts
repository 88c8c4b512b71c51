/**
 * Invitation imports from CSV files: the import's item in the club's partition (its state, its
 * counts, the message and who sent it) and its rows in a partition of their own,
 * INVITATION_IMPORT_LIMITS.rowsPerItem to an item, so one query reads them all in order. Every
 * change of state is conditioned on the state it leaves, and a row's outcome is written only where
 * none is, in the transaction that counts it: a repeated run changes nothing twice.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ImportRow,
  type ImportRowOutcome,
  INVITATION_IMPORT_LIMITS,
  type InvitationImport,
  type InvitationImportCounts,
  type InvitationImportStatus,
  TABLE,
} from '@clubs/shared';
import { indexKeys, invitationImportRowsPartition, keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { isConditionFailed, transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryAll, queryPage } from '../query.ts';
import { type RateWindow, rateWindowCount } from '../rate-windows.ts';

/** A row as stored: its outcome is absent until it is sent. */
export type StoredImportRow = Omit<ImportRow, 'outcome'> & { outcome?: ImportRowOutcome };

/** The import's own item, as the services read it. */
export interface StoredImport {
  clubId: string;
  id: string;
  status: InvitationImportStatus;
  fileName: string;
  createdAt: string;
  createdBy: string;
  counts: InvitationImportCounts;
  itemCount: number;
  message: string | null;
  waitingUntil: string | null;
  stoppedReason: string | null;
}

/** One item of rows, with its place among the import's items. */
export interface RowItem {
  index: number;
  rows: StoredImportRow[];
}

export const emptyCounts = (): InvitationImportCounts => ({
  ok: 0,
  invalid: 0,
  duplicate: 0,
  member: 0,
  removed: 0,
  banned: 0,
  invited: 0,
  sent: 0,
  skipped: 0,
  failed: 0,
});

/** The counts of the rows' checks (the outcomes count as rows are sent). */
export function countChecks(rows: readonly StoredImportRow[]): InvitationImportCounts {
  const counts = emptyCounts();
  for (const row of rows) counts[row.check] += 1;
  return counts;
}

const expiresAt = (now: Date) =>
  Math.floor(now.getTime() / 1000) + INVITATION_IMPORT_LIMITS.keepDays * 24 * 3600;

const rowItem = (
  clubId: string,
  importId: string,
  index: number,
  rows: readonly StoredImportRow[],
  now: Date,
) => ({
  ...keys.invitationImportRows(clubId, importId, index),
  type: 'invitationImportRows',
  rows,
  [TABLE.ttlAttribute]: expiresAt(now),
});

/** The rows cut into the items they are stored in. */
export function itemsOf(rows: readonly StoredImportRow[]): RowItem[] {
  const items: RowItem[] = [];
  for (let start = 0; start < rows.length; start += INVITATION_IMPORT_LIMITS.rowsPerItem) {
    items.push({
      index: items.length,
      rows: rows.slice(start, start + INVITATION_IMPORT_LIMITS.rowsPerItem),
    });
  }
  return items;
}

function toStoredImport(item: Record<string, unknown>): StoredImport {
  const counts = { ...emptyCounts(), ...(item.counts as Partial<InvitationImportCounts> | undefined) };
  return {
    clubId: String(item.clubId),
    id: String(item.importId),
    status: item.status as InvitationImportStatus,
    fileName: typeof item.fileName === 'string' ? item.fileName : '',
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    counts,
    itemCount: Number(item.itemCount ?? 0),
    message: typeof item.message === 'string' ? item.message : null,
    waitingUntil: typeof item.waitingUntil === 'string' ? item.waitingUntil : null,
    stoppedReason: typeof item.stoppedReason === 'string' ? item.stoppedReason : null,
  };
}

/** Sends the transaction; false when its first item's condition refused it. */
async function transactUnlessFirstRefuses(transactItems: TransactItem[]): Promise<boolean> {
  try {
    await sendRetryingConflicts({ TransactItems: transactItems });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}

/**
 * Stores a new import, 'checking', with its rows as parsed, and counts it in the club's daily
 * window of imports, in one transaction; false when the window is full.
 */
export async function createImport(
  input: {
    clubId: string;
    id: string;
    fileName: string;
    createdBy: string;
    rows: readonly StoredImportRow[];
  },
  rate: RateWindow,
  now: Date,
): Promise<boolean> {
  const items = itemsOf(input.rows);
  const transactItems: TransactItem[] = [
    rateWindowCount(rate, now),
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.invitationImport(input.clubId, input.id),
          type: 'invitationImport',
          clubId: input.clubId,
          importId: input.id,
          status: 'checking' satisfies InvitationImportStatus,
          fileName: input.fileName,
          createdAt: now.toISOString(),
          createdBy: input.createdBy,
          counts: countChecks(input.rows),
          itemCount: items.length,
          [TABLE.ttlAttribute]: expiresAt(now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...items.map(
      (item): TransactItem => ({
        Put: { TableName: tableName(), Item: rowItem(input.clubId, input.id, item.index, item.rows, now) },
      }),
    ),
  ];
  return transactUnlessFirstRefuses(transactItems);
}

export async function getImport(clubId: string, importId: string): Promise<StoredImport | null> {
  const item = await getItem(keys.invitationImport(clubId, importId), { consistent: true });
  return item ? toStoredImport(item) : null;
}

/** Every item of the import's rows, in order: one query of their partition (at most ten items). */
export function readImportRows(clubId: string, importId: string): Promise<RowItem[]> {
  return queryAll(
    {
      partition: invitationImportRowsPartition(clubId, importId),
      sortKey: { beginsWith: 'ROWS#' },
      consistentRead: true,
    },
    (item) => ({
      index: Number(String(item.sk).slice('ROWS#'.length)),
      rows: Array.isArray(item.rows) ? (item.rows as StoredImportRow[]) : [],
    }),
  );
}

/** The import as its page shows it. */
export function importView(stored: StoredImport, items: readonly RowItem[]): InvitationImport {
  return {
    id: stored.id,
    status: stored.status,
    fileName: stored.fileName,
    createdAt: stored.createdAt,
    counts: stored.counts,
    waitingUntil: stored.status === 'waiting' ? stored.waitingUntil : null,
    stoppedReason: stored.status === 'stopped' ? stored.stoppedReason : null,
    rows: items.flatMap((item) => item.rows.map((row) => ({ ...row, outcome: row.outcome ?? null }))),
  };
}

/**
 * The checked rows replace the parsed ones and the import becomes 'ready', in one transaction,
 * only while it is still 'checking'; false when another run checked it first.
 */
export async function storeCheckedRows(
  clubId: string,
  importId: string,
  rows: readonly StoredImportRow[],
  now: Date,
): Promise<boolean> {
  const transactItems: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.invitationImport(clubId, importId),
        UpdateExpression: 'SET #status = :ready, #counts = :counts',
        ConditionExpression: '#status = :checking',
        ExpressionAttributeNames: { '#status': 'status', '#counts': 'counts' },
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':checking': 'checking',
          ':counts': countChecks(rows),
        },
      },
    },
    ...itemsOf(rows).map(
      (item): TransactItem => ({
        Put: { TableName: tableName(), Item: rowItem(clubId, importId, item.index, item.rows, now) },
      }),
    ),
  ];
  return transactUnlessFirstRefuses(transactItems);
}

/** Moves the import from one state to another (with what the new state carries); false when it was not in `from`. */
export async function moveImport(
  clubId: string,
  importId: string,
  from: InvitationImportStatus,
  to:
    | { status: 'sending'; message?: string }
    | { status: 'waiting'; until: string }
    | { status: 'done' }
    | { status: 'stopped'; reason: string },
): Promise<boolean> {
  const set = ['#status = :to'];
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':to': to.status, ':from': from };
  if (to.status === 'sending' && to.message !== undefined) {
    set.push('#message = :message');
    names['#message'] = 'message';
    values[':message'] = to.message;
  }
  if (to.status === 'waiting') {
    const waiting = indexKeys.invitationImportWaiting(to.until, clubId, importId);
    set.push('#until = :until', 'gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
    names['#until'] = 'waitingUntil';
    Object.assign(values, { ':until': to.until, ':gsi1pk': waiting.gsi1pk, ':gsi1sk': waiting.gsi1sk });
  }
  if (to.status === 'stopped') {
    set.push('#reason = :reason');
    names['#reason'] = 'stoppedReason';
    values[':reason'] = to.reason;
  }
  const remove = to.status === 'waiting' ? '' : ' REMOVE gsi1pk, gsi1sk';
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invitationImport(clubId, importId),
        UpdateExpression: `SET ${set.join(', ')}${remove}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** A row's outcome, by its place in its item. */
export interface RowOutcome {
  position: number;
  outcome: ImportRowOutcome;
  message: string | null;
}

/**
 * Writes the outcomes of rows of one item, each only where none is yet, and counts them on the
 * import, in one transaction; false when one of them already had one (another run sent it).
 */
export async function recordOutcomes(
  clubId: string,
  importId: string,
  itemIndex: number,
  outcomes: readonly RowOutcome[],
): Promise<boolean> {
  if (outcomes.length === 0) return true;
  const names: Record<string, string> = { '#rows': 'rows', '#outcome': 'outcome', '#message': 'message' };
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const conditions: string[] = [];
  outcomes.forEach((row, i) => {
    set.push(`#rows[${row.position}].#outcome = :o${i}`, `#rows[${row.position}].#message = :m${i}`);
    conditions.push(`attribute_not_exists(#rows[${row.position}].#outcome)`);
    values[`:o${i}`] = row.outcome;
    values[`:m${i}`] = row.message;
  });
  const tally = new Map<ImportRowOutcome, number>();
  for (const row of outcomes) tally.set(row.outcome, (tally.get(row.outcome) ?? 0) + 1);
  const counted = [...tally.entries()];
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.invitationImportRows(clubId, importId, itemIndex),
            UpdateExpression: `SET ${set.join(', ')}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.invitationImport(clubId, importId),
            UpdateExpression: `ADD ${counted.map((_, i) => `#counts.#c${i} :c${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: {
              '#counts': 'counts',
              ...Object.fromEntries(counted.map(([outcome], i) => [`#c${i}`, outcome])),
            },
            ExpressionAttributeValues: Object.fromEntries(counted.map(([, count], i) => [`:c${i}`, count])),
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error) !== null || isConditionFailed(error)) return false;
    throw error;
  }
}

/** A page of the imports whose wait ended by `now`, soonest first: one query of their sparse index. */
export function listWaitingImports(
  now: Date,
  page: { limit: number; cursor?: string },
): Promise<Page<{ clubId: string; importId: string }>> {
  return queryPage(
    {
      index: TABLE.indexes.byStatus,
      partition: indexKeys.invitationImportsWaitingPartition(),
      sortKey: { below: `${now.toISOString()}~` },
    },
    page,
    (item) => ({ clubId: String(item.clubId), importId: String(item.importId) }),
  );
}

/** What the club's own items say of an address: a ban, a removal, its last invitation. */
export interface AddressFacts {
  banned: boolean;
  removed: boolean;
  lastInvited: string | null;
}

/**
 * The club's ban list, its removed people's addresses and its invitation marks for each address:
 * key lookups only, one batch read per hundred keys.
 */
export async function addressFacts(
  clubId: string,
  emails: readonly string[],
): Promise<Map<string, AddressFacts>> {
  const found = await batchGet(
    emails.flatMap((email) => [
      keys.banMatch(clubId, 'email', email),
      keys.removedAddress(clubId, email),
      keys.invitedAddress(clubId, email),
    ]),
    ['sentAt'],
  );
  return new Map(
    emails.map((email) => {
      const mark = found.get(keyId(keys.invitedAddress(clubId, email)));
      return [
        email,
        {
          banned: found.has(keyId(keys.banMatch(clubId, 'email', email))),
          removed: found.has(keyId(keys.removedAddress(clubId, email))),
          lastInvited: typeof mark?.sentAt === 'string' ? mark.sentAt : null,
        },
      ];
    }),
  );
}
