/**
 * Starts DynamoDB Local once for the integration project: in memory, on a free port of its own,
 * so it never touches the `npm start` data. Each test file gets its own table (setup.ts).
 */
import type { TestProject } from 'vitest/node';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../infra/local/dynamodb.ts';
import { freePort } from '../../infra/local/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

let dynamodb: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  dynamodb = await startDynamoDbLocal({ port: await freePort() });
  project.provide('dynamodbEndpoint', dynamodb.endpoint);
}

export async function teardown() {
  await dynamodb?.stop();
}
