/**
 * The WebSocket's own routes: a connection opened by a verified caller is recorded; subscribe
 * lets it follow a club its caller may read (the feed's access rule), unsubscribe stops that, and
 * a closed connection is removed with everything it followed. Each answers the message the
 * client receives.
 */
import { randomBytes } from 'node:crypto';
import {
  CLUB_NOT_ACTIVE,
  LIVE,
  type LiveConnectionsClosed,
  type LiveServerMessage,
  type LiveTicket,
  liveClientMessageSchema,
} from '@clubs/shared';
import type { Caller } from '../../caller.ts';
import {
  addSubscription,
  countOpenConnectionsOfUser,
  deleteConnection,
  getConnection,
  listConnectionsOfUser,
  putConnection,
  removeSubscription,
} from '../../data/repositories/live-connections.ts';
import { putTicket, type TicketHolder, takeTicket } from '../../data/repositories/live-tickets.ts';
import { env } from '../../env.ts';
import { readVerdicts } from './access.ts';
import { closeSocket } from './post-to-connection.ts';

/**
 * A ticket for opening one socket as the caller: 32 random bytes, stored with the caller for
 * LIVE.ticketTtlSeconds. The socket's URL carries it instead of the ID token.
 */
export async function issueTicket(caller: Caller, now = new Date()): Promise<LiveTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const validUntil = new Date(now.getTime() + LIVE.ticketTtlSeconds * 1000);
  await putTicket(ticket, { userId: caller.userId, isSuperAdmin: caller.isSuperAdmin }, validUntil);
  return { ticket, expiresAt: validUntil.toISOString() };
}

/**
 * Whose socket a ticket opens: the ticket is consumed (a second use, an expired one or anything
 * not issued opens nothing, null).
 */
export async function redeemTicket(ticket: string | undefined): Promise<TicketHolder | null> {
  if (!ticket || !LIVE.ticketPattern.test(ticket)) return null;
  return takeTicket(ticket);
}

/**
 * Closes every socket the person has open and forgets them with everything they followed (the
 * SPA asks at sign-out): no socket outlives the session it was opened in.
 */
export async function closeConnectionsOf(userId: string): Promise<LiveConnectionsClosed> {
  const connectionIds = await listConnectionsOfUser(userId);
  await Promise.all(
    connectionIds.map(async (connectionId) => {
      await deleteConnection(connectionId);
      await closeSocket(connectionId);
    }),
  );
  return { closed: connectionIds.length };
}

/**
 * Records a connection, unless its person already has LIVE.maxConnectionsPerPerson open
 * ('too_many': $connect refuses it). Checked before the write, so connections opened at the very
 * same moment may pass the cap by as many as race; each closes within API Gateway's two hours.
 */
export async function openConnection(
  caller: TicketHolder,
  connectionId: string,
): Promise<'opened' | 'too_many'> {
  if ((await countOpenConnectionsOfUser(caller.userId)) >= env.liveConnectionsPerPerson) return 'too_many';
  await putConnection({ connectionId, userId: caller.userId, isSuperAdmin: caller.isSuperAdmin });
  return 'opened';
}

export async function closeConnection(connectionId: string): Promise<void> {
  await deleteConnection(connectionId);
}

const refusal = (code: string, message: string, clubId?: string): LiveServerMessage => ({
  type: 'error',
  code,
  message,
  ...(clubId ? { clubId } : {}),
});

/** Subscribe or unsubscribe, from the client's raw message; anything malformed changes nothing. */
export async function handleClientMessage(
  connectionId: string,
  body: string | undefined,
): Promise<LiveServerMessage> {
  if (!body || Buffer.byteLength(body) > LIVE.maxClientMessageBytes) {
    return refusal('bad_request', 'The message is empty or too large');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return refusal('invalid_json', 'The message is not valid JSON');
  }
  const parsed = liveClientMessageSchema.safeParse(raw);
  if (!parsed.success) return refusal('validation_failed', 'The message is not a subscribe or unsubscribe');
  const { action, clubId } = parsed.data;
  const connection = await getConnection(connectionId);
  if (!connection) return refusal('unauthorized', 'The connection is closed', clubId);
  if (action === LIVE.routes.unsubscribe) {
    await removeSubscription(connectionId, clubId);
    return { type: 'unsubscribed', clubId };
  }
  const verdict = (await readVerdicts(clubId, [connection])).get(connection.userId);
  if (verdict === 'not_found') return refusal('not_found', 'Club not found', clubId);
  if (verdict === 'not_active') return refusal(CLUB_NOT_ACTIVE.code, CLUB_NOT_ACTIVE.message, clubId);
  if (verdict !== 'allow') return refusal('forbidden', 'You do not have permission to do this', clubId);
  const result = await addSubscription(connection, clubId);
  if (result === 'too_many') {
    return refusal(
      'too_many_requests',
      `A connection follows at most ${LIVE.maxSubscriptionsPerConnection} clubs`,
      clubId,
    );
  }
  if (result === 'gone') return refusal('unauthorized', 'The connection is closed', clubId);
  return { type: 'subscribed', clubId };
}
