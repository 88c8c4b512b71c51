/**
 * `npm run bench:index-writes`: what a like (with the points it earns its author) and a comment
 * write into the table's global secondary indexes, with every index projecting ALL (the table
 * before projections were declared) and with the projections of shared/src/table.ts. On its own
 * DynamoDB Local, one table of each kind, the same club, post and people, the product's own
 * repositories writing (addLike, addComment).
 *
 * How it is measured: every write the data layer sends is seen by a middleware on its client,
 * which reads the items it touches (strongly consistent) before and after. An index is written
 * when an item enters or leaves it or changes an attribute it projects, twice when its index key
 * changes (the old entry out, the new one in). Bytes are DynamoDB's item size of each entry
 * written (attribute names plus values, as AWS documents it: a string's UTF-8 bytes, a number
 * about one byte per two digits plus one); write units are what AWS bills for them, one per KB of
 * an entry started, twice in a transaction. DynamoDB Local's own ConsumedCapacity (INDEXES) is
 * shown beside them as the indexes it wrote: it agrees on which, but its transaction totals are
 * not AWS's (it counts 12 table units for a 43-item transaction), so the units are computed.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type IndexDefinition, projectedAttributes, TABLE_INDEXES } from '@clubs/shared';
import { ulid } from 'ulid';
import * as bench from './bench-support.ts';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

/** DynamoDB's size of a value in bytes, per its documented item size rules. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number')
    return Math.ceil(String(Math.abs(value)).replace(/[.-]/g, '').length / 2) + 1;
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Set) return [...value].reduce((n: number, v) => n + sizeOf(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + sizeOf(v) + 1, 0);
  if (typeof value === 'object' && value)
    return 3 + Object.entries(value).reduce((n, [name, v]) => n + Buffer.byteLength(name) + sizeOf(v) + 1, 0);
  return 0;
}

/** The item as an index of this projection holds it, or null when it is not in the index. */
function entryOf(
  index: IndexDefinition,
  projection: IndexDefinition['projection'],
  item?: Item,
): Item | null {
  if (!item || item[index.partitionKey] === undefined || item[index.sortKey] === undefined) return null;
  const projected = projectedAttributes({ ...index, projection });
  if (projected === 'all') return item;
  return Object.fromEntries(Object.entries(item).filter(([name]) => projected.has(name)));
}

