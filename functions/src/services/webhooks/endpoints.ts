/**
 * A club's webhook endpoints as its owner (Settings → Developers) or a key with webhooks:manage
 * keeps them: made with a URL the server checks (url-safety.ts) and a new `whsec_` secret answered
 * once, changed, paused or turned on again, deleted, their secret rotated. The access check has
 * already allowed only the club's owner or key.
 */
import { randomBytes } from 'node:crypto';
import {
  type Club,
  type CreateWebhookInput,
  MAX_WEBHOOKS_PER_CLUB,
  type UpdateWebhookInput,
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
  type WebhookList,
  type WebhookWithSecret,
} from '@clubs/shared';
import { ulid } from 'ulid';
import {
  deleteWebhook,
  getWebhook,
  listWebhooks,
  putWebhook,
  type StoredWebhook,
  updateWebhook,
} from '../../data/repositories/webhooks.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { parseWebhookUrl, resolveWebhookAddress, UnsafeWebhookUrl } from './url-safety.ts';

/** A new signing secret: Standard Webhooks' prefix and 32 random bytes in base64. */
const newSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** What the owner sees of an endpoint: never its secret nor its club. */
export function toWebhook(stored: StoredWebhook): Webhook {
  const { secret: _secret, clubId: _clubId, ...webhook } = stored;
  return webhook;
}

/** The URL, normalized, once its host is found public now; a 400 saying why otherwise. */
async function checkedUrl(raw: string): Promise<string> {
  try {
    const url = parseWebhookUrl(raw);
    await resolveWebhookAddress(url);
    return url.href;
  } catch (error) {
    if (error instanceof UnsafeWebhookUrl)
      throw badRequest(error.message, [{ path: 'body.url', message: error.message }]);
    throw error;
  }
}

export async function webhooksOf(club: Club): Promise<WebhookList> {
  return { items: (await listWebhooks(club.id)).map(toWebhook), max: MAX_WEBHOOKS_PER_CLUB };
}

export async function createWebhook(club: Club, input: CreateWebhookInput): Promise<WebhookWithSecret> {
  const stored: StoredWebhook = {
    id: ulid(),
    clubId: club.id,
    url: await checkedUrl(input.url),
    description: input.description ?? '',
    eventTypes: input.eventTypes,
    status: 'enabled',
    disabledReason: null,
    createdAt: new Date().toISOString(),
    failingSince: null,
    secret: newSecret(),
  };
  if (!(await putWebhook(stored, MAX_WEBHOOKS_PER_CLUB))) {
    throw conflict(`A club can hold ${MAX_WEBHOOKS_PER_CLUB} webhook endpoints: delete one first`);
  }
  return { webhook: toWebhook(stored), secret: stored.secret };
}

export async function changeWebhook(
  club: Club,
  webhookId: string,
  input: UpdateWebhookInput,
): Promise<Webhook> {
  const url = input.url === undefined ? undefined : await checkedUrl(input.url);
  const status = input.enabled === undefined ? undefined : input.enabled ? 'enabled' : 'disabled';
  const updated = await updateWebhook(club.id, webhookId, {
    url,
    eventTypes: input.eventTypes,
    status,
    // Turned on again, it starts afresh; paused, it says so.
    ...(status === 'enabled' ? { disabledReason: null, failingSince: null } : {}),
    ...(status === 'disabled' ? { disabledReason: 'paused' as const } : {}),
  });
  if (!updated) throw notFound('Webhook endpoint not found');
  return toWebhook(updated);
}

export async function removeWebhook(club: Club, webhookId: string): Promise<{ deleted: true }> {
  if (!(await deleteWebhook(club.id, webhookId))) throw notFound('Webhook endpoint not found');
  return { deleted: true };
}

export async function rotateWebhookSecret(club: Club, webhookId: string): Promise<WebhookWithSecret> {
  const secret = newSecret();
  const updated = await updateWebhook(club.id, webhookId, { secret });
  if (!updated) throw notFound('Webhook endpoint not found');
  return { webhook: toWebhook(updated), secret };
}

/** The club's endpoint, or 404: an endpoint of another club is not found either. */
export async function webhookOfClub(club: Club, webhookId: string): Promise<StoredWebhook> {
  const stored = await getWebhook(club.id, webhookId);
  if (!stored) throw notFound('Webhook endpoint not found');
  return stored;
}
