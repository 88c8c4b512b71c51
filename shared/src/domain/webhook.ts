/**
 * A club's outbound webhook endpoints: an owner names a URL and the events it wants, sees its
 * signing secret (`whsec_…`, Standard Webhooks) once and may rotate it; each event becomes a
 * signed delivery, retried with backoff and kept in the endpoint's delivery log.
 */
import * as z from 'zod';
import { WEBHOOK_CHANGE_TYPES } from '../bus/webhooks.ts';
import { idSchema, isoDateTime, pageQuerySchema, trimmed } from './common.ts';

/** Endpoints a club may hold at once; deleting one frees its place. */
export const MAX_WEBHOOKS_PER_CLUB = 10;

/** The longest endpoint URL taken. */
export const WEBHOOK_URL_MAX = 500;

/** An endpoint whose deliveries have failed without a success for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

/** How long a delivery stays in the log. */
export const WEBHOOK_DELIVERY_KEPT_DAYS = 30;

/** How long the endpoint may take to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Every signing secret starts with this (Standard Webhooks' prefix of a base64 key). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookEventTypeSchema = z.enum(WEBHOOK_CHANGE_TYPES);

const eventTypesSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_CHANGE_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'Each event once');

/** A URL as typed; whether its host may be called is the server's check (url-safety.ts). */
const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(WEBHOOK_URL_MAX)
  .refine((value) => URL.canParse(value), 'must be a URL');

export const createWebhookInputSchema = z.strictObject({
  url: webhookUrlSchema,
  eventTypes: eventTypesSchema,
  description: trimmed(100).optional(),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

export const updateWebhookInputSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    eventTypes: eventTypesSchema.optional(),
    /** true turns a disabled endpoint on again (its failures forgotten); false pauses it. */
    enabled: z.boolean().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateWebhookInput = z.infer<typeof updateWebhookInputSchema>;

/** An endpoint as its club's owner sees it: never its secret. */
export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(webhookEventTypeSchema),
  /** 'disabled' after failing for WEBHOOK_DISABLE_AFTER_DAYS, or paused by the owner. */
  status: z.enum(['enabled', 'disabled']),
  /** Why it is disabled: failing deliveries, or the owner paused it. */
  disabledReason: z.enum(['failing', 'paused']).nullable(),
  createdAt: isoDateTime,
  /** Since when every attempt has failed; null while the last one succeeded. */
  failingSince: isoDateTime.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema), max: z.number().int() });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** An endpoint made or its secret rotated: the secret this one time. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);

/** One message to an endpoint, as its log shows it. */
export const webhookDeliverySchema = z.object({
  id: idSchema,
  /** The message's `webhook-id`: the same on every attempt and on a resend. */
  messageId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when it got none (refused address, timeout, connection error). */
  lastStatusCode: z.number().int().nullable(),
  /** What went wrong on the last attempt, in a few words; null after a success. */
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  lastAttemptAt: isoDateTime.nullable(),
  /** When the next retry runs; null once it succeeded or was given up. */
  nextAttemptAt: isoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryQuerySchema = pageQuerySchema;

/** "Send test event" and "Resend": the delivery queued (its attempt runs off the request path). */
export const queuedDeliverySchema = z.object({ delivery: webhookDeliverySchema });
export type QueuedDelivery = z.infer<typeof queuedDeliverySchema>;
