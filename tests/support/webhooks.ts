/** A club's webhook endpoint written straight into the table, as the Developers tab stores one, without the URL's checks. */
import { putWebhook, type StoredWebhook } from '@clubs/functions/data/repositories/webhooks';
import { MAX_WEBHOOKS_PER_CLUB } from '@clubs/shared';
import { ulid } from 'ulid';

export async function storeWebhook(
  clubId: string,
  overrides: Partial<Omit<StoredWebhook, 'clubId'>> = {},
): Promise<StoredWebhook> {
  const webhook: StoredWebhook = {
    id: ulid(),
    clubId,
    url: 'http://127.0.0.1:9/hook',
    description: '',
    eventTypes: ['post.created'],
    status: 'enabled',
    disabledReason: null,
    createdAt: new Date().toISOString(),
    failingSince: null,
    secret: `whsec_${Buffer.from(ulid()).toString('base64')}`,
    ...overrides,
  };
  if (!(await putWebhook(webhook, MAX_WEBHOOKS_PER_CLUB)))
    throw new Error('the club holds its most endpoints');
  return webhook;
}
