/**
 * The search index's consumer of change events on DynamoDB Local, handed the events directly (no
 * bus): whatever order the changes of a document are heard in, and however often, its postings
 * end as what it says when stored last, each carrying that text's terms; reconciles of one
 * document running side by side across an edit agree; a deleted post takes its comments'
 * postings along; a member's new name replaces the old one.
 */

import { handler as consumer } from '@clubs/functions/consumers/search-index';
import { db } from '@clubs/functions/data/client';
import { queryAll } from '@clubs/functions/data/query';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { type DocumentRef, getManifest } from '@clubs/functions/data/search-manifests';
import { documentTerms } from '@clubs/functions/data/word-index';
import { handler as feed } from '@clubs/functions/routes/feed';
import { handler as profiles } from '@clubs/functions/routes/profiles';
import { postDocument } from '@clubs/functions/services/search/documents';
import { reconcileDocument } from '@clubs/functions/services/search/reconcile';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import { type AnyChangeEvent, type Comment, EVENT_BUS, type Post, type RouteId } from '@clubs/shared';
import { searchKeys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import {
  type EventOptions,
  type GroupHandler,
  httpEvent,
  invoke,
  memberClaims,
} from '../support/http-event.ts';
import { addClubWithMember, addMember, addPerson } from '../support/members.ts';

const call = <T>(on: GroupHandler, id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T>(on, httpEvent(id, { ...options, claims: memberClaims(userId) }));

const newClub = addClubWithMember;

type ChangeOf<T extends AnyChangeEvent['type']> = Omit<Extract<AnyChangeEvent, { type: T }>, 'id' | 'at'>;

/** A change as the bus hands it to the consumer (a fresh id each time unless the same event is given). */
const busEvent = (change: AnyChangeEvent) => ({
  version: '0' as const,
  id: ulid(),
  'detail-type': change.type,
  source: EVENT_BUS.domainSource,
  account: '000000000000',
  time: change.at,
  region: 'us-east-1',
  resources: [],
  detail: change,
});

const changeOf = <T extends AnyChangeEvent['type']>(change: ChangeOf<T> & { type: T }) =>
  ({ ...change, id: ulid(), at: new Date().toISOString() }) as unknown as AnyChangeEvent;

const hear = async (change: AnyChangeEvent) =>
  expect((await consumer(busEvent(change))).status).toBe('processed');

/** The postings of a document under each of `terms` (by term: the term list it carries). */
async function postingsOf(clubId: string, ref: DocumentRef, terms: readonly string[]) {
  const found = new Map<string, string>();
  for (const term of new Set(terms)) {
    const items = await queryAll(
      {
        partition: searchKeys.partition(clubId, term),
        sortKey: { beginsWith: `${term}#` },
        consistentRead: true,
      },
      (item) => item,
    );
    for (const item of items) if (item.docId === ref.id) found.set(term, String(item.terms));
  }
  return found;
}

/** Expects the document's postings to be exactly `now`'s terms, each carrying them, and none of `gone`. */
async function expectIndexedAs(
  clubId: string,
  ref: DocumentRef,
  now: readonly string[],
  gone: readonly string[],
) {
  const postings = await postingsOf(clubId, ref, [...now, ...gone]);
  expect([...postings.keys()].sort()).toEqual([...now].sort());
  for (const list of postings.values()) expect(list).toBe(` ${now.join(' ')} `);
  const manifest = await getManifest(clubId, ref);
  if (now.length === 0) expect(manifest).toBeNull();
  else expect(manifest).toMatchObject({ dirty: false, indexed: [{ terms: [...now] }] });
}

const termsOf = (title: string, content: string) => documentTerms({ texts: [title, content] });

async function post(clubId: string, userId: string, title: string, content: string) {
  const res = await call<Post>(feed, 'createPost', userId, { params: { clubId }, body: { title, content } });
  expect(res.status).toBe(201);
  return res.body;
}

const edit = (clubId: string, userId: string, postId: string, title: string, content: string) =>
  call<Post>(feed, 'updatePost', userId, { params: { clubId, postId }, body: { title, content } });

/** The post's creation heard (late), with the text it was created with. */
const hearCreated = (clubId: string, actorId: string, { id, title, content }: Post) =>
  hear(changeOf({ type: 'post.created', clubId, actorId, postId: id, title, content, announcement: false }));

describe("the search index's consumer", () => {
  it('ends with the stored state whatever order the changes are heard in', async () => {
    const { clubId, member } = await newClub();
    // Created, then deleted; the deletion is heard first.
    const gone = await post(clubId, member, 'Lost kettlebell', 'Found near the racks');
    expect((await call(feed, 'deletePost', member, { params: { clubId, postId: gone.id } })).status).toBe(
      200,
    );
    const goneRef = { kind: 'post', id: gone.id } as const;
    await hear(changeOf({ type: 'post.deleted', clubId, actorId: member, postId: gone.id }));
    await hearCreated(clubId, member, gone);
    await expectIndexedAs(clubId, goneRef, [], termsOf(gone.title, gone.content));

    // Created, then edited; the edit is heard first, the creation (with its old text) after.
    const kept = await post(clubId, member, 'Morning swim', 'Cold water laps');
    expect((await edit(clubId, member, kept.id, 'Evening swim', 'Warm pool laps')).status).toBe(200);
    await hear(changeOf({ type: 'post.edited', clubId, actorId: member, postId: kept.id }));
    await hearCreated(clubId, member, kept);
    await expectIndexedAs(
      clubId,
      { kind: 'post', id: kept.id },
      termsOf('Evening swim', 'Warm pool laps'),
      termsOf(kept.title, kept.content),
    );
  });

  it('writes nothing when a change is heard again', async () => {
    const { clubId, member } = await newClub();
    const p = await post(clubId, member, 'Hill repeats', 'Six times up the ridge');
    const change = changeOf({ type: 'post.edited', clubId, actorId: member, postId: p.id });
    await hear(change);
    const meter = meterRequests(db());
    try {
      await hear(change);
      // The manifest and the post are read; nothing is written.
      expect(meter.commands).toEqual(['GetItemCommand', 'GetItemCommand']);
    } finally {
      meter.stop();
    }
    await expectIndexedAs(clubId, { kind: 'post', id: p.id }, termsOf(p.title, p.content), []);
  });

  it('agrees with itself when reconciles of one post run side by side across edits', async () => {
    const { clubId, member } = await newClub();
    const p = await post(clubId, member, 'Tempo run', 'Steady effort');
    const ref = { kind: 'post', id: p.id } as const;
    await reconcileDocument(clubId, ref);
    const texts: [string, string][] = [
      ['Tempo run notes', `Threshold pace ${'interval '.repeat(3)}and cadence`],
      ['Long run', 'Easy miles with fuel'],
      ['Track session', 'Four hundreds with short rests'],
      ['Recovery jog', 'Slow and short with strides'],
    ];
    const written: string[] = termsOf(p.title, p.content);
    const attempts: number[] = [];
    for (let round = 0; round < texts.length; round += 2) {
      const [first, second] = [texts[round], texts[round + 1]] as [[string, string], [string, string]];
      written.push(...termsOf(...first), ...termsOf(...second));
      expect((await edit(clubId, member, p.id, ...first)).status).toBe(200);
      // Two reconciles of the first edit side by side, and one of a second edit made meanwhile.
      const reports = await Promise.all([
        reconcileDocument(clubId, ref),
        reconcileDocument(clubId, ref),
        (async () => {
          expect((await edit(clubId, member, p.id, ...second)).status).toBe(200);
          return reconcileDocument(clubId, ref);
        })(),
      ]);
      attempts.push(...reports.map((report) => report.attempts));
    }
    // They did meet: one at least lost a manifest write and started over.
    expect(Math.max(...attempts)).toBeGreaterThan(1);
    const stored = await getPost(clubId, p.id, { consistent: true });
    if (!stored) throw new Error('post missing');
    const final = documentTerms(postDocument(stored));
    expect(final).toEqual(termsOf('Recovery jog', 'Slow and short with strides'));
    await expectIndexedAs(
      clubId,
      ref,
      final,
      written.filter((term) => !final.includes(term)),
    );
  });

  it("removes a deleted post's comments with it", async () => {
    const { clubId, ownerId, member } = await newClub();
    const p = await post(clubId, member, 'Knee care', 'Ice after runs');
    const comments: Comment[] = [];
    for (const content of ['Try a foam roller', 'Physio helped me']) {
      const res = await call<Comment>(feed, 'addComment', ownerId, {
        params: { clubId, postId: p.id },
        body: { content },
      });
      expect(res.status).toBe(201);
      comments.push(res.body);
      await hear(
        changeOf({
          type: 'comment.created',
          clubId,
          actorId: ownerId,
          postId: p.id,
          commentId: res.body.id,
          postAuthorId: member,
          postTitle: p.title,
          content,
        }),
      );
    }
    const refs = comments.map((c) => ({ kind: 'comment', id: c.id, parentId: p.id }) as const);
    const commentTerms = comments.map((c) => documentTerms({ texts: [c.content] }));
    await expectIndexedAs(clubId, refs[0] as DocumentRef, commentTerms[0] ?? [], []);

    expect((await call(feed, 'deletePost', member, { params: { clubId, postId: p.id } })).status).toBe(200);
    await hear(changeOf({ type: 'post.deleted', clubId, actorId: member, postId: p.id }));
    for (const [index, ref] of refs.entries())
      await expectIndexedAs(clubId, ref, [], commentTerms[index] ?? []);
  });

  it("follows a member's new name", async () => {
    const { clubId, member } = await newClub();
    const person = await addPerson('Ada Brightwater', { bio: 'Trail runner' });
    await addMember(clubId, { userId: person });
    const ref = { kind: 'member', id: person } as const;
    const cardChanged = changeOf({
      type: 'membership.card-changed',
      clubId,
      actorId: person,
      memberId: person,
    });
    await hear(cardChanged);
    const before = documentTerms({ texts: ['Ada Brightwater', 'Trail runner'] });
    await expectIndexedAs(clubId, ref, before, []);

    expect((await call(profiles, 'updateMe', person, { body: { fullName: 'Ada Stonebridge' } })).status).toBe(
      200,
    );
    await hear(changeOf({ type: 'membership.card-changed', clubId, actorId: person, memberId: person }));
    const after = documentTerms({ texts: ['Ada Stonebridge', 'Trail runner'] });
    await expectIndexedAs(
      clubId,
      ref,
      after,
      before.filter((term) => !after.includes(term)),
    );
    const found = await call<{ members: { id: string }[] }>(feed, 'searchClub', member, {
      params: { clubId },
      query: { q: 'stonebridge' },
    });
    expect(found.body.members.map((m) => m.id)).toEqual([person]);
  });
});
