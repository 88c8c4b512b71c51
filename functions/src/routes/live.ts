/**
 * The WebSocket API's routes ($connect, $disconnect, subscribe, unsubscribe; shared/src/live.ts).
 * $connect consumes the single-use ticket in its query (LIVE.ticketParam), which names the person
 * the API issued it to; no ID token is taken. A message route answers the message the client
 * receives (the route's response).
 */
import { LIVE } from '@clubs/shared';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '../logger.ts';
import {
  closeConnection,
  handleClientMessage,
  openConnection,
  redeemTicket,
} from '../services/live/sessions.ts';

/** $connect carries the query of the socket's URL (API Gateway passes it on the connect event). */
type LiveEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined> | null;
};

export async function handler(event: LiveEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === LIVE.routes.connect) {
    const ticket = event.queryStringParameters?.[LIVE.ticketParam];
    if (!ticket) return { statusCode: 401 };
    // A ticket used before, expired or never issued opens nothing.
    const caller = await redeemTicket(ticket);
    if (!caller) {
      logger.info('refused a live connection with a ticket that is not good');
      return { statusCode: 403 };
    }
    // A person at the cap of open sockets is refused this one (the client retries later).
    if ((await openConnection(caller, connectionId)) === 'too_many') return { statusCode: 429 };
    return { statusCode: 200 };
  }
  if (routeKey === LIVE.routes.disconnect) {
    await closeConnection(connectionId);
    return { statusCode: 200 };
  }
  const answer = await handleClientMessage(connectionId, event.body);
  if (answer.type === 'error') logger.info('live message refused', { code: answer.code, routeKey });
  return { statusCode: 200, body: JSON.stringify(answer) };
}
