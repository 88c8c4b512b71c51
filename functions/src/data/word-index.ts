/**
 * The word index of a club: one posting item per term and document (shared/src/search.ts makes
 * the terms), in the base table under searchKeys. Each posting carries the document's whole term
 * list, so a search of several words is one query of the rarest-looking term's postings filtered
 * by the others, never a scan. A club's documents are indexed off the request path, from their
 * change events (services/search/reconcile.ts, which keeps a manifest of each document's terms);
 * the directory's entries are written with their club through indexDocument. Either way only the
 * postings that differ are written (all of them when the term list changed, since each carries
 * it) and the gone ones deleted.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type SearchKind, type SearchTerms, textTerms } from '@clubs/shared';
import { type Key, searchKeys } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';
import { encodeCursor } from './cursor.ts';
import { queryPage } from './query.ts';
import { backoff, cancellationReasons } from './transaction-retry.ts';

/**
 * Terms indexed per document, at most: the first ones of its fields in order (a title's come
 * first). Bounds the postings a write puts and the size of each (its term list).
 */
export const MAX_DOCUMENT_TERMS = 256;

/** What a document of the index says: its kind and id, its time, and the texts it is found by. */
export interface SearchDocument {
  /** A kind of a club's search, or 'club' in the directory's index. */
  kind: SearchKind | 'club';
  id: string;
  /** When it was made (ISO): newer documents come first within a term. */
  at: string;
  /** The post a comment belongs to. */
  parentId?: string;
  /** The texts it is found by, most telling first (plain text: callers strip markup). */
  texts: readonly string[];
}

/** A posting as read back: which document, and the terms it holds. */
export interface Posting extends Key {
  kind: SearchDocument['kind'];
  docId: string;
  parentId?: string;
  at: string;
  /** The posting's own term. */
  term: string;
  /** The document's terms, each between spaces (" a b c "), so a word is a substring test. */
  terms: string;
}

/** A document's terms: distinct, first ones first, bounded. */
export function documentTerms(doc: Pick<SearchDocument, 'texts'>): string[] {
  return textTerms(doc.texts.join('\n')).slice(0, MAX_DOCUMENT_TERMS);
}

const termList = (terms: readonly string[]) => ` ${terms.join(' ')} `;

/**
 * The index the club directory searches (functions/src/data/directory-index.ts): its postings
 * sit beside the clubs' own, under this name in place of a club id (club ids are ULIDs).
 */
export const DIRECTORY_SCOPE = 'DIRECTORY';

/** Which document a posting is of, and its time (its postings' keys hold it). */
export type PostedDocument = Pick<SearchDocument, 'kind' | 'id' | 'at' | 'parentId'>;

/** The posting items of a document in a club (or in the directory). */
export function postingItems(clubId: string, doc: SearchDocument | null) {
  return doc ? postingItemsOf(clubId, doc, documentTerms(doc)) : [];
}

/**
 * The posting items of a document's terms as they were computed (a stored term list is used as
 * it is: normalizing a term again may change it).
 */
export function postingItemsOf(clubId: string, doc: PostedDocument, terms: readonly string[]) {
  const list = termList(terms);
  return terms.map((term) => ({
    ...searchKeys.posting(clubId, term, doc.at, doc.kind, doc.id),
    type: 'search',
    kind: doc.kind,
    docId: doc.id,
    ...(doc.parentId ? { parentId: doc.parentId } : {}),
    at: doc.at,
    terms: list,
  }));
}

const keyOf = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** The writes that take a document's postings from one state to another. */
export function postingChanges(clubId: string, before: SearchDocument | null, after: SearchDocument | null) {
  const old = postingItems(clubId, before);
  const next = postingItems(clubId, after);
  const sameTerms = old[0]?.terms === next[0]?.terms;
  const oldKeys = new Set(old.map(keyOf));
  const nextKeys = new Set(next.map(keyOf));
  return {
    puts: sameTerms ? next.filter((item) => !oldKeys.has(keyOf(item))) : next,
    deletes: old.filter((item) => !nextKeys.has(keyOf(item))).map(({ pk, sk }) => ({ pk, sk })),
  };
}

/** Actions per TransactWriteItems call (its limit). The functions may not batch-write (IAM). */
const ACTIONS_PER_TRANSACTION = 100;
/** Tries of one transaction that conflicts with another writing the same postings. */
const TRANSACTION_ATTEMPTS = 6;
/** Transactions one write keeps in flight at once. */
const WRITES_IN_FLIGHT = 4;

type Action =
  | { Put: { TableName: string; Item: Record<string, unknown> } }
  | { Delete: { TableName: string; Key: Key } };

/** One transaction of puts and deletes (no conditions: a posting is only ever overwritten). */
async function writeChunk(actions: Action[]): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: actions }));
      return;
    } catch (error) {
      if (attempt + 1 >= TRANSACTION_ATTEMPTS || !cancellationReasons(error)) throw error;
      await backoff(attempt);
    }
  }
}

