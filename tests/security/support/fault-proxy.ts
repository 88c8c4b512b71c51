/**
 * A TCP proxy in front of an emulator, so a test can take the service away at an exact moment:
 * `down()` refuses every connection (the service is gone), and `onRequest` sees each request's
 * first bytes, e.g. to stop DynamoDB Local right after a transaction was sent to it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface FaultProxy {
  url: string;
  /** Connections made to the proxy so far. */
  connections(): number;
  down(): void;
  up(): void;
  /** Called with each chunk a client sends, after it was forwarded. */
  onRequest(hook: ((chunk: Buffer) => void) | null): void;
  stop(): Promise<void>;
}

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let isDown = false;
  let hook: ((chunk: Buffer) => void) | null = null;
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    count += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      hook?.(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    down() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      isDown = false;
    },
    onRequest(next) {
      hook = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
