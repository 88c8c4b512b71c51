/**
 * The local stand-in for the change stream's event source mapping: it reads the table's stream on
 * DynamoDB Local through the Streams API (`@aws-sdk/client-dynamodb-streams`), as Lambda's poller
 * does in AWS, and hands the records that pass CHANGE_STREAM_FILTERS to the change-stream
 * consumer, a shard's records in order, a batch at a time. A batch whose answer names a failed
 * record is handed over again from that record (with backoff), then written to the dead-letter
 * file, as the mapping's retries and on-failure destination do. Where each shard was read up to
 * can be kept in a file, so a restarted `npm start` goes on where it stopped.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DescribeTableCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { CHANGE_STREAM_LIMITS, passesChangeFilter } from '@clubs/shared';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL_REGION } from './config.ts';
import { localDynamoDbClient, localDynamoDbCredentials } from './dynamodb.ts';

/** Hands a batch to the consumer; answers what it answered. */
export type DeliverBatch = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export interface ChangeStreamOptions {
  /** DynamoDB Local's endpoint and the table whose stream is read. */
  endpoint: string;
  tableName: string;
  deliver: DeliverBatch;
  /** The pause after a round that read something, doubled after each empty one up to `idlePollMs`. */
  pollMs?: number;
  /**
   * The longest pause between rounds that read nothing: Lambda polls a stream's shards four times
   * a second. Every read costs DynamoDB Local (one thread answers all requests), so a quiet table
   * is polled at that rate, not at `pollMs`; drained() wakes the reader at once.
   */
  idlePollMs?: number;
  /** Attempts of a batch before its records are dead-lettered. */
  maxAttempts?: number;
  retryBaseMs?: number;
  /** Where each shard's last record handed over is kept (none: every start reads from the oldest). */
  checkpointFile?: string;
  /** Records that could not be handed over are written here, one JSON line each. */
  deadLetter: (records: readonly DynamoDBRecord[], error: string) => Promise<void>;
  log: (message: string) => void;
}

export interface ChangeStreamReader {
  /**
   * Resolves once a read of every shard that began after the call found nothing new: every record
   * of a write finished before it has been handed over and answered.
   */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

interface Shard {
  readonly id: string;
  readonly parentId?: string;
  iterator?: string;
  /** The last record handed over (or dead-lettered). */
  lastSequence?: string;
  closed: boolean;
}

/** A stream record in the shape Lambda hands it to a function (its time in epoch seconds). */
export function lambdaRecordOf(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime: created, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: record.eventSource,
    awsRegion: record.awsRegion ?? LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as DynamoDBRecord['dynamodb']),
      ...(created ? { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } : {}),
    },
  };
}

