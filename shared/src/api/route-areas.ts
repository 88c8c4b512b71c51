/**
 * Each area's routes by themselves (routes.ts gathers them into the manifest): a function imports
 * only its own group's, so the other areas' declarations and schemas stay out of its bundle. The
 * rule this relies on: esbuild keeps the whole top-level code of a module that re-exports a used
 * name with `export { … } from`, but goes straight past one that passes it on with `export *`.
 * So this module only re-exports, and routes.ts (whose ROUTES and ROUTE_IDS name every area)
 * passes it on with `export *`.
 */
export { analyticsRoutes } from './routes/analytics.ts';
export { apiKeyRoutes } from './routes/api-keys.ts';
export { calendarEventRoutes } from './routes/calendar-events.ts';
export { chatRoutes } from './routes/chat.ts';
export { chatControlRoutes } from './routes/chat-controls.ts';
export { clubAdminRoutes } from './routes/club-admin.ts';
export { clubRoutes } from './routes/clubs.ts';
export { type ContactReceipt, contactReceiptSchema, contactRoutes } from './routes/contact.ts';
export { courseRoutes } from './routes/courses.ts';
export { feedRoutes } from './routes/feed.ts';
export { invitationRoutes } from './routes/invitations.ts';
export { leaderboardRoutes } from './routes/leaderboard.ts';
export { memberRoutes } from './routes/members.ts';
export { membershipRoutes } from './routes/memberships.ts';
export { moderationRoutes } from './routes/moderation.ts';
export { notificationRoutes } from './routes/notifications.ts';
export { paymentRoutes } from './routes/payments.ts';
export { profileRoutes } from './routes/profiles.ts';
export { superAdminRoutes } from './routes/super-admin.ts';
export { type Health, healthSchema, systemRoutes } from './routes/system.ts';
export { webhookRoutes } from './routes/webhooks.ts';
