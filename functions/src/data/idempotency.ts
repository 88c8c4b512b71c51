/**
 * Work done once per key, with Powertools' Idempotency utility, its records kept in the one table:
 * a kind of work's records share one partition (idempotencyKeys), each under the utility's key for
 * it (`{work}#{hash}` of what identifies the piece of work), and the table's TTL attribute ends
 * them. While a piece of work runs its record is in progress until the invocation's deadline
 * (the context registered with the config), so a record left by an invocation Lambda stopped is
 * taken over by the next delivery; a completed one makes every later delivery a duplicate.
 */

import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { IdempotencyConfigOptions } from '@aws-lambda-powertools/idempotency/types';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@clubs/shared';
import { idempotencyKeys } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';

/** A kind of work done once per key. */
export interface IdempotentWork {
  /** Its name: the records' partition and their keys' prefix. */
  readonly name: string;
  /** Where the key is in the work's input (a JMESPath expression, e.g. `id`). */
  readonly keyPath: string;
  /** How long a completed record makes deliveries duplicates. */
  readonly expiresAfterSeconds: number;
}

/** The utility's DynamoDB layer, naming a record's key for a given input. */
export class IdempotencyStore extends DynamoDBPersistenceLayer {
  /** The sort key of the record of `input` (the prefix and a hash of its key). */
  recordKeyOf(input: Record<string, string>): string {
    return this.getHashedIdempotencyKey(input);
  }
}

/** The configuration of one run of the work; `options` add its context or a response hook. */
export function idempotencyConfig(
  work: IdempotentWork,
  options: Omit<IdempotencyConfigOptions, 'eventKeyJmesPath' | 'expiresAfterSeconds'> = {},
): IdempotencyConfig {
  return new IdempotencyConfig({
    ...options,
    eventKeyJmesPath: work.keyPath,
    expiresAfterSeconds: work.expiresAfterSeconds,
    throwOnNoIdempotencyKey: true,
  });
}

const stores = new Map<string, { table: string; client: DynamoDBDocumentClient; store: IdempotencyStore }>();

/**
 * The work's store, on the table and client of the moment: tests and the local stack point them
 * elsewhere between files, and the utility reads both once, when the store is made.
 */
export function idempotencyStore(work: IdempotentWork): IdempotencyStore {
  const table = tableName();
  const client = db();
  const held = stores.get(work.name);
  if (held && held.table === table && held.client === client) return held.store;
  const store = new IdempotencyStore({
    tableName: table,
    keyAttr: TABLE.partitionKey,
    sortKeyAttr: TABLE.sortKey,
    staticPkValue: idempotencyKeys.partition(work.name),
    expiryAttr: TABLE.ttlAttribute,
    // The document client shares its DynamoDB client's configuration and middleware: the
    // utility's own commands go to the same endpoint through the same connections.
    awsSdkV3Client: client as unknown as DynamoDBClient,
  });
  store.configure({ config: idempotencyConfig(work), keyPrefix: work.name });
  stores.set(work.name, { table, client, store });
  return store;
}

/** The sort key of the work's record of `input` (no table is read). */
export function recordKeyOf(work: IdempotentWork, input: Record<string, string>): string {
  return idempotencyStore(work).recordKeyOf(input);
}
