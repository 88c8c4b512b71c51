/**
 * The club's outbound webhook endpoints on the owner's settings page (owners only): listing,
 * making one (its signing secret answered this once), changing, deleting, rotating the secret,
 * the delivery log, "Send test event" and "Resend"; and the public API's subscriptions, for a key
 * with webhooks:manage, so an automation tool subscribes an endpoint without the page. Every
 * delivery is sent off the request path.
 */
import * as z from 'zod';
import {
  createWebhookInputSchema,
  queuedDeliverySchema,
  updateWebhookInputSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../domain/webhook.ts';
import { DELETE, GET, inClub, PATCH, POST, routesOf, withApiKey } from '../route-builder.ts';

const deleted = z.object({ deleted: z.literal(true) });

export const webhookRoutes = routesOf('club-admin', {
  listWebhooks: GET('/api/clubs/{clubId}/webhooks', {
    access: inClub('owner'),
    summary:
      "The club's webhook endpoints, newest first, with their events and whether they are failing or disabled (never a secret); one query of the club's partition",
    response: webhookListSchema,
  }),
  createWebhook: POST('/api/clubs/{clubId}/webhooks', {
    access: inClub('owner'),
    summary:
      'Makes a webhook endpoint for a URL and event types; its signing secret (whsec_…) is in this answer only. A URL whose host is not a public HTTPS one is refused (400); a club holding MAX_WEBHOOKS_PER_CLUB endpoints is refused (409), counted in the same transaction',
    body: createWebhookInputSchema,
    response: webhookWithSecretSchema,
    status: 201,
  }),
  updateWebhook: PATCH('/api/clubs/{clubId}/webhooks/{webhookId}', {
    access: inClub('owner'),
    summary:
      "Changes an endpoint's URL or events, pauses it, or turns a disabled one on again (its failures forgotten); 404 for an endpoint the club does not hold",
    body: updateWebhookInputSchema,
    response: webhookSchema,
  }),
  deleteWebhook: DELETE('/api/clubs/{clubId}/webhooks/{webhookId}', {
    access: inClub('owner'),
    summary: 'Deletes an endpoint: nothing more is sent to it; 404 for an endpoint the club does not hold',
    response: deleted,
  }),
  rotateWebhookSecret: POST('/api/clubs/{clubId}/webhooks/{webhookId}/secret', {
    access: inClub('owner'),
    summary:
      'Gives the endpoint a new signing secret, in this answer only; deliveries are signed with it from now on',
    response: webhookWithSecretSchema,
  }),
  listWebhookDeliveries: GET('/api/clubs/{clubId}/webhooks/{webhookId}/deliveries', {
    access: inClub('owner'),
    summary:
      "The endpoint's delivery log, newest first, by cursor: each message's event, status, attempts, last status code and times",
    query: webhookDeliveryQuerySchema,
    response: webhookDeliveryPageSchema,
  }),
  sendWebhookTest: POST('/api/clubs/{clubId}/webhooks/{webhookId}/test', {
    access: inClub('owner'),
    summary:
      'Queues a signed webhook.test message to the endpoint (sent off the request path, retried like any other); the delivery is in the log at once',
    response: queuedDeliverySchema,
    status: 202,
  }),
  resendWebhookDelivery: POST('/api/clubs/{clubId}/webhooks/{webhookId}/deliveries/{deliveryId}/resend', {
    access: inClub('owner'),
    summary:
      'Queues a delivery again as a new entry of the log, with the same message id and payload (a consumer that saw it already can tell); 404 for one the endpoint does not hold',
    response: queuedDeliverySchema,
    status: 202,
  }),
  createHookWithKey: POST('/api/v1/clubs/{clubId}/hooks', {
    access: withApiKey('webhooks:manage'),
    summary:
      "The public API's subscription, for a key with webhooks:manage: a webhook endpoint for a URL and event types, as the owner makes one on the settings page; its signing secret is in this answer only",
    body: createWebhookInputSchema,
    response: webhookWithSecretSchema,
    status: 201,
  }),
  deleteHookWithKey: DELETE('/api/v1/clubs/{clubId}/hooks/{webhookId}', {
    access: withApiKey('webhooks:manage'),
    summary:
      "The public API's unsubscription, for a key with webhooks:manage: deletes one of the club's webhook endpoints; 404 for one the club does not hold",
    response: deleted,
  }),
});
