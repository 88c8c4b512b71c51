/**
 * Port checks, so `npm start` fails at once with a clear message instead of half-starting, and
 * free ports for whatever starts a server of its own (tests, benchmarks).
 */
import { type AddressInfo, createServer, type Server } from 'node:net';

export interface PortClaim {
  port: number;
  /** What needs the port, e.g. "DynamoDB Local". */
  service: string;
  /** The environment variable that moves it. */
  envVar: string;
  host?: string;
}

/** A port no one listens on right now, chosen by the system (a later listener may still take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server listening (port 0: one the system picks) and answers the port it got. */
export async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/**
 * The environment that puts a whole local stack (`infra/local/start.ts`) on eight ports from
 * `base`: the app on `base`, then DynamoDB Local, cognito-local, s3rver, the gateway, the event
 * bus, the Stripe simulator and the SES emulator.
 */
export const stackPortsEnv = (base: number): Record<string, string> => ({
  PORT: String(base),
  DYNAMODB_PORT: String(base + 1),
  COGNITO_PORT: String(base + 2),
  S3_PORT: String(base + 3),
  GATEWAY_PORT: String(base + 4),
  EVENTS_PORT: String(base + 5),
  STRIPE_PORT: String(base + 6),
  SES_PORT: String(base + 7),
});

function probe(port: number, host: string): Promise<'free' | 'taken' | 'unavailable'> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      // A host this machine does not have (e.g. ::1 without IPv6) cannot be in use.
      resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? 'taken' : 'unavailable');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
  });
}

/** Throws one message listing every port in use (checked on IPv4 and IPv6 loopback). */
export async function assertPortsFree(claims: readonly PortClaim[]): Promise<void> {
  const seen = new Map<number, string>();
  const problems: string[] = [];
  for (const claim of claims) {
    const other = seen.get(claim.port);
    if (other) problems.push(`port ${claim.port} is configured for both ${other} and ${claim.service}`);
    seen.set(claim.port, claim.service);
  }
  const results = await Promise.all(
    claims.map(async (claim) => {
      const hosts = claim.host ? [claim.host] : ['127.0.0.1', '::1'];
      const states = await Promise.all(hosts.map((host) => probe(claim.port, host)));
      return { claim, taken: states.includes('taken') };
    }),
  );
  for (const { claim, taken } of results) {
    if (taken) {
      problems.push(
        `port ${claim.port} (${claim.service}) is already in use — stop whatever uses it, ` +
          `or choose another port with ${claim.envVar}=<port>`,
      );
    }
  }
  if (problems.length > 0) {
    throw new Error(`Cannot start the local stack:\n  - ${problems.join('\n  - ')}`);
  }
}
