import { CONTACT_RATE_LIMIT, type ContactMessage, type ContactReceipt } from '@clubs/shared';
import { ulid } from 'ulid';
import { storeContactMessage } from '../data/repositories/contact-messages.ts';
import { AppError } from '../http/errors.ts';

export const CONTACT_LIMIT_MESSAGE =
  'You have sent several messages recently. Please wait a while before sending another.';

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('too_many_requests', CONTACT_LIMIT_MESSAGE, { retryAfterSeconds });
  }
}

/** Stores a contact-form message, at most CONTACT_RATE_LIMIT.perAddress per address and window. */
export async function sendContactMessage(input: ContactMessage, now = new Date()): Promise<ContactReceipt> {
  const receivedAt = now.toISOString();
  const id = ulid(now.getTime());
  const result = await storeContactMessage(
    { ...input, id, receivedAt },
    {
      scope: 'contact',
      subject: input.email,
      limit: CONTACT_RATE_LIMIT.perAddress,
      windowSeconds: CONTACT_RATE_LIMIT.windowSeconds,
    },
    now,
  );
  if (!result.stored) throw new RateLimited(result.retryAfterSeconds);
  return { id, receivedAt };
}
