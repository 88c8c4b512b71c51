/**
 * The manifests of a club's indexed documents (searchKeys.manifest): per document, the term sets
 * its postings may exist for, a version every write of it counts up (each conditional on the one
 * read), and whether a reconcile is under way (`dirty`: its sets may hold more than the postings'
 * current terms). Read strongly consistently: a reconcile must see the last one's write.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { searchKeys } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';
import { isConditionFailed } from './errors.ts';
import { getItem } from './get-item.ts';
import { queryAll } from './query.ts';
import type { SearchDocument } from './word-index.ts';

/** Which document of a club's search: its kind, its id, and for a comment its post. */
export type DocumentRef = Pick<SearchDocument, 'kind' | 'id' | 'parentId'>;

/** Terms a document's postings were written for, at the time their keys hold. */
export interface IndexedTerms {
  at: string;
  terms: string[];
}

export interface Manifest {
  version: number;
  dirty: boolean;
  /** One set when clean (the postings as they are); several while a reconcile is under way. */
  indexed: IndexedTerms[];
}

const refOf = (item: Record<string, unknown>): DocumentRef => ({
  kind: item.kind as DocumentRef['kind'],
  id: String(item.docId),
  ...(typeof item.parentId === 'string' ? { parentId: item.parentId } : {}),
});

export async function getManifest(clubId: string, doc: DocumentRef): Promise<Manifest | null> {
  const item = await getItem(searchKeys.manifest(clubId, doc), { consistent: true });
  if (!item) return null;
  return {
    version: Number(item.version),
    dirty: item.dirty === true,
    indexed: (item.indexed as IndexedTerms[] | undefined) ?? [],
  };
}

/** A document's manifest as stored. */
export function manifestItem(clubId: string, doc: DocumentRef, manifest: Manifest) {
  return {
    ...searchKeys.manifest(clubId, doc),
    type: 'searchdoc',
    kind: doc.kind,
    docId: doc.id,
    ...(doc.parentId ? { parentId: doc.parentId } : {}),
    ...manifest,
  };
}

/** `version = :expected`, or no manifest at all when `expected` is null. */
const expectedVersion = (expected: number | null) =>
  expected === null
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: { ':expected': expected },
      };

/** Writes a document's manifest if it is still at `expected`; false when another write came first. */
export async function putManifest(
  clubId: string,
  doc: DocumentRef,
  manifest: Manifest,
  expected: number | null,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: manifestItem(clubId, doc, manifest),
        ...expectedVersion(expected),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Deletes a document's manifest if it is still at `expected`; false when another write came first. */
export async function deleteManifest(clubId: string, doc: DocumentRef, expected: number): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: searchKeys.manifest(clubId, doc),
        ...expectedVersion(expected),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The documents of a post's comments that have a manifest: one query (a page per 1 MB). */
export const listCommentManifests = (clubId: string, postId: string): Promise<DocumentRef[]> =>
  queryAll(
    {
      partition: searchKeys.manifestPartition(clubId),
      sortKey: { beginsWith: searchKeys.commentManifestPrefix(postId) },
    },
    refOf,
  );

/** Every document of a club that has a manifest (a rebuild finds those whose document is gone). */
export const listManifests = (clubId: string): Promise<DocumentRef[]> =>
  queryAll({ partition: searchKeys.manifestPartition(clubId) }, refOf);
