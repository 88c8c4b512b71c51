/**
 * One signed webhook request, the Standard Webhooks way through its maintained library: the body
 * is the message's JSON, the headers `webhook-id` (the same on every attempt), `webhook-timestamp`
 * (seconds) and `webhook-signature` (`v1,` and the HMAC-SHA256 of id, timestamp and body with the
 * endpoint's `whsec_` secret). The request goes to the address checked at this very send
 * (url-safety.ts), follows no redirect and is abandoned after WEBHOOK_TIMEOUT_MS; a 2xx answer is
 * a success, anything else a failure with what the log shows.
 */

import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_TIMEOUT_MS } from '@clubs/shared';
import { Webhook } from 'standardwebhooks';
import { parseWebhookUrl, resolveWebhookAddress, UnsafeWebhookUrl } from './url-safety.ts';

export interface SendResult {
  readonly ok: boolean;
  /** The answer's status; null when there was none. */
  readonly statusCode: number | null;
  /** Why it failed, in a few words; null on success. */
  readonly error: string | null;
}

/** The three Standard Webhooks headers of a message, signed with the endpoint's secret. */
export function signedHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

function post(url: URL, address: LookupAddress, headers: Record<string, string>, body: string) {
  return new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // Connects to the address just checked, never to a second answer of the name.
        lookup: (_host: string, options: { all?: boolean }, callback: LookupCallback) =>
          options.all ? callback(null, [address]) : callback(null, address.address, address.family),
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (response: IncomingMessage) => {
        // The answer's body is not read: only its status counts.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error('timed out')), WEBHOOK_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}

/** Sends the message to the URL once; never throws for anything the endpoint or the network did. */
export async function sendWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string },
  now = new Date(),
): Promise<SendResult> {
  let url: URL;
  let address: LookupAddress;
  try {
    url = parseWebhookUrl(target.url);
    address = await resolveWebhookAddress(url);
  } catch (error) {
    if (error instanceof UnsafeWebhookUrl) return { ok: false, statusCode: null, error: error.message };
    throw error;
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Clubs-Webhooks/1.0',
    ...signedHeaders(target.secret, message.id, now, message.body),
  };
  try {
    const statusCode = await post(url, address, headers, message.body);
    const ok = statusCode >= 200 && statusCode < 300;
    return { ok, statusCode, error: ok ? null : `HTTP ${statusCode}` };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, statusCode: null, error: code ?? (error as Error).message.slice(0, 100) };
  }
}
