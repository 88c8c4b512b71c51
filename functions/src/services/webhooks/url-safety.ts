/**
 * Where a webhook may be sent. In production only to a public HTTPS host: no credentials in the
 * URL, and every address its name resolves to a public unicast one (no private, loopback,
 * link-local, carrier-grade NAT, unique-local, multicast, reserved, IPv4-mapped or translated
 * IPv6 address), checked when the endpoint is saved and again at each send, which connects to
 * the very address it checked, so a name that resolves elsewhere later (DNS rebinding) reaches
 * nothing private. The local stack (WEBHOOK_LOCAL_ENDPOINTS=true, which only it sets) allows
 * `http://127.0.0.1:PORT` and `http://localhost:PORT` too, so tests can listen.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** A URL's refusal, in words the owner reads. */
export class UnsafeWebhookUrl extends Error {}

/** Whether this deployment takes loopback endpoints (the local stack only). */
export const localEndpointsAllowed = (): boolean => process.env.WEBHOOK_LOCAL_ENDPOINTS === 'true';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** The address an IP literal of a URL's host names (IPv6 in brackets), or null for a name. */
function literalOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** A public unicast address: the only kind a production webhook may reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  // An IPv4 address written as IPv6 is refused outright, whatever it maps to.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return false;
  return ip.range() === 'unicast';
}

const isLoopback = (address: string): boolean =>
  ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';

/** Whether the URL is one of the local stack's loopback endpoints (http, 127.0.0.1 or localhost, a port). */
const isLocalEndpoint = (url: URL): boolean =>
  localEndpointsAllowed() && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && url.port !== '';

/** The URL parsed, or UnsafeWebhookUrl saying why it may not be called (no DNS here). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeWebhookUrl('The URL is not valid');
  }
  if (url.username || url.password)
    throw new UnsafeWebhookUrl('The URL may not hold a user name or password');
  if (isLocalEndpoint(url)) return url;
  if (url.protocol !== 'https:') {
    throw new UnsafeWebhookUrl(
      localEndpointsAllowed()
        ? 'The URL must start with https:// (or be http://127.0.0.1:PORT or http://localhost:PORT locally)'
        : 'The URL must start with https://',
    );
  }
  const literal = literalOf(url.hostname);
  if (literal !== null && !isPublicAddress(literal)) {
    throw new UnsafeWebhookUrl('The URL must name a public host, not a private or reserved address');
  }
  const host = url.hostname.toLowerCase();
  if (literal === null && (!host.includes('.') || /\.(localhost|local|internal|home\.arpa)$/.test(host))) {
    throw new UnsafeWebhookUrl('The URL must name a public host');
  }
  return url;
}

/** An address checked safe for the URL, to connect to exactly. */
export interface CheckedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Resolves the URL's host now and checks every address it gives (all must be allowed: a name
 * with one private address among public ones is refused); answers the first, which the send
 * connects to. Throws UnsafeWebhookUrl when one is not allowed or the name does not resolve.
 */
export async function resolveWebhookAddress(url: URL): Promise<CheckedAddress> {
  const local = isLocalEndpoint(url);
  const allowed = local ? isLoopback : isPublicAddress;
  const literal = literalOf(url.hostname);
  let addresses: { address: string; family: number }[];
  if (literal !== null) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await lookup(url.hostname, { all: true, verbatim: true });
    } catch {
      throw new UnsafeWebhookUrl('The host name does not resolve');
    }
  }
  const first = addresses[0];
  if (!first) throw new UnsafeWebhookUrl('The host name does not resolve');
  if (!addresses.every((entry) => allowed(entry.address))) {
    throw new UnsafeWebhookUrl('The host resolves to a private or reserved address');
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
