import { CONTACT_RATE_LIMIT, type ContactMessage, type ContactReceipt } from '@clubs/shared';
import { ulid } from 'ulid';
import { storeContactMessage } from '../data/repositories/contact-messages.ts';
import { AppError } from '../errors.ts';
import { sourceKey } from '../source-key.ts';

export const CONTACT_LIMIT_MESSAGE =
  'You have sent several messages recently. Please wait a while before sending another.';

export class RateLimited extends AppError {
  constructor(retryAfterSeconds: number) {
    super('too_many_requests', CONTACT_LIMIT_MESSAGE, { retryAfterSeconds }, retryAfterSeconds);
  }
}

/**
 * Stores a contact-form message within the limits of CONTACT_RATE_LIMIT: per source, for all
 * senders together and per typed e-mail address, all counted in the message's transaction.
 */
export async function sendContactMessage(
  input: ContactMessage,
  /** The sender's IP address, as the edge saw it. */
  sourceIp: string,
  now = new Date(),
  limits: ContactLimits = CONTACT_RATE_LIMIT,
): Promise<ContactReceipt> {
  const receivedAt = now.toISOString();
  const id = ulid(now.getTime());
  const windowSeconds = limits.windowSeconds;
  const result = await storeContactMessage(
    { ...input, id, receivedAt },
    [
      { scope: 'contact-source', subject: sourceKey(sourceIp), limit: limits.perSource, windowSeconds },
      { scope: 'contact-all', subject: 'all', limit: limits.allSenders, windowSeconds },
      { scope: 'contact', subject: input.email, limit: limits.perAddress, windowSeconds },
    ],
    now,
  );
  if (!result.stored) throw new RateLimited(result.retryAfterSeconds);
  return { id, receivedAt };
}

export type ContactLimits = { [Name in keyof typeof CONTACT_RATE_LIMIT]: number };
