/**
 * Per test file: a fresh table from the shared definition on the harness's DynamoDB Local, in a
 * database of its own, and the environment the handlers read, so repositories and handlers run
 * unchanged against it.
 */
import { randomBytes } from 'node:crypto';
import { setDocumentClient } from '@clubs/functions/data/client';
import { ensureTable } from '@clubs/infra/local/dynamodb.ts';
import { afterAll, beforeAll, inject } from 'vitest';

const endpoint = inject('dynamodbEndpoint');
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.TABLE_NAME = `test_${randomBytes(6).toString('hex')}`;
// The file's own database on the shared DynamoDB Local (global-setup.ts): no other file's stream
// records slow its requests.
process.env.DYNAMODB_LOCAL_KEY = process.env.TABLE_NAME.replace('_', '');
process.env.AWS_REGION = 'us-east-1';
// What the link-signing secret is in AWS (unsubscribe links); the local stack sets its own.
process.env.LINK_SIGNING_SECRET = 'test-link-signing-secret';

beforeAll(async () => {
  setDocumentClient(undefined);
  // Without its stream until the file starts the bus that reads it (tests/support/bus.ts).
  await ensureTable(endpoint, process.env.TABLE_NAME as string, { stream: false });
});

afterAll(() => {
  setDocumentClient(undefined);
});
