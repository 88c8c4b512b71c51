/**
 * Searching a club through the feed handler on DynamoDB Local: the word index follows posts and
 * comments as they are written, edited and deleted (through their change events, indexed by the
 * search index's consumer before each search); several words are ANDed, the last one also
 * as a prefix; a search costs three requests with the access check; bad input is a 400 or an
 * empty result; pending members and strangers are refused as on the club's other routes.
 */
import { db } from '@clubs/functions/data/client';
import {
  addReport,
  decideCase,
  getCase,
  postAsModerated,
} from '@clubs/functions/data/repositories/moderation-cases';
import { handler } from '@clubs/functions/routes/feed';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import { type Comment, type Post, type RouteId, SEARCH_LIMITS, type SearchResults } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useSearchIndexing } from '../support/bus.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClubWithMember, addMember } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const indexed = useSearchIndexing();

const call = <T>(id: RouteId, userId: string | null, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(
    handler,
    httpEvent(id, { ...options, ...(userId ? { claims: memberClaims(userId) } : {}) }),
  );

const newClub = addClubWithMember;

async function post(clubId: string, userId: string, title: string, content: string) {
  const res = await call<Post>('createPost', userId, { params: { clubId }, body: { title, content } });
  expect(res.status).toBe(201);
  return res.body;
}

async function comment(clubId: string, userId: string, postId: string, content: string) {
  const res = await call<Comment>('addComment', userId, { params: { clubId, postId }, body: { content } });
  expect(res.status).toBe(201);
  return res.body;
}

/** A search once every change written so far is indexed. */
const search = async (clubId: string, userId: string, q: string, extra: Record<string, string> = {}) => {
  await indexed();
  return call<SearchResults>('searchClub', userId, { params: { clubId }, query: { q, ...extra } });
};

const postIds = async (clubId: string, userId: string, q: string) => {
  const res = await search(clubId, userId, q);
  expect(res.status).toBe(200);
  return res.body.posts.filter((p) => p.matched).map((p) => p.id);
};

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

describe('searching posts and comments', () => {
  it('finds a post by a word of its title or deep in its text, accent-, case- and plural-blind, newest first', async () => {
    const { clubId, member } = await newClub();
    const older = await post(clubId, member, 'Wrist pain after planks', 'My wrists hurt.');
    const newer = await post(
      clubId,
      member,
      'Stretches for runners',
      `${filler(150)} then the Wrist opener.`,
    );
    await post(clubId, member, 'Café mornings', 'Nothing else here.');

    expect(await postIds(clubId, member, 'wrist')).toEqual([newer.id, older.id]);
    expect(await postIds(clubId, member, 'WRISTS')).toEqual([newer.id, older.id]);
    expect(await postIds(clubId, member, 'stretch')).toEqual([newer.id]);
    expect(await postIds(clubId, member, 'cafe')).toHaveLength(1);
    // Several words are ANDed; the last one also matches as a prefix while typing.
    expect(await postIds(clubId, member, 'wrist plan')).toEqual([older.id]);
    expect(await postIds(clubId, member, 'wrist runner opener')).toEqual([newer.id]);
    // Excerpts come from around the matched word.
    const hit = (await search(clubId, member, 'opener')).body.posts[0];
    expect(hit?.excerpt).toContain('Wrist opener');
  });

  it('finds comments grouped under their post, and follows edits and deletes at once', async () => {
    const { clubId, ownerId, member } = await newClub();
    const p = await post(clubId, member, 'Morning routine', 'Sun salutations daily');
    const c = await comment(clubId, ownerId, p.id, 'Try a bolster under the knees');
    const found = await search(clubId, member, 'bolster');
    expect(found.body.posts).toEqual([
      expect.objectContaining({
        id: p.id,
        matched: false,
        comments: [expect.objectContaining({ id: c.id })],
      }),
    ]);

    const edited = await call<Post>('updatePost', member, {
      params: { clubId, postId: p.id },
      body: { title: 'Evening routine', content: 'Moon salutations daily' },
    });
    expect(edited.status).toBe(200);
    expect(await postIds(clubId, member, 'morning')).toEqual([]);
    expect(await postIds(clubId, member, 'evening moon')).toEqual([p.id]);

    const removed = await call('deleteComment', ownerId, {
      params: { clubId, postId: p.id, commentId: c.id },
    });
    expect(removed.status).toBe(200);
    expect((await search(clubId, member, 'bolster')).body.posts).toEqual([]);

    await comment(clubId, ownerId, p.id, 'A second bolster idea');
    expect((await call('deletePost', member, { params: { clubId, postId: p.id } })).status).toBe(200);
    expect((await search(clubId, member, 'evening')).body.posts).toEqual([]);
    expect((await search(clubId, member, 'bolster')).body.posts).toEqual([]);
  });

  it('answers in three requests with the access check, whatever it finds', async () => {
    const { clubId, member } = await newClub();
    for (let i = 0; i < 5; i++) await post(clubId, member, `Yoga flow ${i}`, 'Breathing and balance');
    await indexed();
    const meter = meterRequests(db());
    try {
      for (const q of ['yoga', 'yoga breathing balance', 'yo']) {
        meter.reset();
        expect((await search(clubId, member, q)).status).toBe(200);
        expect(meter.commands.length).toBeLessThanOrEqual(3);
      }
    } finally {
      meter.stop();
    }
  });

  it('pages by cursor without repeating a result', async () => {
    const { clubId, member } = await newClub();
    for (let i = 0; i < 5; i++) await post(clubId, member, `Kettlebell swing ${i}`, 'Hinge');
    const first = await search(clubId, member, 'kettlebell', { limit: '3' });
    expect(first.body.posts).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await search(clubId, member, 'kettlebell', {
      limit: '3',
      cursor: first.body.nextCursor ?? '',
    });
    expect(second.body.posts).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.posts, ...second.body.posts].map((p) => p.id);
    expect(new Set(ids).size).toBe(5);
  });
});

