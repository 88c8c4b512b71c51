import {
  CHANGE_OUTBOX,
  CHANGE_STREAM_FILTERS,
  changeOfStreamRecord,
  entryOfStreamRecord,
  MalformedOutboxItem,
  PLATFORM_EVENTS,
  PROFILE_ITEM_TYPE,
  passesChangeFilter,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';

const change = {
  type: 'post.created',
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  at: '2030-01-01T10:00:00.000Z',
  clubId: 'club1',
  actorId: 'user1',
  postId: 'post1',
  title: 'Hello',
  content: 'World',
  announcement: true,
};
const outbox = { pk: 'CHANGES#club1', sk: `CHANGE#${change.id}`, type: 'change', change, expiresAt: 1 };

describe('changeOfStreamRecord', () => {
  it("gives an outbox item's insertion the event it holds", () => {
    expect(changeOfStreamRecord({ eventName: 'INSERT', newImage: outbox })).toEqual(change);
  });

  it('gives nothing for the removal or change of an outbox item, or any other item', () => {
    expect(changeOfStreamRecord({ eventName: 'REMOVE' })).toBeNull();
    expect(changeOfStreamRecord({ eventName: 'MODIFY', newImage: outbox })).toBeNull();
    const post = { pk: 'CLUB#club1', sk: 'POST#post1', type: 'post', change };
    expect(changeOfStreamRecord({ eventName: 'INSERT', newImage: post })).toBeNull();
    expect(changeOfStreamRecord({ eventName: 'INSERT' })).toBeNull();
  });

  it('refuses an outbox item whose event the schema refuses, rather than dropping it', () => {
    const bad = { ...outbox, change: { ...change, postId: 'no spaces allowed' } };
    expect(() => changeOfStreamRecord({ eventName: 'INSERT', newImage: bad })).toThrow(MalformedOutboxItem);
    const unknown = { ...outbox, change: { ...change, type: 'post.teleported' } };
    expect(() => changeOfStreamRecord({ eventName: 'INSERT', newImage: unknown })).toThrow(
      MalformedOutboxItem,
    );
  });

  it('maps the same record to the same event each time it is delivered (its id is stored)', () => {
    const record = { eventName: 'INSERT', newImage: outbox };
    expect(changeOfStreamRecord(record)?.id).toBe(changeOfStreamRecord(record)?.id);
  });
});

describe('entryOfStreamRecord', () => {
  const platform = {
    id: '01JABCDEFGHJKMNPQRSTVWXYZ1',
    at: '2030-01-01T10:00:00.000Z',
    detailType: PLATFORM_EVENTS.suspensionChanged,
    clubId: 'club1',
  };
  const platformOutbox = { pk: 'CHANGES#club1', sk: `CHANGE#${platform.id}`, type: 'change', platform };

  it("gives an outbox item's platform event, and no change event for it", () => {
    const record = { eventName: 'INSERT', newImage: platformOutbox };
    expect(entryOfStreamRecord(record)).toEqual({ kind: 'platform', event: platform });
    expect(changeOfStreamRecord(record)).toBeNull();
    const bad = { ...platformOutbox, platform: { ...platform, detailType: 'club.teleported' } };
    expect(() => entryOfStreamRecord({ eventName: 'INSERT', newImage: bad })).toThrow(MalformedOutboxItem);
  });

  it('gives a profile modified with its images before and after, and nothing for its creation or removal', () => {
    const before = { pk: 'USER#u1', sk: 'PROFILE', type: PROFILE_ITEM_TYPE, id: 'u1', fullName: 'Ann' };
    const after = { ...before, fullName: 'Anna' };
    expect(entryOfStreamRecord({ eventName: 'MODIFY', newImage: after, oldImage: before })).toEqual({
      kind: 'profile',
      userId: 'u1',
      before,
      after,
    });
    // A new person belongs to no club yet: their profile's creation tells no club anything.
    expect(entryOfStreamRecord({ eventName: 'INSERT', newImage: after })).toBeNull();
    expect(entryOfStreamRecord({ eventName: 'REMOVE', oldImage: before })).toBeNull();
  });
});

describe('passesChangeFilter', () => {
  const image = (type: string) => ({ type: { S: type }, pk: { S: 'x' } });
  it('lets through what the event source filters let through: outbox items inserted, profiles modified', () => {
    expect(passesChangeFilter({ eventName: 'INSERT', dynamodb: { NewImage: image('change') } })).toBe(true);
    expect(passesChangeFilter({ eventName: 'MODIFY', dynamodb: { NewImage: image('profile') } })).toBe(true);
    expect(passesChangeFilter({ eventName: 'INSERT', dynamodb: { NewImage: image('profile') } })).toBe(false);
    expect(passesChangeFilter({ eventName: 'MODIFY', dynamodb: { NewImage: image('change') } })).toBe(false);
    expect(passesChangeFilter({ eventName: 'REMOVE', dynamodb: {} })).toBe(false);
    expect(passesChangeFilter({ eventName: 'INSERT', dynamodb: { NewImage: image('post') } })).toBe(false);
    expect(passesChangeFilter({ eventName: 'MODIFY', dynamodb: { NewImage: image('membership') } })).toBe(
      false,
    );
  });

  it('matches the filter patterns given to the event source', () => {
    expect(CHANGE_STREAM_FILTERS).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: [CHANGE_OUTBOX.itemType] } } } },
      { eventName: ['MODIFY'], dynamodb: { NewImage: { type: { S: [PROFILE_ITEM_TYPE] } } } },
    ]);
  });
});
