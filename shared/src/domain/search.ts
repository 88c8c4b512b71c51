/** Search inside a club: what a search asks for and what it answers, grouped by kind. */
import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { SEARCH_LIMITS } from '../search.ts';
import { idSchema, isoDateTime } from './common.ts';

export const SEARCH_KINDS = ['post', 'comment', 'member', 'course', 'event'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_QUERY_MESSAGES = {
  short: `Type at least ${SEARCH_LIMITS.queryMin} characters`,
  long: `A search is at most ${SEARCH_LIMITS.queryMax} characters`,
  words: `A search is at most ${SEARCH_LIMITS.queryWords} words`,
} as const;

export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(SEARCH_LIMITS.queryMin, SEARCH_QUERY_MESSAGES.short)
    .max(SEARCH_LIMITS.queryMax, SEARCH_QUERY_MESSAGES.long),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  cursor: z.string().max(LIMITS.cursor).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

const byline = { authorName: z.string(), createdAt: isoDateTime };

/** A matching comment, under its post. */
export const commentHitSchema = z.object({ id: idSchema, excerpt: z.string(), ...byline });

/** A post that matched, or whose comments matched (then `matched` is false), with those comments. */
export const postHitSchema = z.object({
  id: idSchema,
  title: z.string(),
  excerpt: z.string(),
  ...byline,
  matched: z.boolean(),
  comments: z.array(commentHitSchema),
});

export const memberHitSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  excerpt: z.string(),
});

export const courseHitSchema = z.object({ id: idSchema, title: z.string(), excerpt: z.string() });

export const eventHitSchema = z.object({
  id: idSchema,
  title: z.string(),
  excerpt: z.string(),
  startsAt: isoDateTime,
  location: z.string(),
});

/**
 * One page of results, grouped by kind, newest first within a kind; `terms` are the words the
 * search matched (the page highlights them with the shared normalization).
 */
export const searchResultsSchema = z.object({
  query: z.string(),
  posts: z.array(postHitSchema),
  members: z.array(memberHitSchema),
  courses: z.array(courseHitSchema),
  events: z.array(eventHitSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type PostHit = z.infer<typeof postHitSchema>;
export type CommentHit = z.infer<typeof commentHitSchema>;
