/**
 * Limits per sender count under the sender's network, not the exact address it used this time.
 */
import { isIP, isIPv4 } from 'node:net';

/**
 * The key a per-source limit counts under. An IPv6 subscriber usually holds a whole /64, so its
 * addresses count together; an IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function sourceKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}
