/**
 * Starts DynamoDB Local once for the integration project: in memory, on a free port of its own,
 * so it never touches the `npm start` data. Each test file gets its own table in a database of
 * its own (setup.ts: its access key names it, as DynamoDB Local runs without -sharedDb). One JVM
 * serves the whole project for minutes, so its JIT compiles for throughput.
 */

import { type DynamoDbLocal, startDynamoDbLocal } from '@clubs/infra/local/dynamodb.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

let dynamodb: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  dynamodb = await startDynamoDbLocal({ port: await freePort(), jit: 'throughput', sharedDb: false });
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
}

export async function teardown() {
  await dynamodb?.stop();
}
