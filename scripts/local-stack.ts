/**
 * The whole local stack (`infra/local/start.ts`) as a child process for a script that measures
 * it: on eight ports from `base` (stackPortsEnv), with a fresh data folder and its demo data. The
 * child is the stack's own Node process (no npx or tsx launcher between), so its pid is the one
 * whose memory a benchmark reads.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stackPortsEnv } from '@clubs/infra/local/ports.ts';
import { LIVE, type LiveServerMessage } from '@clubs/shared';
import WebSocket from 'ws';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface LocalStack {
  /** The app (Vite) on `base`. */
  readonly appUrl: string;
  /** The local API gateway, the handlers behind `/api`. */
  readonly gatewayUrl: string;
  readonly cognitoUrl: string;
  readonly stripeUrl: string;
  readonly sesUrl: string;
  readonly dynamodbEndpoint: string;
  readonly child: ChildProcess;
  /** Stops the stack (SIGTERM, then SIGKILL after 40 s) and removes its data folder. */
  stop(): Promise<void>;
}

/** A request line of the stack's console (`GET    /api/… 503 12 ms group`) that answered 5xx. */
const SERVER_ERROR_LINE = /^[A-Z]+ +\S+ 5\d\d /;

/**
 * After the start banner, the stack's own reports (its `[…]` lines, a stop) and requests answered
 * 5xx reach our console; the other request lines do not.
 */
function forwardReports(child: ChildProcess): void {
  if (!child.stdout) return;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('[') || SERVER_ERROR_LINE.test(line)) console.log(line);
  });
}

/** Starts the stack and resolves once it printed "Ready:"; its stderr goes to ours. */
export async function startLocalStack(base: number, prefix: string): Promise<LocalStack> {
  const localDir = mkdtempSync(path.join(tmpdir(), prefix));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...stackPortsEnv(base),
      LOCAL_DIR: localDir,
      // A measurement runs the digests' schedules itself, if at all.
      LOCAL_SCHEDULE_SECONDS: process.env.LOCAL_SCHEDULE_SECONDS ?? '0',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready:')) {
        child.stdout?.off('data', onData);
        forwardReports(child);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the local stack stopped (${code}) before it was ready:\n${output}`)),
    );
  });
  const ports = stackPortsEnv(base);
  const url = (name: string) => `http://127.0.0.1:${ports[name]}`;
  return {
    appUrl: `http://localhost:${base}`,
    gatewayUrl: url('GATEWAY_PORT'),
    cognitoUrl: url('COGNITO_PORT'),
    stripeUrl: url('STRIPE_PORT'),
    sesUrl: url('SES_PORT'),
    dynamodbEndpoint: url('DYNAMODB_PORT'),
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(localDir, { recursive: true, force: true });
    },
  };
}

/** The demo accounts' password (infra/local/seed/data.ts). */
const DEMO_PASSWORD = 'DemoPass123!';

/** A demo account's ID token from the stack's Cognito, signed in as the SPA signs in locally. */
export async function demoIdToken(appUrl: string, email: string): Promise<string> {
  const config = (await (await fetch(`${appUrl}/config.json`)).json()) as {
    userPoolClientId: string;
    userPoolEndpoint: string;
  };
  const answer = await fetch(`${appUrl}${config.userPoolEndpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  });
  const body = (await answer.json()) as { AuthenticationResult?: { IdToken?: string } };
  const token = body.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`no token for ${email}`);
  return token;
}

/**
 * A live socket of `token`'s through the app's origin (the Vite proxy), as the SPA opens it: a
 * ticket of its own asked of the API first. Resolves once open; every server message goes to
 * `onMessage`.
 */
export async function openLiveSocket(
  appUrl: string,
  token: string,
  onMessage: (message: LiveServerMessage) => void,
): Promise<WebSocket> {
  const issued = await fetch(`${appUrl}/api/me/live-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { ticket } = (await issued.json()) as { ticket: string };
  const socket = new WebSocket(`${appUrl.replace('http', 'ws')}${LIVE.path}?${LIVE.ticketParam}=${ticket}`);
  socket.on('message', (data) => onMessage(JSON.parse(String(data)) as LiveServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}
