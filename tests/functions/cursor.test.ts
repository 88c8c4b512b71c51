import { decodeCursor, encodeCursor } from '@clubs/functions/data/cursor';
import { describe, expect, it } from 'vitest';

const shape = { attributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], fixed: { gsi1pk: 'CLUB_STATUS#active' } };
const key = { pk: 'CLUB#1', sk: 'META', gsi1pk: 'CLUB_STATUS#active', gsi1sk: '2026#1' };

describe('paging cursors', () => {
  it('round-trips a last evaluated key', () => {
    expect(decodeCursor(encodeCursor(key) ?? undefined, shape)).toEqual(key);
    expect(encodeCursor(undefined)).toBeNull();
    expect(decodeCursor(undefined, shape)).toBeUndefined();
  });

  it('refuses cursors for another partition, with other attributes or non-string values', () => {
    const bad = [
      { ...key, gsi1pk: 'CLUB_STATUS#unpaid' },
      { ...key, extra: 'x' },
      { pk: 'CLUB#1', sk: 'META' },
      { ...key, sk: { S: 'META' } },
      ['pk'],
    ];
    for (const value of bad) {
      const cursor = Buffer.from(JSON.stringify(value)).toString('base64url');
      expect(() => decodeCursor(cursor, shape)).toThrow('The cursor is not valid');
    }
    expect(() => decodeCursor('not base64 json', shape)).toThrow('The cursor is not valid');
  });
});
