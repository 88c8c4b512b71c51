/**
 * The WebSocket API's routes ($connect, $disconnect, subscribe, unsubscribe; shared/src/live.ts).
 * $connect arrives after the authorizer verified the caller's ID token (live-authorizer.ts in
 * AWS, the same verifier in the local socket server), its claims in the authorizer context; a
 * message route answers the message the client receives (the route's response).
 */
import { LIVE } from '@clubs/shared';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { authFromClaims } from '../http/auth.ts';
import { logger } from '../logger.ts';
import { closeConnection, handleClientMessage, openConnection } from '../services/live/sessions.ts';

type LiveEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: APIGatewayProxyWebsocketEventV2['requestContext'] & {
    authorizer?: Record<string, string | number | boolean | undefined>;
  };
};

export async function handler(event: LiveEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === LIVE.routes.connect) {
    const caller = authFromClaims(event.requestContext.authorizer);
    if (!caller) return { statusCode: 401 };
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
