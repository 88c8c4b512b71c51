/**
 * One attempt of a webhook delivery: the body signed and sent (send.ts), what came of it recorded
 * only if the delivery still waits for that attempt, so a repeated or late attempt changes
 * nothing. A failure schedules the next attempt after WEBHOOK_RETRY_DELAYS_SECONDS (a one-time
 * EventBridge Scheduler schedule that puts the attempt on the bus) and, after the last, gives the
 * delivery up. An endpoint that has failed without a success for WEBHOOK_DISABLE_AFTER_DAYS is
 * disabled and its club's owner e-mailed, once.
 */
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookAttempt,
  webhookRetryScheduleName,
} from '@clubs/shared';
import { putOneTimeSchedule } from '../../bus/scheduler.ts';
import { getClub } from '../../data/repositories/clubs.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import {
  getDelivery,
  getWebhook,
  markWebhookFailing,
  recordAttempt,
  type StoredWebhook,
  updateWebhook,
} from '../../data/repositories/webhooks.ts';
import { plainEmail } from '../../email/plain-email.ts';
import { sendEmail } from '../../email/send-email.ts';
import { logger } from '../../logger.ts';
import { siteUrl } from '../../stripe/config.ts';
import { attemptEntry } from './log.ts';
import { sendWebhook } from './send.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The e-mail the owner gets when an endpoint is disabled for failing. */
const disabledEmail = (clubName: string, webhook: StoredWebhook, settingsUrl: string) =>
  plainEmail(`A webhook endpoint of ${clubName} was disabled`, [
    `Every delivery to the webhook endpoint ${webhook.url} of ${clubName} has failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so it has been disabled: nothing more is sent to it.`,
    `Once it answers again, turn it back on in the club's settings (Developers): ${settingsUrl}`,
  ]);

/** Disables an endpoint failing for too long (once: the first run to do so e-mails the owner). */
async function disableIfFailingTooLong(webhook: StoredWebhook, now: Date): Promise<boolean> {
  const since = webhook.failingSince;
  if (!since || now.getTime() - Date.parse(since) < WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) return false;
  const disabled = await updateWebhook(
    webhook.clubId,
    webhook.id,
    { status: 'disabled', disabledReason: 'failing' },
    { status: 'enabled', failingSince: since },
  );
  if (!disabled) return false;
  const club = await getClub(webhook.clubId);
  const owner = club ? await getProfile(club.ownerId) : null;
  if (club && owner?.email) {
    try {
      const settings = `${siteUrl()}/communities/${encodeURIComponent(club.id)}/settings?tab=developers`;
      await sendEmail({ to: owner.email, ...disabledEmail(club.name, webhook, settings) });
    } catch (error) {
      logger.warn('webhook disabled e-mail not sent', { webhookId: webhook.id, error: String(error) });
    }
  }
  logger.info('webhook endpoint disabled', {
    clubId: webhook.clubId,
    webhookId: webhook.id,
    failingSince: since,
  });
  return true;
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'duplicate';

/** One attempt of a delivery (see the module's comment). */
export async function attemptDelivery(work: WebhookAttempt, now = new Date()): Promise<AttemptOutcome> {
  const delivery = await getDelivery(work.webhookId, work.deliveryId);
  if (
    delivery?.clubId !== work.clubId ||
    delivery.status !== 'pending' ||
    delivery.attempts !== work.attempt - 1
  ) {
    return 'duplicate';
  }
  const webhook = await getWebhook(work.clubId, work.webhookId);
  const at = now.toISOString();
  if (webhook?.status !== 'enabled') {
    const error = webhook ? 'Endpoint disabled' : 'Endpoint deleted';
    await recordAttempt(work.webhookId, delivery.id, {
      attempt: work.attempt,
      at,
      status: 'failed',
      statusCode: null,
      error,
      nextAttemptAt: null,
    });
    return 'failed';
  }
  const result = await sendWebhook(webhook, { id: delivery.messageId, body: delivery.payload }, now);
  if (result.ok) {
    const recorded = await recordAttempt(webhook.id, delivery.id, {
      attempt: work.attempt,
      at,
      status: 'succeeded',
      statusCode: result.statusCode,
      error: null,
      nextAttemptAt: null,
    });
    if (recorded && webhook.failingSince)
      await updateWebhook(webhook.clubId, webhook.id, { failingSince: null });
    return recorded ? 'succeeded' : 'duplicate';
  }
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[work.attempt - 1];
  const retry = delay !== undefined && work.attempt < WEBHOOK_MAX_ATTEMPTS;
  const nextAt = retry ? new Date(now.getTime() + delay * 1000) : null;
  if (nextAt) {
    // The schedule first: a run that stops before recording is delivered again and makes the same one.
    const entry = attemptEntry(delivery, work.attempt + 1);
    await putOneTimeSchedule({
      name: webhookRetryScheduleName(webhook.id, delivery.id),
      at: nextAt,
      source: entry.source,
      detailType: entry.detailType,
      detail: entry.detail,
      description: `Webhook ${webhook.id} delivery ${delivery.id} attempt ${work.attempt + 1}`,
    });
  }
  const recorded = await recordAttempt(webhook.id, delivery.id, {
    attempt: work.attempt,
    at,
    status: retry ? 'pending' : 'failed',
    statusCode: result.statusCode,
    error: result.error,
    nextAttemptAt: nextAt ? nextAt.toISOString() : null,
  });
  if (!recorded) return 'duplicate';
  const failing = webhook.failingSince ? webhook : await markWebhookFailing(webhook.clubId, webhook.id, at);
  if (failing) await disableIfFailingTooLong(failing, now);
  return retry ? 'retrying' : 'failed';
}