/** How often the stream's shards are listed again when none ended (new shards are rare). */
const SHARD_LISTING_MS = 5000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startChangeStreamReader(options: ChangeStreamOptions): ChangeStreamReader {
  const pollMs = options.pollMs ?? 50;
  const idlePollMs = Math.max(pollMs, options.idlePollMs ?? 250);
  let pause = pollMs;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 200;
  const tables = localDynamoDbClient(options.endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: LOCAL_REGION,
    credentials: localDynamoDbCredentials(),
  });
  const checkpoints = readCheckpoints(options.checkpointFile);
  const shards = new Map<string, Shard>();
  let streamArn: string | undefined;
  let lastListing = 0;
  /** A shard ended since the last listing: its children are listed on the next round. */
  let shardEnded = false;
  let stopping = false;
  /** Rounds of reads: each waiter is resolved by the first round begun after it that read nothing. */
  let round = 0;
  const waiters: { after: number; resolve: () => void }[] = [];
  let wake: (() => void) | undefined;

  const findStream = async (): Promise<string | undefined> => {
    try {
      const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
      return Table?.StreamSpecification?.StreamEnabled ? Table.LatestStreamArn : undefined;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  };

  const listShards = async (arn: string) => {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        shards.set(shard.ShardId, {
          id: shard.ShardId,
          parentId: shard.ParentShardId,
          lastSequence: checkpoints.get(shard.ShardId),
          closed: false,
        });
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  };

  const iteratorOf = async (arn: string, shard: Shard) => {
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: arn,
        ShardId: shard.id,
        ...(shard.lastSequence
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastSequence }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  };

  /** Hands `records` over until answered without failure, retrying from a failed record. */
  const handOver = async (records: DynamoDBRecord[]) => {
    let rest = records;
    for (let attempt = 1; rest.length > 0; attempt += 1) {
      let failure: string;
      try {
        const answer = await options.deliver({ Records: rest });
        const failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
        if (failed === undefined) return;
        const at = rest.findIndex((record) => record.dynamodb?.SequenceNumber === failed);
        // An answer naming no record of the batch fails all of it, as Lambda reads it.
        rest = at < 0 ? rest : rest.slice(at);
        failure = `the consumer reported record ${failed} failed`;
      } catch (error) {
        failure = errorText(error);
      }
      if (attempt >= maxAttempts || stopping) {
        options.log(`[change-stream] gave up handing over ${rest.length} records: ${failure}`);
        await options
          .deadLetter(rest, failure)
          .catch((error: unknown) => options.log(`[change-stream] dead letter failed: ${errorText(error)}`));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryBaseMs * 2 ** (attempt - 1)));
    }
  };

  /** Reads one batch of a shard; answers how many records it read. */
  const readShard = async (arn: string, shard: Shard): Promise<number> => {
    shard.iterator ??= await iteratorOf(arn, shard);
    if (!shard.iterator) {
      shard.closed = true;
      shardEnded = true;
      return 0;
    }
    const { Records = [], NextShardIterator } = await streams.send(
      new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: CHANGE_STREAM_LIMITS.batchSize }),
    );
    const passing = Records.filter((record) => passesChangeFilter(record)).map((record) =>
      lambdaRecordOf(record, arn),
    );
    if (passing.length > 0) await handOver(passing);
    const last = Records.at(-1)?.dynamodb?.SequenceNumber;
    if (last) {
      shard.lastSequence = last;
      await saveCheckpoints();
    }
    shard.iterator = NextShardIterator;
    if (!NextShardIterator) {
      shard.closed = true;
      shardEnded = true;
    }
    return Records.length;
  };

  const saveCheckpoints = async () => {
    if (!options.checkpointFile) return;
    const kept = Object.fromEntries(
      [...shards.values()].flatMap((shard) => (shard.lastSequence ? [[shard.id, shard.lastSequence]] : [])),
    );
    await mkdir(dirname(options.checkpointFile), { recursive: true });
    await writeFile(options.checkpointFile, JSON.stringify(kept));
  };

  /** One round: every open shard whose parent is read to its end read once. Answers the records read. */
  const readRound = async (): Promise<number> => {
    streamArn ??= await findStream();
    if (!streamArn) return 0;
    if (shardEnded || shards.size === 0 || Date.now() - lastListing > SHARD_LISTING_MS) {
      shardEnded = false;
      await listShards(streamArn);
      lastListing = Date.now();
    }
    let read = 0;
    for (const shard of shards.values()) {
      const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
      if (shard.closed || (parent && !parent.closed)) continue;
      try {
        read += await readShard(streamArn, shard);
      } catch (error) {
        // An iterator that expired or points at trimmed records is got again from the checkpoint.
        // A shard that cannot be read now (DynamoDB Local stopped) holds nothing drained() waits for.
        shard.iterator = undefined;
        options.log(`[change-stream] reading shard ${shard.id} failed: ${errorText(error)}`);
      }
    }
    return read;
  };

  const loop = (async () => {
    while (!stopping) {
      const begun = round;
      round += 1;
      let read: number;
      try {
        read = await readRound();
      } catch (error) {
        // Until the table and its stream answer (DynamoDB Local starting), nothing is worth a line.
        if (streamArn) options.log(`[change-stream] ${errorText(error)}`);
        streamArn = undefined;
        read = 0;
      }
      if (read > 0) pause = pollMs;
      else {
        for (const waiter of waiters.splice(0)) {
          if (waiter.after <= begun) waiter.resolve();
          else waiters.push(waiter);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        pause = Math.min(idlePollMs, pause * 2);
      }
    }
    for (const waiter of waiters.splice(0)) waiter.resolve();
  })();

  return {
    drained: () =>
      stopping
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push({ after: round, resolve });
            pause = pollMs;
            wake?.();
          }),
    stop: async () => {
      stopping = true;
      wake?.();
      await loop;
      tables.destroy();
      streams.destroy();
    },
  };
}

function readCheckpoints(file: string | undefined): Map<string, string> {
  if (!file) return new Map();
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return new Map(
      Object.entries(kept).flatMap(([shard, sequence]) =>
        typeof sequence === 'string' ? [[shard, sequence] as const] : [],
      ),
    );
  } catch {
    return new Map();
  }
}
