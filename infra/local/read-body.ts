/**
 * How the local servers (the gateway, the event bus, the Stripe simulator) read a request body:
 * up to a limit, an oversized body still read to its end (and dropped) so that the 413 reaches a
 * client or proxy that is still sending instead of a reset connection.
 */
import type { IncomingMessage } from 'node:http';

/** The body was larger than the limit; each server answers it in its own protocol's words. */
export class PayloadTooLarge extends Error {}

/** Beyond this, an oversized body is cut off rather than read to its end. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) req.destroy();
    });
    req.on('end', () => (size > limit ? reject(new PayloadTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('close', () => {
      if (!req.complete) reject(size > limit ? new PayloadTooLarge() : new Error('request aborted'));
    });
    req.on('error', reject);
  });
}
