/**
 * The one S3 client of a container. In AWS it uses the runtime's credentials and the regional
 * endpoint; locally S3_ENDPOINT points it at s3rver, which needs path-style addressing and, with
 * the SDK's default checksums, stores streamed uploads corrupted: checksums are
 * then only computed when an operation requires them.
 *
 * Presigned POSTs and GETs are signed by AWS's presigners with this client's credentials, region
 * and endpoint, so their URLs address the bucket as the client does: virtual-hosted in AWS
 * ({bucket}.s3.{region}.amazonaws.com, the upload domain the site's CSP allows), path-style on
 * s3rver (S3_ENDPOINT/{bucket}).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env.ts';

let client: S3Client | undefined;

export function createS3Client(options: { endpoint?: string; region?: string } = {}): S3Client {
  const endpoint = options.endpoint ?? env.s3Endpoint;
  return new S3Client({
    region: options.region ?? env.region,
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          maxAttempts: 2,
        }
      : {}),
  });
}

export function s3(): S3Client {
  client ??= createS3Client();
  return client;
}

/** Tests point the shared client elsewhere (or reset it after changing S3_ENDPOINT). */
export function setS3Client(next: S3Client | undefined): void {
  client = next;
}

export function mediaBucket(): string {
  const bucket = env.mediaBucket;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  return bucket;
}
