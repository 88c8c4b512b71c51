/**
 * What each kind of document is to search: the texts it is indexed by (the index's consumer
 * reads the document and hands these to the word index), the keys a result needs read, and how a
 * read result is shown.
 */
import {
  type ClubEvent,
  type Course,
  levelOf,
  matchesAll,
  type SearchKind,
  type SearchResults,
  type SearchTerms,
  type Section,
} from '@clubs/shared';
import { type Key, keys } from '@clubs/shared/table-keys';
import { decodeTime } from 'ulid';
import type { Viewer } from '../../caller.ts';
import { plainTextOf } from '../../content/section-html.ts';
import { keyId } from '../../data/batch-get.ts';
import { toStoredEvent } from '../../data/repositories/calendar-events.ts';
import { type StoredComment, toComment } from '../../data/repositories/comments.ts';
import { toCourse } from '../../data/repositories/courses.ts';
import { cardOf } from '../../data/repositories/member-cards.ts';
import { ALL_TIME, pointsIn } from '../../data/repositories/points.ts';
import { type StoredPost, toPost } from '../../data/repositories/posts.ts';
import type { Posting, SearchDocument } from '../../data/word-index.ts';
import { lockedAt, mayBeLocked } from '../courses/course-access.ts';
import { seesItem } from '../feed/viewer.ts';
import { excerptOf } from './matching.ts';

/** A post is found by its title and text. */
export const postDocument = (post: StoredPost): SearchDocument => ({
  kind: 'post',
  id: post.id,
  at: post.createdAt,
  texts: [post.title, post.content],
});

/** A comment is found by its text, and shown under its post. */
export const commentDocument = (comment: StoredComment): SearchDocument => ({
  kind: 'comment',
  id: comment.id,
  parentId: comment.postId,
  at: comment.createdAt,
  texts: [comment.content],
});

/** When a ULID was made; `fallback` for an id of another form. */
function timeOfId(id: string, fallback: string): string {
  try {
    return new Date(decodeTime(id)).toISOString();
  } catch {
    return fallback;
  }
}

/** An event is found by its title, description and place; ids are ULIDs, so its id dates it. */
export const eventDocument = (event: ClubEvent): SearchDocument => ({
  kind: 'event',
  id: event.id,
  at: timeOfId(event.id, event.startDate),
  texts: [event.title, event.description, event.location],
});

/**
 * A course is found by its title, description and its sections' titles and text (markup
 * stripped), in that order: a long course's words past the index's term cap (MAX_DOCUMENT_TERMS)
 * come from its sections' text, never its titles.
 */
export const courseDocument = (course: Course, sections: readonly Section[]): SearchDocument => ({
  kind: 'course',
  id: course.id,
  at: course.createdAt,
  texts: [
    course.title,
    course.description,
    ...sections.map((section) => section.title),
    ...sections.map((section) => plainTextOf(section.htmlContent)),
  ],
});

export interface ShowContext {
  search: SearchTerms;
  found: Map<string, Record<string, unknown>>;
  results: SearchResults;
}

export interface SearchReader {
  /** The items a posting's result is made from (read in one batch with the page's others). */
  keys: (posting: Posting) => Key[];
  /**
   * Adds the result to the page when its items exist, may be read and still match: true when it
   * did.
   */
  show: (posting: Posting, context: ShowContext) => boolean;
}

type PostGroup = SearchResults['posts'][number];

/** The post's group on the page, made (unmatched, no comments yet) when first needed. */
function groupOf(post: StoredPost, context: ShowContext): PostGroup {
  const existing = context.results.posts.find((group) => group.id === post.id);
  if (existing) return existing;
  const group: PostGroup = {
    id: post.id,
    title: post.title,
    excerpt: excerptOf(post.content, context.search),
    authorName: post.authorName,
    createdAt: post.createdAt,
    matched: false,
    comments: [],
  };
  context.results.posts.push(group);
  return group;
}

