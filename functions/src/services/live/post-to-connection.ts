/**
 * Sends one message to one WebSocket connection through the API Gateway management API
 * (`POST /@connections/{id}`), or closes one (`DELETE`), locally answered by the local socket
 * server at the same path. A connection the API no longer knows answers 410 Gone: the caller
 * drops it.
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { LiveServerMessage } from '@clubs/shared';
import { env } from '../../env.ts';

let client: ApiGatewayManagementApiClient | undefined;

function managementClient(): ApiGatewayManagementApiClient {
  const endpoint = env.liveEndpoint;
  if (!endpoint) throw new Error('LIVE_ENDPOINT is not set');
  client ??= new ApiGatewayManagementApiClient({ endpoint, region: env.region, maxAttempts: 2 });
  return client;
}

export type PostOutcome = 'sent' | 'gone';

const isGone = (error: unknown): boolean =>
  error instanceof GoneException ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

export async function postToConnection(
  connectionId: string,
  message: LiveServerMessage,
): Promise<PostOutcome> {
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }),
    );
    return 'sent';
  } catch (error) {
    if (isGone(error)) return 'gone';
    throw error;
  }
}

/** Closes one connection; one already gone is closed as well. */
export async function closeSocket(connectionId: string): Promise<void> {
  try {
    await managementClient().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
