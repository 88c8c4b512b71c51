/**
 * s3rver with the media bucket and a CORS rule for the app's origins. s3rver checks no
 * signatures and no presigned-POST policies: upload limits are enforced
 * by the API before it signs.
 */
import { mkdirSync } from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './config.ts';

export interface S3LocalOptions {
  port: number;
  host?: string;
  directory: string;
  buckets: readonly string[];
  /** Origins allowed by the buckets' CORS rule (the app's). */
  allowedOrigins: readonly string[];
}

export interface S3Local {
  url: string;
  stop(): Promise<void>;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export function corsConfiguration(origins: readonly string[]): string {
  const rules = origins.map(
    (origin) => `  <CORSRule>
    <AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
  );
  return `<CORSConfiguration>\n${rules.join('\n')}\n</CORSConfiguration>`;
}

export async function startS3Local(options: S3LocalOptions): Promise<S3Local> {
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.directory, { recursive: true });
  const cors = corsConfiguration(options.allowedOrigins);
  const server = new S3rver({
    address: host,
    port: options.port,
    directory: options.directory,
    silent: true,
    // Path-style only: requests name the bucket in the path, whatever the Host header says.
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [cors] })),
  });
  await server.run();
  return {
    url: `http://${host}:${options.port}`,
    stop: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}

/**
 * An S3 client for s3rver. The SDK's default checksums make s3rver store streamed uploads
 * corrupted, so checksums are only computed when an operation requires them.
 */
export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
