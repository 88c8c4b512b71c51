/**
 * The one way repositories query a partition of the table or of one of its indexes: a key
 * condition (the partition, optionally a sort-key condition), an order, an optional filter, and
 * either one page by cursor (queryPage), every page (queryAll) or a count (countItems).
 *
 * A cursor comes back from the caller, so queryPage parses it like any input: it must be one
 * this query could have issued (the key attributes of the table or index, this partition, a sort
 * key inside the condition), else InvalidCursorError, which the HTTP edge answers with a 400.
 * DynamoDB itself would refuse a start key outside the key condition with a 500-worthy error.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type IndexDefinition, TABLE } from '@clubs/shared';
import { db, tableName } from './client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { InvalidCursorError } from './errors.ts';

/** A condition on the sort key of the table or index (bounds inclusive, except `below`). */
export type SortKeyCondition =
  | { beginsWith: string }
  | { between: readonly [from: string, to: string] }
  | { atLeast: string }
  | { below: string }
  /** A number sort key (such as a points total) strictly above this value. */
  | { above: number };

export interface KeyQuery {
  /** A global secondary index from TABLE.indexes; the table itself when absent. */
  index?: IndexDefinition;
  /** The partition key's value (of the index when `index` is given). */
  partition: string;
  sortKey?: SortKeyCondition;
  /** By sort key; ascending when absent. */
  order?: 'ascending' | 'descending';
  /**
   * A filter on other attributes, applied by DynamoDB after the key condition and after the
   * limit: a filtered page may hold fewer than `limit` items while a next cursor remains.
   * Placeholders must not use the names #pk, #sk, :pk, :sk, :from or :to.
   */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  /** Strongly consistent reads (the table only; an index never offers them). */
  consistentRead?: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

type Item = Record<string, unknown>;

function keyNames(query: KeyQuery) {
  return query.index
    ? { partition: query.index.partitionKey, sort: query.index.sortKey }
    : { partition: TABLE.partitionKey, sort: TABLE.sortKey };
}

function sortKeyExpression(condition: SortKeyCondition | undefined) {
  if (!condition) return { expression: '', values: {} };
  if ('beginsWith' in condition)
    return { expression: ' AND begins_with(#sk, :sk)', values: { ':sk': condition.beginsWith } };
  if ('between' in condition) {
    const [from, to] = condition.between;
    return { expression: ' AND #sk BETWEEN :from AND :to', values: { ':from': from, ':to': to } };
  }
  if ('atLeast' in condition) return { expression: ' AND #sk >= :sk', values: { ':sk': condition.atLeast } };
  if ('above' in condition) return { expression: ' AND #sk > :sk', values: { ':sk': condition.above } };
  return { expression: ' AND #sk < :sk', values: { ':sk': condition.below } };
}

function satisfies(sortKey: string | number | undefined, condition: SortKeyCondition | undefined): boolean {
  if (sortKey === undefined) return false;
  if (!condition) return true;
  if ('above' in condition) return typeof sortKey === 'number' && sortKey > condition.above;
  if (typeof sortKey !== 'string') return false;
  if ('beginsWith' in condition) return sortKey.startsWith(condition.beginsWith);
  if ('between' in condition) return sortKey >= condition.between[0] && sortKey <= condition.between[1];
  if ('atLeast' in condition) return sortKey >= condition.atLeast;
  return sortKey < condition.below;
}

function queryInput(query: KeyQuery): QueryCommandInput {
  const names = keyNames(query);
  const sort = sortKeyExpression(query.sortKey);
  return {
    TableName: tableName(),
    IndexName: query.index?.name,
    KeyConditionExpression: `#pk = :pk${sort.expression}`,
    FilterExpression: query.filter?.expression,
    ExpressionAttributeNames: {
      '#pk': names.partition,
      ...(query.sortKey ? { '#sk': names.sort } : {}),
      ...query.filter?.names,
    },
    ExpressionAttributeValues: { ':pk': query.partition, ...sort.values, ...query.filter?.values },
    ScanIndexForward: query.order !== 'descending',
    ConsistentRead: query.consistentRead,
  };
}

/** Parses a caller's cursor into the start key it stands for, refusing any this query could not issue. */
function startKeyOf(query: KeyQuery, cursor: string | undefined) {
  const names = keyNames(query);
  const attributes = query.index
    ? [TABLE.partitionKey, TABLE.sortKey, names.partition, names.sort]
    : [TABLE.partitionKey, TABLE.sortKey];
  const startKey = decodeCursor(cursor, {
    attributes: [...new Set(attributes)],
    fixed: { [names.partition]: query.partition },
    numeric: query.index?.sortKeyType === 'number' ? [names.sort] : [],
  });
  if (startKey && !satisfies(startKey[names.sort], query.sortKey)) throw new InvalidCursorError();
  return startKey;
}

/**
 * One page of a query: at most `limit` items read, in the query's order, from where `cursor`
 * left off (the first page without one), each mapped by `toItem`; `nextCursor` is null on the
 * last page. Throws InvalidCursorError for a cursor this query could not have issued.
 */
export async function queryPage<T>(
  query: KeyQuery,
  page: { limit: number; cursor?: string },
  toItem: (item: Item) => T,
): Promise<Page<T>> {
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      ...queryInput(query),
      Limit: page.limit,
      ExclusiveStartKey: startKeyOf(query, page.cursor),
    }),
  );
  return { items: Items.map(toItem), nextCursor: encodeCursor(LastEvaluatedKey) };
}

/** The raw pages of a query, one request each, until DynamoDB reports the last. */
async function* pagesOf(input: QueryCommandInput, maxPages = Number.POSITIVE_INFINITY) {
  let startKey: Item | undefined;
  for (let read = 0; read < maxPages; read++) {
    const output = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    yield output;
    startKey = output.LastEvaluatedKey;
    if (!startKey) return;
  }
}

/** Every item of a query, reading page after page: only for partitions known to stay small. */
export async function queryAll<T>(query: KeyQuery, toItem: (item: Item) => T): Promise<T[]> {
  const items: T[] = [];
  for await (const { Items = [] } of pagesOf(queryInput(query))) items.push(...Items.map(toItem));
  return items;
}

/**
 * The first item of a query (usually a filtered one), or null: pages of `pageSize` items are read
 * until one matches, at most `maxPages` of them (every page when absent).
 */
export async function queryFirst<T>(
  query: KeyQuery,
  toItem: (item: Item) => T,
  options: { pageSize?: number; maxPages?: number } = {},
): Promise<T | null> {
  const input = { ...queryInput(query), Limit: options.pageSize };
  for await (const { Items = [] } of pagesOf(input, options.maxPages)) {
    const first = Items[0];
    if (first) return toItem(first);
  }
  return null;
}

/** How many items a query matches (after its filter), counted by DynamoDB page after page. */
export async function countItems(query: KeyQuery): Promise<number> {
  let count = 0;
  for await (const { Count = 0 } of pagesOf({ ...queryInput(query), Select: 'COUNT' })) count += Count;
  return count;
}

/**
 * A count of at most `atMost` items in one request (reading one item more to tell): `more` says
 * there were more than `atMost` (the count is then `atMost`). For counts whose exact value is
 * worth only so much reading; the query has no filter, so the limit counts matches.
 */
export async function countUpTo(query: KeyQuery, atMost: number): Promise<{ count: number; more: boolean }> {
  const { Count = 0 } = await db().send(
    new QueryCommand({ ...queryInput(query), Select: 'COUNT', Limit: atMost + 1 }),
  );
  return Count > atMost ? { count: atMost, more: true } : { count: Count, more: false };
}
