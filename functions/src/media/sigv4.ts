/**
 * AWS Signature Version 4 for S3, as the media functions use it: signing a string (a browser
 * POST's policy, a presigned URL's canonical request) with a key derived from the secret, the
 * day, the region and the service. Written on node:crypto so that the functions signing media
 * take the S3 client from the Lambda runtime and bundle no part of the SDK (docs/DEPLOY.md,
 * "Function bundles"). tests/functions/sigv4.test.ts holds it to AWS's published examples and
 * to the SDK's own presigners.
 */
import { createHash, createHmac } from 'node:crypto';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

export interface SigningCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Present with temporary credentials (always in Lambda). */
  readonly sessionToken?: string;
}

/** Who signs, for which region, when. */
export interface SigningContext {
  readonly credentials: SigningCredentials;
  readonly region: string;
  readonly date: Date;
}

/** ISO 8601 without milliseconds: 2013-05-24T00:00:00Z. */
export const iso8601 = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The basic form SigV4 wants: 20130524T000000Z. */
export const amzDate = (date: Date): string => iso8601(date).replace(/[-:]/g, '');

/** `{day}/{region}/s3/aws4_request`: what the signing key is valid for. */
export const credentialScope = (context: SigningContext): string =>
  `${amzDate(context.date).slice(0, 8)}/${context.region}/s3/aws4_request`;

/** The X-Amz-Credential value: the access key id and the scope. */
export const credentialOf = (context: SigningContext): string =>
  `${context.credentials.accessKeyId}/${credentialScope(context)}`;

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

export const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');

/** The hex signature of `stringToSign` under the context's signing key. */
export function signString(stringToSign: string, context: SigningContext): string {
  const [day = '', region, service, terminator] = credentialScope(context).split('/');
  let key = hmac(`AWS4${context.credentials.secretAccessKey}`, day);
  for (const part of [region, service, terminator]) key = hmac(key, part ?? '');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

/** RFC 3986 percent-encoding, as SigV4 wants it: all but A-Z, a-z, 0-9, '-', '.', '_', '~'. */
export const uriEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
