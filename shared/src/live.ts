/**
 * Live updates over a WebSocket: the contract the SPA, the handlers (functions/src/routes/live.ts
 * and live-fanout.ts), the CDK WebSocket API and the local socket server share. The socket opens
 * at LIVE.path on the site's own origin with a single-use ticket in the query (never the ID token,
 * which CloudFront's logs would keep), asked for through the API just before; the client then
 * subscribes to the clubs it shows, and the server sends typed change messages that name ids and
 * counts only, never text: a page reads what it may see through the HTTP API as it always does.
 * This module holds no schema (the SPA's pages import it); the messages' schemas are in
 * live-messages.ts.
 */
export type { LiveClientMessage, LiveServerMessage } from './live-messages.ts';

export const LIVE = {
  /** The socket's path on the site's origin (CloudFront, the Vite proxy and the preview server route it). */
  path: '/ws',
  /**
   * The query parameter that carries the socket's ticket (a browser cannot set headers on a
   * WebSocket): an opaque random string the API gave the signed-in caller, good for one $connect
   * within ticketTtlSeconds. An ID token is never taken here, so none reaches a URL or a log.
   */
  ticketParam: 'ticket',
  /** Seconds a ticket stays good after it is issued (the client asks for one just before connecting). */
  ticketTtlSeconds: 60,
  /** A ticket's shape: 32 random bytes, base64url. */
  ticketPattern: /^[A-Za-z0-9_-]{43}$/,
  /** The body field the route is selected by (API Gateway's route selection expression). */
  routeSelectionExpression: '$request.body.action',
  routes: {
    connect: '$connect',
    disconnect: '$disconnect',
    subscribe: 'subscribe',
    unsubscribe: 'unsubscribe',
  },
  /** API Gateway closes a WebSocket after 2 hours; a connection's items outlive it a little, then expire. */
  connectionTtlSeconds: 2 * 3600 + 600,
  /**
   * Sockets one person may have open at once (a tab holds one; a few devices and tabs to spare):
   * $connect refuses the next with 429 until one closes, so one account cannot hold the API's
   * connections or the fan-out's pages.
   */
  maxConnectionsPerPerson: 10,
  /** Clubs one connection may follow at once (a tab shows one club; a few spare for quick switches). */
  maxSubscriptionsPerConnection: 5,
  /** Subscriptions one fan-out reads per page of its query. */
  fanOutPageSize: 250,
  /** Delays before each reconnect attempt, then the last again and again (the spec's realtime delays). */
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  /** The largest client message the server reads. */
  maxClientMessageBytes: 1024,
} as const;

/**
 * The server messages meant for the reader themselves, not for a club they follow: every
 * connection of the person gets them, whatever club it follows.
 */
export const LIVE_PERSONAL_TYPES = [
  'notifications.changed',
  'chat.message',
  'chat.read',
  'chat.deleted',
] as const;
export type LivePersonalType = (typeof LIVE_PERSONAL_TYPES)[number];

/** Which of a club's lists a change touches, for the pages that show them to re-read. */
export const LIVE_AREAS = ['courses', 'events'] as const;
export type LiveArea = (typeof LIVE_AREAS)[number];
