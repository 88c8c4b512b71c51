/**
 * Starts DynamoDB Local for the projects that talk to it (integration, its isolated half and
 * security): in memory, on a free port of its own, so it never touches the `npm start` data. Each
 * test file gets its own table in a database of its own (setup.ts: its access key names it, as
 * DynamoDB Local runs without -sharedDb), so the projects share one JVM as the files of one
 * project do, and a run pays one JVM's start (5.3-5.6 CPU seconds, before any file runs) instead
 * of one per project. One JVM serves the whole run for minutes, so its JIT compiles for
 * throughput.
 */

import { type DynamoDbLocal, startDynamoDbLocal } from '@clubs/infra/local/dynamodb.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

interface SharedDynamoDb {
  started: Promise<DynamoDbLocal>;
  /** The projects whose setup asked for it and whose teardown has not run: the last one stops it. */
  users: number;
}

// Each project loads its global setup files in a module graph of its own, so the one JVM is held
// on the process's global object, which all of them see.
const SHARED = Symbol.for('clubs.tests.dynamodbLocal');
const holder = globalThis as typeof globalThis & { [SHARED]?: SharedDynamoDb };

export async function setup(project: TestProject) {
  const shared = holder[SHARED] ?? {
    started: freePort().then((port) => startDynamoDbLocal({ port, jit: 'throughput', sharedDb: false })),
    users: 0,
  };
  holder[SHARED] = shared;
  shared.users += 1;
  project.provide('dynamodbEndpoint', (await shared.started).endpoint);
}

export async function teardown() {
  const shared = holder[SHARED];
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  holder[SHARED] = undefined;
  await (await shared.started.catch(() => undefined))?.stop();
}