const entrySize = (entry: Item) =>
  Object.entries(entry).reduce((n, [name, value]) => n + Buffer.byteLength(name) + sizeOf(value), 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The sizes of the entries one item's change writes into an index: none, one, or two when its key moves. */
function entriesWritten(
  index: IndexDefinition,
  projection: IndexDefinition['projection'],
  before?: Item,
  after?: Item,
): number[] {
  const was = entryOf(index, projection, before);
  const is = entryOf(index, projection, after);
  if (!was && !is) return [];
  if (!was || !is) return [entrySize((was ?? is) as Item)];
  const keyMoved =
    was[index.partitionKey] !== is[index.partitionKey] || was[index.sortKey] !== is[index.sortKey];
  if (keyMoved) return [entrySize(was), entrySize(is)];
  return same(was, is) ? [] : [entrySize(is)];
}

const KB = 1024;

/** The keys of the items a write command touches. */
function keysOf(input: Item): Key[] {
  const one = (action: Item | undefined): Key[] => {
    const key = (action?.Key ?? action?.Item) as Key | undefined;
    return key && typeof key.pk === 'string' ? [{ pk: key.pk, sk: key.sk }] : [];
  };
  const actions = (input.TransactItems ?? []) as Record<string, Item>[];
  if (actions.length > 0) return actions.flatMap((a) => [...one(a.Put), ...one(a.Update), ...one(a.Delete)]);
  return one(input);
}

const WRITES = /^(TransactWriteItems|PutItem|UpdateItem|DeleteItem|TransactWrite|Put|Update|Delete)Command$/;

bench.runBench(
  { runs: 1, warmup: 1 },
  'a like of a post whose author already has points, and a comment on it; addLike and addComment',
  async (store) => {
    const benchItems = await import('./bench-items.ts');
    const { postItem } = await import('@clubs/functions/data/repositories/posts');
    const { addLike } = await import('@clubs/functions/data/repositories/likes');
    const { addComment } = await import('@clubs/functions/data/repositories/comments');
    const { createTableInput } = await import('@clubs/functions/data/table-schema');
    const { tableName } = await import('@clubs/functions/data/client');

    let projections: ReadonlyMap<string, IndexDefinition['projection']> = new Map();
    let tally = { bytes: new Map<string, number>(), units: 0, reported: new Set<string>() };
    const add = (map: Map<string, number>, name: string, n: number) =>
      map.set(name, (map.get(name) ?? 0) + n);
    const read = async (key: Key) =>
      (await store.db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

    store.db.middlewareStack.add(
      (next, context) => async (args) => {
        const command = String((context as { commandName?: string }).commandName ?? '');
        if (!WRITES.test(command)) return next(args);
        const input = args.input as Item;
        input.ReturnConsumedCapacity = 'INDEXES';
        const touched = keysOf(input);
        const before = await Promise.all(touched.map(read));
        const result = await next(args);
        const after = await Promise.all(touched.map(read));
        const perUnit = /^Transact/.test(command) ? 2 : 1;
        for (const index of TABLE_INDEXES) {
          const projection = projections.get(index.name) ?? index.projection;
          touched.forEach((_, i) => {
            for (const size of entriesWritten(index, projection, before[i], after[i])) {
              add(tally.bytes, index.name, size);
              tally.units += perUnit * Math.ceil(size / KB);
            }
          });
        }
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        for (const capacity of [consumed ?? []].flat() as { GlobalSecondaryIndexes?: object }[])
          for (const name of Object.keys(capacity.GlobalSecondaryIndexes ?? {})) tally.reported.add(name);
        return result;
      },
      { step: 'initialize', name: 'indexWriteTally' },
    );

    const rows: (string | number)[][] = [];
    const kinds = [
      { label: 'ALL (before)', table: 'bench_index_all', all: true },
      { label: 'declared (after)', table: 'bench_index_declared', all: false },
    ];
    const postSizes = [
      { label: 'a one-line post', content: 'See you all at the meetup on Saturday!' },
      { label: 'a 2,000-character post', content: 'A longer post about the club. '.repeat(67) },
    ];
    for (const kind of kinds) {
      const input = createTableInput(kind.table);
      if (kind.all)
        for (const index of input.GlobalSecondaryIndexes ?? []) index.Projection = { ProjectionType: 'ALL' };
      await store.db.send(new CreateTableCommand(input));
      await store.useTable(kind.table);
      projections = new Map(
        TABLE_INDEXES.map((index) => [index.name, kind.all ? ({ type: 'ALL' } as const) : index.projection]),
      );
      for (const size of postSizes) {
        const author = ulid();
        const likers = [ulid(), ulid()];
        const club = bench.benchClub({ memberCount: 4 });
        const post = {
          ...benchItems.textPost(club, 0, { id: author, index: 0 }, 0, Date.now()),
          content: size.content,
        };
        await store.load(`${kind.label}: club, ${size.label}`, [
          ...benchItems.clubWithMembers(club, [author, ...likers]),
          postItem(post),
        ]);
        const like = (userId: string) =>
          addLike(club.id, { postId: post.id, userId, createdAt: new Date().toISOString() }, author);
        // The first like creates the author's points items; the second moves them, as most likes do.
        await like(likers[0] as string);
        const measure = async (what: string, write: () => Promise<unknown>) => {
          tally = { bytes: new Map(), units: 0, reported: new Set() };
          await write();
          const byIndex = TABLE_INDEXES.map((index) => tally.bytes.get(index.name) ?? 0);
          const total = byIndex.reduce((a, b) => a + b, 0);
          const reported = [...tally.reported].sort().join(' ');
          rows.push([what, size.label, kind.label, ...byIndex, total, tally.units, reported]);
        };
        await measure('like (+38 points items)', () => like(likers[1] as string));
        await measure('comment', () =>
          addComment(club.id, {
            id: ulid(),
            postId: post.id,
            authorId: likers[0] as string,
            authorName: 'Member 1',
            authorAvatar: null,
            content: 'Count me in.',
            createdAt: new Date().toISOString(),
          }),
        );
      }
    }
    return {
      header: [
        'write',
        'post',
        'projections',
        ...TABLE_INDEXES.map((index) => `${index.name} bytes`),
        'index bytes',
        'index write units',
        'indexes DynamoDB Local wrote',
      ],
      rows,
    };
  },
);
