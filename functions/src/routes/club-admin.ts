/** Club creation, the owner's setup reads, the club's analytics and its API keys; no Stripe here (see routes/payments.ts). */
import { analyticsRoutes, apiKeyRoutes, clubAdminRoutes, webhookRoutes } from '@clubs/shared';
import { FileReply, reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import { createClub, latestActiveOwnedClub, membershipCheckoutState } from '../payments/club-setup.ts';
import { analyticsCsv, clubAnalytics } from '../services/analytics/club-analytics.ts';
import { apiKeysOf, createApiKey, revokeApiKey } from '../services/api-keys.ts';
import { saveClubChatSettings } from '../services/club-chat-settings.ts';
import { createClubImageUpload, editClub } from '../services/club-editing.ts';
import { saveMembershipQuestions } from '../services/membership-questions.ts';
import {
  changeWebhook,
  createWebhook,
  removeWebhook,
  rotateWebhookSecret,
  webhooksOf,
} from '../services/webhooks/endpoints.ts';
import { deliveriesOf, resendDelivery, sendTestEvent } from '../services/webhooks/log.ts';

/** The group's routes are declared in three areas. */
const routes = { ...clubAdminRoutes, ...analyticsRoutes, ...apiKeyRoutes, ...webhookRoutes };

export const handler = defineGroup('club-admin', routes, {
  createClub: async ({ input, auth }) => {
    const { club, created } = await createClub(auth, input.body);
    return created ? club : reply(200, club);
  },
  // Any status: the access declaration (owner only) answers 404 to everyone else.
  getOwnedClub: async ({ club }) => club,
  latestActiveOwnedClub: async ({ auth }) => latestActiveOwnedClub(auth),
  editClub: async ({ input, club }) => editClub(club, input.body),
  createClubImageUpload: async ({ input, auth, club }) =>
    createClubImageUpload(club, auth.userId, input.body),
  saveClubChatSettings: async ({ input, club }) => saveClubChatSettings(club, input.body),
  saveMembershipQuestions: async ({ input, club }) => saveMembershipQuestions(club, input.body),
  getMembershipCheckout: async ({ input, auth }) => membershipCheckoutState(auth, input.params.clubId),
  getClubAnalytics: async ({ input, auth, club, viewer }) =>
    (await clubAnalytics(club, viewer, auth.isSuperAdmin, input.query.period)).analytics,
  exportClubAnalytics: async ({ input, auth, club, viewer }) => {
    const { analytics } = await clubAnalytics(club, viewer, auth.isSuperAdmin, input.query.period);
    const filename = `analytics-${club.id}-${input.query.period}-${new Date().toISOString().slice(0, 10)}.csv`;
    return new FileReply(filename, 'text/csv; charset=utf-8', analyticsCsv(analytics));
  },
  listApiKeys: async ({ club }) => apiKeysOf(club),
  createApiKey: async ({ input, club }) => createApiKey(club, input.body),
  revokeApiKey: async ({ input, club }) => revokeApiKey(club, input.params.keyId),
  listWebhooks: async ({ club }) => webhooksOf(club),
  createWebhook: async ({ input, club }) => createWebhook(club, input.body),
  updateWebhook: async ({ input, club }) => changeWebhook(club, input.params.webhookId, input.body),
  deleteWebhook: async ({ input, club }) => removeWebhook(club, input.params.webhookId),
  rotateWebhookSecret: async ({ input, club }) => rotateWebhookSecret(club, input.params.webhookId),
  listWebhookDeliveries: async ({ input, club }) => deliveriesOf(club, input.params.webhookId, input.query),
  sendWebhookTest: async ({ input, club }) => sendTestEvent(club, input.params.webhookId),
  resendWebhookDelivery: async ({ input, club }) =>
    resendDelivery(club, input.params.webhookId, input.params.deliveryId),
  createHookWithKey: async ({ input, club }) => createWebhook(club, input.body),
  deleteHookWithKey: async ({ input, club }) => removeWebhook(club, input.params.webhookId),
});
