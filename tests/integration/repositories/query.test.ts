/**
 * The one cursor-paged query helper against DynamoDB Local: key conditions, order, filter,
 * an index, and refusal of every cursor the query could not have issued.
 */

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { encodeCursor } from '@clubs/functions/data/cursor';
import { InvalidCursorError } from '@clubs/functions/data/errors';
import { countItems, type KeyQuery, queryAll, queryFirst, queryPage } from '@clubs/functions/data/query';
import { toErrorResponse } from '@clubs/functions/http/errors';
import { TABLE } from '@clubs/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';

const partition = `QUERYTEST#${ulid()}`;
const INDEX = TABLE.indexes.byOwner;
const sk = (n: number) => `ITEM#${String(n).padStart(2, '0')}`;
const toSk = (item: Record<string, unknown>) => item.sk as string;

beforeAll(async () => {
  for (let n = 1; n <= 7; n += 1) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: partition,
          sk: sk(n),
          colour: n % 2 === 0 ? 'red' : 'blue',
          [INDEX.partitionKey]: `${partition}#index`,
          [INDEX.sortKey]: `AT#${String(10 - n).padStart(2, '0')}`,
        },
      }),
    );
  }
  // Another kind of item in the same partition, outside every ITEM# condition.
  await db().send(new PutCommand({ TableName: tableName(), Item: { pk: partition, sk: 'META' } }));
});

/** Follows cursors to the end, a page of `limit` at a time. */
async function allPages(query: KeyQuery, limit: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage(query, { limit, cursor }, toSk);
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

const items: KeyQuery = { partition, sortKey: { beginsWith: 'ITEM#' } };

describe('queryPage', () => {
  it('pages a prefix ascending and descending without repeats', async () => {
    const up = await allPages(items, 3);
    expect(up).toEqual([[sk(1), sk(2), sk(3)], [sk(4), sk(5), sk(6)], [sk(7)]]);
    const down = await allPages({ ...items, order: 'descending' }, 4);
    expect(down.flat()).toEqual([7, 6, 5, 4, 3, 2, 1].map(sk));
  });

  it('answers ranges: between, at least and below', async () => {
    const page = (sortKey: KeyQuery['sortKey']) => queryPage({ partition, sortKey }, { limit: 20 }, toSk);
    expect((await page({ between: [sk(2), sk(4)] })).items).toEqual([sk(2), sk(3), sk(4)]);
    expect((await page({ atLeast: sk(6) })).items).toEqual([sk(6), sk(7), 'META']);
    expect((await page({ below: sk(2) })).items).toEqual([sk(1)]);
  });

  it('filters after the limit, so a page may be short while a cursor remains', async () => {
    const filter = { expression: '#c = :c', names: { '#c': 'colour' }, values: { ':c': 'red' } };
    const first = await queryPage({ ...items, filter }, { limit: 3 }, toSk);
    expect(first.items).toEqual([sk(2)]);
    expect(first.nextCursor).not.toBeNull();
    expect((await allPages({ ...items, filter }, 3)).flat()).toEqual([sk(2), sk(4), sk(6)]);
  });

  it('queries an index with cursors that carry its keys', async () => {
    const byIndex: KeyQuery = { index: INDEX, partition: `${partition}#index` };
    const pages = await allPages(byIndex, 2);
    expect(pages.flat()).toEqual([7, 6, 5, 4, 3, 2, 1].map(sk));
  });

  it('refuses cursors of another partition, outside the condition, or not its own', async () => {
    const refused = [
      encodeCursor({ pk: `${partition}x`, sk: sk(1) }),
      encodeCursor({ pk: partition, sk: 'META' }),
      encodeCursor({ pk: partition, sk: sk(1), extra: 'x' }),
      encodeCursor({ pk: partition }),
      'not a cursor',
    ];
    for (const cursor of refused) {
      await expect(queryPage(items, { limit: 2, cursor: cursor ?? '' }, toSk)).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    }
    const outOfRange = encodeCursor({ pk: partition, sk: sk(1) }) ?? '';
    await expect(
      queryPage({ partition, sortKey: { atLeast: sk(3) } }, { limit: 2, cursor: outOfRange }, toSk),
    ).rejects.toBeInstanceOf(InvalidCursorError);
    // A table cursor is not an index cursor.
    await expect(
      queryPage({ index: INDEX, partition: `${partition}#index` }, { limit: 2, cursor: outOfRange }, toSk),
    ).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('is answered at the HTTP edge with a 400', () => {
    expect(toErrorResponse(new InvalidCursorError())).toEqual({
      status: 400,
      body: { error: { code: 'bad_request', message: 'The cursor is not valid' } },
      headers: {},
    });
  });
});

describe('queryAll, queryFirst and countItems', () => {
  it('read every page, stop at the first match, and count', async () => {
    expect(await queryAll(items, toSk)).toEqual([1, 2, 3, 4, 5, 6, 7].map(sk));
    const filter = { expression: '#c = :c', names: { '#c': 'colour' }, values: { ':c': 'red' } };
    expect(await queryFirst({ ...items, order: 'descending', filter }, toSk, { pageSize: 1 })).toBe(sk(6));
    expect(await queryFirst({ ...items, filter }, toSk, { pageSize: 1, maxPages: 1 })).toBeNull();
    expect(await countItems({ ...items, filter })).toBe(3);
    expect(await countItems({ partition, sortKey: { between: [sk(3), sk(5)] } })).toBe(3);
  });
});
