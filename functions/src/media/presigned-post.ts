/**
 * A browser upload's presigned POST: the form fields and the base64 policy S3 checks the form
 * against, signed with SigV4 (AWS's "Browser-Based Uploads Using POST (AWS Signature Version
 * 4)"). Every field the form sends, the signing ones included, is also an exact condition of the
 * policy, and so is the key: the browser can change none of them. The output is field for field
 * what the SDK's createPresignedPost makes of the same input (tests/functions/sigv4.test.ts).
 */
import { amzDate, credentialOf, iso8601, SIGV4_ALGORITHM, type SigningContext, signString } from './sigv4.ts';

/** A policy condition beyond the exact fields, e.g. ['content-length-range', 1, 10485760]. */
export type PolicyCondition = readonly [string, ...(string | number)[]];

export interface PostPolicyRequest {
  /** Where the form is posted: the bucket's endpoint. */
  readonly url: string;
  readonly bucket: string;
  readonly key: string;
  /** Fields the form sends as they are (Content-Type, tagging, ...); each is an exact condition. */
  readonly fields: Readonly<Record<string, string>>;
  readonly conditions: readonly PolicyCondition[];
  readonly expiresInSeconds: number;
}

export interface PresignedPost {
  readonly url: string;
  readonly fields: Record<string, string>;
}

export function signPostPolicy(request: PostPolicyRequest, context: SigningContext): PresignedPost {
  const { sessionToken } = context.credentials;
  const signedFields: Record<string, string> = {
    ...request.fields,
    bucket: request.bucket,
    'X-Amz-Algorithm': SIGV4_ALGORITHM,
    'X-Amz-Credential': credentialOf(context),
    'X-Amz-Date': amzDate(context.date),
    ...(sessionToken ? { 'X-Amz-Security-Token': sessionToken } : {}),
  };
  const policy = {
    expiration: iso8601(new Date(context.date.getTime() + request.expiresInSeconds * 1000)),
    conditions: [
      ...request.conditions,
      ...Object.entries(signedFields).map(([name, value]) => ({ [name]: value })),
      { key: request.key },
    ],
  };
  const encodedPolicy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    url: request.url,
    fields: {
      ...signedFields,
      key: request.key,
      Policy: encodedPolicy,
      'X-Amz-Signature': signString(encodedPolicy, context),
    },
  };
}
