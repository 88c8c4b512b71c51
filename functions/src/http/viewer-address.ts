/**
 * Who is on the other end of a request, for limits per sender. In AWS the API sits behind
 * CloudFront, so API Gateway's `sourceIp` is a CloudFront edge server; the viewer's own address
 * is in `CloudFront-Viewer-Address` ("ip:port"), which CloudFront sets itself on every request to
 * the API (the /api behaviour forwards CloudFront's headers). The local gateway passes its socket
 * address in both places. A header that does not hold an IP address is ignored.
 */
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** "203.0.113.7:443" -> "203.0.113.7"; "2001:db8::1:443" -> "2001:db8::1" (the port is last). */
export function ipOfViewerAddress(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  const cut = trimmed.lastIndexOf(':');
  if (cut <= 0) return null;
  const ip = trimmed.slice(0, cut).replace(/^\[|\]$/g, '');
  return isIP(ip) ? ip : null;
}

export function viewerAddress(event: APIGatewayProxyEventV2): string {
  return ipOfViewerAddress(event.headers?.[VIEWER_ADDRESS_HEADER]) ?? event.requestContext.http.sourceIp;
}
