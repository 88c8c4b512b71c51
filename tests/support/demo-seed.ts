/**
 * The demo seed of `npm start` written by a test: into the current table, its accounts in the
 * test's cognito-local and its files in the test's media store.
 */
import type { CognitoLocal } from '@clubs/infra/local/cognito.ts';
import { type SeedOptions, seedDemoData } from '@clubs/infra/local/seed/index.ts';
import { expect } from 'vitest';
import type { MediaStore } from './media-store.ts';

export async function seedDemo(
  stack: { cognito: CognitoLocal; store: MediaStore; bucket: string; localDir: string },
  options: Pick<SeedOptions, 'onClubSeeded' | 'eventPath' | 'baseTime'> = {},
): Promise<void> {
  const result = await seedDemoData({
    localDir: stack.localDir,
    cognitoEndpoint: stack.cognito.url,
    userPoolId: stack.cognito.userPoolId,
    s3Endpoint: stack.store.url,
    bucket: stack.bucket,
    ...options,
  });
  expect(result.status).toBe('seeded');
}
