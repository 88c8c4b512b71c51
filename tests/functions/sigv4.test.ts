/**
 * The media functions' own SigV4 signing (functions/src/media/sigv4.ts): held to the examples AWS
 * publishes for browser POST uploads and presigned GETs, and to the SDK's own presigners
 * (createPresignedPost, the SignatureV4 signer that getSignedUrl uses) on the shapes the app
 * signs: temporary credentials, virtual-hosted and path-style addresses, keys that need encoding.
 */
import { createHash, createHmac } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { presignGetUrl } from '@clubs/functions/media/presigned-get';
import { signPostPolicy } from '@clubs/functions/media/presigned-post';
import { type SigningContext, signString } from '@clubs/functions/media/sigv4';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** AWS's example credentials, used by both published examples. */
const EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

const TEMPORARY = {
  accessKeyId: 'ASIAEXAMPLETEMPORARY',
  secretAccessKey: 'temporary/secret+key=',
  sessionToken: 'session/token+with=chars',
};

describe('AWS’s published examples', () => {
  it('signs the example POST policy as "Browser-Based Uploads Using POST (AWS Signature Version 4)" does', () => {
    // The page's policy, base64 of its CRLF text, signed with the date of its x-amz-date.
    const policy =
      'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
    const context = {
      credentials: EXAMPLE_CREDENTIALS,
      region: 'us-east-1',
      date: new Date('2015-12-29T00:00:00Z'),
    };
    expect(signString(policy, context)).toBe(
      '8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e',
    );
  });

  it('presigns the example GET of "Authenticating Requests: Using Query Parameters" to the published URL', () => {
    const url = presignGetUrl(
      { origin: 'https://examplebucket.s3.amazonaws.com', path: '/test.txt' },
      86_400,
      {
        credentials: EXAMPLE_CREDENTIALS,
        region: 'us-east-1',
        date: new Date('2013-05-24T00:00:00Z'),
      },
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('the same as the SDK’s presigned POST', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['virtual-hosted, temporary credentials', undefined, TEMPORARY],
    ['path-style on s3rver, long-term credentials', 'http://127.0.0.1:4568', EXAMPLE_CREDENTIALS],
  ])('%s: identical URL, fields, policy and signature', async (_case, endpoint, credentials) => {
    const date = new Date('2026-03-14T15:09:26.535Z');
    vi.useFakeTimers({ now: date, toFake: ['Date'] });
    const client = new S3Client({
      region: 'eu-west-1',
      credentials,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    });
    const fields = {
      'Content-Type': 'image/png',
      'Cache-Control': 'max-age=3600',
      tagging: '<Tagging><TagSet><Tag><Key>upload</Key><Value>staged</Value></Tag></TagSet></Tagging>',
    };
    const key = 'club-media/c1/courses/k1/01hzzz.png';
    const sdk = await createPresignedPost(client, {
      Bucket: 'clubs-media',
      Key: key,
      Fields: fields,
      Conditions: [['content-length-range', 1, 10_485_760]],
      Expires: 300,
    });
    const ours = signPostPolicy(
      {
        url: sdk.url,
        bucket: 'clubs-media',
        key,
        fields,
        conditions: [['content-length-range', 1, 10_485_760]],
        expiresInSeconds: 300,
      },
      { credentials, region: 'eu-west-1', date: new Date(Math.floor(date.getTime() / 1000) * 1000) },
    );
    expect(ours).toEqual(sdk);
    // Same keys in the same order too: the policy text is what is signed.
    expect(Object.keys(ours.fields)).toEqual(Object.keys(sdk.fields));
  });
});

type Data = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: Data): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** node:crypto in the shape the SDK's signer takes a hash in. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
  }
  update(data: Data): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

const PAYLOAD_HEADER = 'x-amz-content-sha256';

async function sdkPresignedGet(origin: string, path: string, expiresIn: number, context: SigningContext) {
  const url = new URL(origin);
  const signer = new SignatureV4({
    credentials: context.credentials,
    region: context.region,
    service: 's3',
    sha256: NodeSha256,
    // S3 paths are encoded once, as the SDK's S3 client configures its signer.
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: path
        .split('/')
        .map((segment) => encodeURIComponent(segment))
        .join('/'),
      query: {},
      // How the SDK's S3 presigner gets S3's UNSIGNED-PAYLOAD hash without signing a header for it.
      headers: { host: url.host, [PAYLOAD_HEADER]: 'UNSIGNED-PAYLOAD' },
    },
    {
      expiresIn,
      signingDate: context.date,
      unhoistableHeaders: new Set([PAYLOAD_HEADER]),
      unsignableHeaders: new Set([PAYLOAD_HEADER]),
    },
  );
  return new URLSearchParams(signed.query as Record<string, string>);
}

describe('the same as the SDK’s signer for presigned GETs', () => {
  it.each([
    [
      'virtual-hosted, temporary credentials',
      'https://clubs-media.s3.eu-west-1.amazonaws.com',
      '/club-media/c1/posts/u1/a b+c.png',
      TEMPORARY,
    ],
    [
      'path-style on s3rver',
      'http://localhost:4568',
      '/clubs-media/club-media/c1/courses/k1/01hzzz.mp4',
      EXAMPLE_CREDENTIALS,
    ],
  ])('%s: identical query and signature', async (_case, origin, path, credentials) => {
    const context = { credentials, region: 'eu-west-1', date: new Date('2026-03-14T15:05:00Z') };
    const ours = new URL(presignGetUrl({ origin, path }, 600, context));
    const sdk = await sdkPresignedGet(origin, path, 600, context);
    expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(sdk));
    expect(ours.origin).toBe(origin);
    expect(decodeURIComponent(ours.pathname)).toBe(path);
    expect(ours.searchParams.get('X-Amz-Expires')).toBe('600');
  });

  it('changes the signature with the key, the host, the expiry and the credentials', () => {
    const context = { credentials: TEMPORARY, region: 'eu-west-1', date: new Date('2026-03-14T15:05:00Z') };
    const origin = 'https://clubs-media.s3.eu-west-1.amazonaws.com';
    const signature = (url: string) => new URL(url).searchParams.get('X-Amz-Signature');
    const base = signature(presignGetUrl({ origin, path: '/a.png' }, 600, context));
    expect(signature(presignGetUrl({ origin, path: '/b.png' }, 600, context))).not.toBe(base);
    expect(
      signature(
        presignGetUrl({ origin: 'https://other.s3.eu-west-1.amazonaws.com', path: '/a.png' }, 600, context),
      ),
    ).not.toBe(base);
    expect(signature(presignGetUrl({ origin, path: '/a.png' }, 601, context))).not.toBe(base);
    expect(
      signature(
        presignGetUrl({ origin, path: '/a.png' }, 600, { ...context, credentials: EXAMPLE_CREDENTIALS }),
      ),
    ).not.toBe(base);
  });
});