/** The readers of a club's documents, by kind, for one caller. */
export function searchReaders(clubId: string, viewer: Viewer): Record<SearchKind, SearchReader> {
  const postKey = (id: string) => keys.post(clubId, id);
  const levelKey = mayBeLocked(viewer) ? keys.points(clubId, viewer.userId, ALL_TIME) : null;
  const readPost = (id: string, found: ShowContext['found']) => {
    const item = found.get(keyId(postKey(id)));
    const post = item ? toPost(item) : null;
    // A hidden post (and what is under it) is found only by its author.
    return post && seesItem(post, viewer) ? post : null;
  };
  return {
    post: {
      keys: (posting) => [postKey(posting.docId)],
      show: (posting, context) => {
        const post = readPost(posting.docId, context.found);
        if (!post || !matchesAll(postDocument(post).texts, context.search)) return false;
        groupOf(post, context).matched = true;
        return true;
      },
    },
    comment: {
      keys: (posting) => [
        keys.comment(posting.parentId ?? '', posting.docId),
        postKey(posting.parentId ?? ''),
      ],
      show: (posting, context) => {
        const post = readPost(posting.parentId ?? '', context.found);
        const item = context.found.get(keyId(keys.comment(posting.parentId ?? '', posting.docId)));
        if (!post || !item) return false;
        const comment = toComment(item);
        if (!seesItem(comment, viewer) || !matchesAll(commentDocument(comment).texts, context.search))
          return false;
        groupOf(post, context).comments.push({
          id: comment.id,
          excerpt: excerptOf(comment.content, context.search),
          authorName: comment.authorName,
          createdAt: comment.createdAt,
        });
        return true;
      },
    },
    member: {
      keys: (posting) => [keys.membership(clubId, posting.docId), keys.profile(posting.docId)],
      // Only active members are shown; pending requests and departed people are indexed or
      // lingering postings that the membership read answers for.
      show: (posting, context) => {
        const membership = context.found.get(keyId(keys.membership(clubId, posting.docId)));
        if (membership?.status !== 'active') return false;
        const profile = context.found.get(keyId(keys.profile(posting.docId)));
        const card = cardOf(membership);
        const name = card?.name ?? 'Member';
        const bio = typeof profile?.bio === 'string' ? profile.bio : '';
        if (!matchesAll([name, bio], context.search)) return false;
        context.results.members.push({
          id: posting.docId,
          name,
          avatarUrl: card?.avatarUrl ?? null,
          excerpt: excerptOf(bio, context.search),
        });
        return true;
      },
    },
    course: {
      // With the searcher's all-time points when a course may be locked to them: one more key in
      // the same batch, never another request.
      keys: (posting) => [keys.course(clubId, posting.docId), ...(levelKey ? [levelKey] : [])],
      // Every active member finds every course by its title and description (a locked course is
      // listed too); a course that matched by its sections' text shows its description, and one
      // locked above the searcher's level is not found by its sections' text at all.
      show: (posting, context) => {
        const item = context.found.get(keyId(keys.course(clubId, posting.docId)));
        if (!item) return false;
        const course = toCourse(item);
        const level = levelOf(pointsIn(levelKey ? context.found.get(keyId(levelKey)) : undefined));
        const locked = lockedAt(course, viewer, level);
        if (locked && !matchesAll([course.title, course.description], context.search)) return false;
        context.results.courses.push({
          id: course.id,
          title: course.title,
          excerpt: excerptOf(course.description, context.search),
        });
        return true;
      },
    },
    event: {
      keys: (posting) => [keys.event(clubId, posting.docId)],
      show: (posting, context) => {
        const item = context.found.get(keyId(keys.event(clubId, posting.docId)));
        if (!item) return false;
        const { event } = toStoredEvent(item);
        if (!matchesAll(eventDocument(event).texts, context.search)) return false;
        context.results.events.push({
          id: event.id,
          title: event.title,
          excerpt: excerptOf(event.description, context.search),
          startsAt: event.startDate,
          location: event.location,
        });
        return true;
      },
    },
  };
}
