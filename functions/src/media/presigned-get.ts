/**
 * A presigned GET URL for one object (AWS's "Authenticating Requests: Using Query Parameters"):
 * the signature covers the method, the path, the host and every query parameter, so the URL reads
 * exactly that object until it expires and nothing else.
 */
import {
  amzDate,
  credentialOf,
  credentialScope,
  SIGV4_ALGORITHM,
  type SigningContext,
  sha256Hex,
  signString,
  uriEncode,
} from './sigv4.ts';

export interface ObjectAddress {
  /** scheme://host[:port] of the endpoint. */
  readonly origin: string;
  /** The object's path on that endpoint, decoded: "/club-media/c1/a.png" or "/bucket/club-media/c1/a.png". */
  readonly path: string;
}

export function presignGetUrl(
  address: ObjectAddress,
  expiresInSeconds: number,
  context: SigningContext,
): string {
  const { host } = new URL(address.origin);
  const { sessionToken } = context.credentials;
  const date = amzDate(context.date);
  const query: Record<string, string> = {
    'X-Amz-Algorithm': SIGV4_ALGORITHM,
    'X-Amz-Credential': credentialOf(context),
    'X-Amz-Date': date,
    'X-Amz-Expires': String(expiresInSeconds),
    ...(sessionToken ? { 'X-Amz-Security-Token': sessionToken } : {}),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${uriEncode(name)}=${uriEncode(query[name] ?? '')}`)
    .join('&');
  // S3 paths are encoded once, segment by segment, slashes kept.
  const canonicalPath = address.path.split('/').map(uriEncode).join('/');
  const canonicalRequest = [
    'GET',
    canonicalPath,
    canonicalQuery,
    `host:${host}`,
    '',
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [SIGV4_ALGORITHM, date, credentialScope(context), sha256Hex(canonicalRequest)].join(
    '\n',
  );
  return `${address.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signString(stringToSign, context)}`;
}
