/**
 * The local stand-in for the API Gateway WebSocket API, on the local gateway's own server: an
 * upgrade at LIVE.path with a ticket in the query (refused without one, as the $connect authorizer
 * does in AWS) is handed to $connect, which consumes the ticket; $connect, $disconnect and each
 * message (routed by its `action`, else $default) invoke the `live` handler module with the
 * WebSocket event API Gateway would send, and a message route's answer goes back to the client.
 * The management API's `POST /@connections/{id}` (and DELETE) is answered here too, so the
 * fan-out posts with the real ApiGatewayManagementApiClient and the sign-out closes with it; a
 * connection that is gone answers 410.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE } from '@clubs/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import { type HandlerRegistry, invokeHandler } from './lambda-runtime.ts';
import { PayloadTooLarge, readBody } from './read-body.ts';

/** API Gateway's limits: a WebSocket frame of 32 KB, a posted message of 128 KB. */
const MAX_FRAME_BYTES = 32 * 1024;
const MAX_POST_BYTES = 128 * 1024;
const HANDLER_TIMEOUT_MS = 10_000;
const CONNECTIONS_PATH = /^\/@connections\/([^/]+)$/;

export interface LiveSocketOptions {
  registry: HandlerRegistry;
  /** Whether the gateway serves requests yet (closed while the stack seeds). */
  isOpen(): boolean;
  onError?: (error: unknown, context: { group?: string; path: string }) => void;
}

export interface LiveSocket {
  /** Answers a management API request (`/@connections/{id}`); false when the path is another. */
  handleManagement(req: IncomingMessage, res: ServerResponse): boolean;
  /** How many connections are open (benchmarks read it). */
  size(): number;
  close(): void;
}

interface Connection {
  socket: WebSocket;
  connectedAt: number;
}

const refuseUpgrade = (socket: Duplex, status: number, reason: string) => {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
};

/** Connection ids in API Gateway's shape (12 base64 characters and '='). */
const newConnectionId = () => `${randomBytes(11).toString('base64').slice(0, 14)}=`;

export function attachLiveSocket(server: Server, options: LiveSocketOptions): LiveSocket {
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  const invoke = async (
    routeKey: string,
    eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE',
    connectionId: string,
    connectedAt: number,
    extra: { body?: string; query?: Record<string, string> } = {},
  ): Promise<{ statusCode?: number; body?: string } | undefined> => {
    const { body, query } = extra;
    const now = Date.now();
    const event = {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        messageDirection: 'IN',
        extendedRequestId: randomUUID(),
        requestId: randomUUID(),
        requestTimeEpoch: now,
        connectedAt,
        stage: 'live',
        domainName: 'localhost',
        apiId: 'local',
        authorizer: { principalId: 'live-ticket' },
      },
      ...(query === undefined ? {} : { queryStringParameters: query }),
      ...(body === undefined ? {} : { body }),
      isBase64Encoded: false,
    };
    const handler = await options.registry.get('live');
    return (await invokeHandler(handler, event, 'clubs-local-live', HANDLER_TIMEOUT_MS)) as
      | { statusCode?: number; body?: string }
      | undefined;
  };

  const onConnection = (connectionId: string, connection: Connection) => {
    const { socket, connectedAt } = connection;
    socket.on('message', (data, isBinary) => {
      const body = isBinary ? '' : data.toString();
      let action: unknown;
      try {
        action = (JSON.parse(body) as { action?: unknown } | null)?.action;
      } catch {
        action = undefined;
      }
      const routeKey =
        action === LIVE.routes.subscribe || action === LIVE.routes.unsubscribe ? action : '$default';
      invoke(routeKey, 'MESSAGE', connectionId, connectedAt, { body }).then(
        (answer) => {
          if (answer?.body && socket.readyState === socket.OPEN) socket.send(answer.body);
        },
        (error: unknown) => options.onError?.(error, { group: 'live', path: LIVE.path }),
      );
    });
    socket.on('close', () => {
      connections.delete(connectionId);
      invoke(LIVE.routes.disconnect, 'DISCONNECT', connectionId, connectedAt).catch((error: unknown) =>
        options.onError?.(error, { group: 'live', path: LIVE.path }),
      );
    });
    socket.on('error', () => socket.terminate());
  };

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    if (url.pathname !== LIVE.path) return refuseUpgrade(socket, 404, 'Not Found');
    if (!options.isOpen()) return refuseUpgrade(socket, 503, 'Service Unavailable');
    const ticket = url.searchParams.get(LIVE.ticketParam);
    // What API Gateway answers when the authorizer's identity source is missing: 401.
    if (!ticket) return refuseUpgrade(socket, 401, 'Unauthorized');
    const connectionId = newConnectionId();
    const connectedAt = Date.now();
    const answer = await invoke(LIVE.routes.connect, 'CONNECT', connectionId, connectedAt, {
      query: Object.fromEntries(url.searchParams),
    });
    const status = answer?.statusCode ?? 200;
    if (status < 200 || status >= 300) return refuseUpgrade(socket, status, 'Refused');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = { socket: ws, connectedAt };
      connections.set(connectionId, connection);
      onConnection(connectionId, connection);
    });
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((error: unknown) => {
      options.onError?.(error, { group: 'live', path: LIVE.path });
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  });

  const gone = (res: ServerResponse) => {
    const body = JSON.stringify({ message: 'The connection is gone' });
    res.writeHead(410, {
      'content-type': 'application/json',
      'x-amzn-errortype': 'GoneException',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  };

  const manage = async (req: IncomingMessage, res: ServerResponse, connectionId: string) => {
    const connection = connections.get(connectionId);
    if (req.method === 'DELETE') {
      req.resume();
      if (!connection) return gone(res);
      connection.socket.close(1000);
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      res.writeHead(405, { 'content-type': 'application/json' }).end('{"message":"Method not allowed"}');
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_POST_BYTES);
    } catch (error) {
      if (!(error instanceof PayloadTooLarge)) throw error;
      res.writeHead(413, {
        'content-type': 'application/json',
        'x-amzn-errortype': 'PayloadTooLargeException',
      });
      res.end('{"message":"Payload too large"}');
      return;
    }
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) return gone(res);
    connection.socket.send(body.toString('utf8'));
    res.writeHead(200, { 'content-length': '0' }).end();
  };

  return {
    handleManagement(req, res) {
      const match = CONNECTIONS_PATH.exec(new URL(req.url ?? '/', 'http://gateway.local').pathname);
      if (!match) return false;
      manage(req, res, decodeURIComponent(match[1] ?? '')).catch((error: unknown) => {
        options.onError?.(error, { path: '/@connections' });
        if (!res.headersSent) res.writeHead(500).end();
      });
      return true;
    },
    size: () => connections.size,
    close() {
      for (const { socket } of connections.values()) socket.terminate();
      wss.close();
    },
  };
}