/**
 * Writes postings (puts and deletes), 100 to a transaction, a few transactions side by side.
 * Each transaction is all or nothing; a document of more than 100 postings is written by several.
 */
export async function writePostings(changes: {
  puts: readonly Record<string, unknown>[];
  deletes: readonly Key[];
}): Promise<void> {
  const TableName = tableName();
  const actions: Action[] = [
    ...changes.deletes.map((Key) => ({ Delete: { TableName, Key } })),
    ...changes.puts.map((Item) => ({ Put: { TableName, Item } })),
  ];
  let next = 0;
  const lane = async () => {
    for (let start = next; start < actions.length; start = next) {
      next += ACTIONS_PER_TRANSACTION;
      await writeChunk(actions.slice(start, start + ACTIONS_PER_TRANSACTION));
    }
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, lane));
}

/** Updates a club's index for a document that changed from `before` to `after` (null: absent). */
export function indexDocument(
  clubId: string,
  before: SearchDocument | null,
  after: SearchDocument | null,
): Promise<void> {
  return writePostings(postingChanges(clubId, before, after));
}

const toPosting = (item: Record<string, unknown>): Posting => {
  const sk = String(item.sk);
  return {
    pk: String(item.pk),
    sk,
    kind: item.kind as Posting['kind'],
    docId: String(item.docId),
    ...(typeof item.parentId === 'string' ? { parentId: item.parentId } : {}),
    at: String(item.at),
    term: sk.slice(0, sk.indexOf('#')),
    terms: String(item.terms),
  };
};

/**
 * The term whose postings a search reads: the longest whole term (longer words are rarer), or the
 * last term as a prefix when it is the only one or longer than every whole one. A prefix shorter
 * than the partition's three letters is read as a whole term.
 */
export function anchorOf(search: SearchTerms): { term: string; prefix: boolean } | null {
  const last = search.terms.length - 1;
  let anchor: { term: string; prefix: boolean } | null = null;
  for (const [index, term] of search.terms.entries()) {
    const prefix = search.prefix && index === last;
    const length = Array.from(term).length;
    if (!anchor || length > Array.from(anchor.term).length) anchor = { term, prefix };
  }
  return anchor;
}

/** Postings a search evaluates per request, at most (DynamoDB applies the filter after this). */
export const SEARCH_READ_LIMIT = 100;

/** Whether a posting is the one a prefix search keeps for its document: its least matching term. */
const firstPrefixPosting = (posting: Posting, prefix: string) =>
  posting.terms
    .trim()
    .split(' ')
    .filter((term) => term.startsWith(prefix))
    .every((term) => term >= posting.term);

/**
 * One page of the postings of documents holding every term of a search (the last one as a prefix
 * when asked), newest first within a term: one query. The other terms filter in DynamoDB (each
 * posting holds its document's terms); a prefix anchor reads several terms' postings, and keeps
 * one per document. The cursor is the last posting consumed.
 */
export async function searchPostings(
  clubId: string,
  search: SearchTerms,
  page: { limit: number; cursor?: string; read?: number },
): Promise<{ items: Posting[]; nextCursor: string | null }> {
  const anchor = anchorOf(search);
  if (!anchor) return { items: [], nextCursor: null };
  const last = search.terms.length - 1;
  const others = search.terms.flatMap((term, index) =>
    term === anchor.term ? [] : [search.prefix && index === last ? ` ${term}` : ` ${term} `],
  );
  const filter = others.length
    ? {
        expression: others.map((_, i) => `contains(#terms, :t${i})`).join(' AND '),
        names: { '#terms': 'terms' },
        values: Object.fromEntries(others.map((value, i) => [`:t${i}`, value])),
      }
    : undefined;
  const read = await queryPage(
    {
      partition: searchKeys.partition(clubId, anchor.term),
      sortKey: { beginsWith: anchor.prefix ? anchor.term : `${anchor.term}#` },
      filter,
    },
    // A filtered read may drop most of what it evaluates: it reads the whole budget at once.
    {
      limit: page.read ?? (filter ? SEARCH_READ_LIMIT : Math.min(page.limit * 2, SEARCH_READ_LIMIT)),
      cursor: page.cursor,
    },
    toPosting,
  );
  const items: Posting[] = [];
  for (const [index, posting] of read.items.entries()) {
    if (anchor.prefix && !firstPrefixPosting(posting, anchor.term)) continue;
    items.push(posting);
    if (items.length === page.limit) {
      const more = index < read.items.length - 1 || read.nextCursor !== null;
      return { items, nextCursor: more ? encodeCursor({ pk: posting.pk, sk: posting.sk }) : null };
    }
  }
  return { items, nextCursor: read.nextCursor };
}
