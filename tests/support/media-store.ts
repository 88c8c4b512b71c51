/// <reference path="../../infra/local/s3rver.d.ts" />
/**
 * A real s3rver for one test file, with the environment the functions' media code reads (bucket,
 * endpoint, s3rver's fixed credentials) pointed at it and the S3 client built afresh.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectTaggingCommand } from '@aws-sdk/client-s3';
import { mediaBucket, s3, setS3Client } from '@clubs/functions/media/s3';
import { freePort } from '@clubs/infra/local/ports.ts';
import { startS3Local } from '@clubs/infra/local/s3.ts';
import { UPLOAD_TAG } from '@clubs/shared';
import { startedForFile } from './per-file.ts';

export interface MediaStore {
  url: string;
  stop(): Promise<void>;
}

export async function startMediaStore(bucket: string): Promise<MediaStore> {
  const dir = mkdtempSync(join(tmpdir(), 'clubs-s3-'));
  const s3local = await startS3Local({
    port: await freePort(),
    directory: dir,
    buckets: [bucket],
    allowedOrigins: ['http://localhost'],
  });
  Object.assign(process.env, {
    MEDIA_BUCKET: bucket,
    S3_ENDPOINT: s3local.url,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  setS3Client(undefined);
  return {
    url: s3local.url,
    async stop() {
      setS3Client(undefined);
      await s3local.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The media store for the whole test file, started before its tests and stopped after. */
export const useMediaStore = (bucket: string): (() => MediaStore) =>
  startedForFile('the media store', () => startMediaStore(bucket));

/** The `upload` tag S3 holds for a stored object (attached once something uses it), if any. */
export async function uploadTagOf(key: string): Promise<string | undefined> {
  const { TagSet = [] } = await s3().send(new GetObjectTaggingCommand({ Bucket: mediaBucket(), Key: key }));
  return TagSet.find((tag) => tag.Key === UPLOAD_TAG.key)?.Value;
}