describe('what a searcher may not see', () => {
  /** One post everyone sees, then `count` newer ones a moderator hid (seen by their author only). */
  async function hiddenPosts(count: number, text: string) {
    const { clubId, ownerId, member } = await newClub();
    const searcher = await addMember(clubId);
    const visible = await post(clubId, ownerId, `A ${text} for all`, 'Shown to everyone.');
    for (let i = 0; i < count; i++) {
      const hidden = await post(clubId, member, `Hidden ${text} ${i}`, 'Taken down.');
      const item = { ...postAsModerated({ ...hidden, clubId, authorId: member, authorName: 'M' }) };
      expect(await addReport(item, ownerId, { reason: 'spam', text: '' })).toBe('reported');
      const opened = await getCase(clubId, hidden.id);
      expect(opened && (await decideCase(opened, 'hide', { hidden: 'moderator' }, [], new Date()))).toBe(
        true,
      );
    }
    return { clubId, searcher, visible };
  }

  const nothingFound = (query: string): SearchResults => ({
    query,
    posts: [],
    members: [],
    courses: [],
    events: [],
    nextCursor: null,
  });

  it('answers a page of only hidden matches exactly as a search that found nothing, within a bound of requests', async () => {
    const { clubId, searcher } = await hiddenPosts(SEARCH_LIMITS.fillRounds + 2, 'zanzibar');
    await indexed();
    const meter = meterRequests(db());
    try {
      const res = await search(clubId, searcher, 'zanzibar hidden', { limit: '1' });
      expect(res.body).toEqual(nothingFound('zanzibar hidden'));
      // The access check's read, then at most a query and a batch read a round.
      expect(meter.commands.length).toBeLessThanOrEqual(1 + 2 * SEARCH_LIMITS.fillRounds);
    } finally {
      meter.stop();
    }
    expect((await search(clubId, searcher, 'quetzalcoatl', { limit: '1' })).body).toEqual(
      nothingFound('quetzalcoatl'),
    );
  });

  it('fills a page past hidden matches from the next postings', async () => {
    const { clubId, searcher, visible } = await hiddenPosts(SEARCH_LIMITS.fillRounds - 1, 'marrakesh');
    const res = await search(clubId, searcher, 'marrakesh', { limit: '1' });
    expect(res.body.posts.map((p) => p.id)).toEqual([visible.id]);
    expect(res.body.nextCursor).toBeNull();
  });
});

describe('bad input and who may search', () => {
  it('refuses short, long and many-word searches and answers stop words and markup plainly', async () => {
    const { clubId, member } = await newClub();
    await post(clubId, member, 'Regex (a+)+ and <b>bold</b> talk', 'plain words');
    for (const q of ['', ' ', 'a', 'x'.repeat(500), 'one two three four five six seven eight nine']) {
      const res = await search(clubId, member, q);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect((await search(clubId, member, 'the and of')).body.posts).toEqual([]);
    expect(await postIds(clubId, member, '(a+)+ <b>bold</b>')).toHaveLength(1);
    expect(await postIds(clubId, member, '<b>bold</b>')).toHaveLength(1);
    expect(await postIds(clubId, member, '.*')).toHaveLength(0);
    const badCursor = await search(clubId, member, 'bold', { cursor: 'not-a-cursor' });
    expect(badCursor.status).toBe(400);
  });

  it('refuses pending members, strangers and members of another club', async () => {
    const { clubId, member } = await newClub();
    await post(clubId, member, 'Secret plans', 'members only');
    const pending = await addMember(clubId, { status: 'pending' });
    const other = await newClub();
    for (const userId of [pending, ulid(), other.member]) {
      const res = await search(clubId, userId, 'secret');
      expect(res.status).toBe(403);
      expect(res.body.posts).toBeUndefined();
    }
    // Another club's id finds that club's posts only.
    expect(await postIds(other.clubId, other.member, 'secret')).toEqual([]);
  });
});
