/**
 * Where the local stack runs: its data folder, host and ports, read from the environment. Kept
 * apart from config.ts (which loads the shared package) so that `npm start` can check its ports
 * and start DynamoDB Local's JVM and Vite before it loads anything else (start.ts).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PortClaim } from './ports.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface LocalPorts {
  app: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  gateway: number;
  events: number;
  stripe: number;
  ses: number;
}

export interface LocalPlaces {
  root: string;
  localDir: string;
  host: string;
  ports: LocalPorts;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`${name}=${raw} is not a port number (1-65535)`);
  }
  return value;
}

export function localPlaces(env: NodeJS.ProcessEnv = process.env): LocalPlaces {
  return {
    root: REPO_ROOT,
    localDir: resolve(env.LOCAL_DIR || join(REPO_ROOT, '.local')),
    // Every emulator binds the loopback address only; the app is served on "localhost".
    host: '127.0.0.1',
    ports: {
      app: port(env, 'PORT', 5173),
      dynamodb: port(env, 'DYNAMODB_PORT', 8000),
      cognito: port(env, 'COGNITO_PORT', 9229),
      s3: port(env, 'S3_PORT', 4568),
      gateway: port(env, 'GATEWAY_PORT', 3030),
      events: port(env, 'EVENTS_PORT', 4010),
      stripe: port(env, 'STRIPE_PORT', 12111),
      ses: port(env, 'SES_PORT', 8005),
    },
  };
}

/** The media bucket's name (s3rver's, and the functions'). */
export const mediaBucketOf = (env: NodeJS.ProcessEnv): string => env.MEDIA_BUCKET || 'clubs-media';

/** Stripe's own test mode's key when STRIPE_SECRET_KEY is set; the local simulator otherwise. */
export const stripeSecretKeyOf = (env: NodeJS.ProcessEnv): string | undefined =>
  env.STRIPE_SECRET_KEY?.trim() || undefined;

/** The ports the stack listens on, each with what needs it and the variable that moves it. */
export function portClaims({ ports }: LocalPlaces, env: NodeJS.ProcessEnv = process.env): PortClaim[] {
  return [
    { port: ports.app, service: 'the app (Vite)', envVar: 'PORT' },
    { port: ports.dynamodb, service: 'DynamoDB Local', envVar: 'DYNAMODB_PORT' },
    { port: ports.cognito, service: 'cognito-local', envVar: 'COGNITO_PORT' },
    { port: ports.s3, service: 's3rver', envVar: 'S3_PORT' },
    { port: ports.gateway, service: 'the local API gateway', envVar: 'GATEWAY_PORT' },
    { port: ports.events, service: 'the local event bus', envVar: 'EVENTS_PORT' },
    { port: ports.ses, service: 'the SES v2 emulator', envVar: 'SES_PORT' },
    ...(stripeSecretKeyOf(env)
      ? []
      : [{ port: ports.stripe, service: 'the local Stripe simulator', envVar: 'STRIPE_PORT' }]),
  ];
}

export const urlOf = (host: string, port: number) => `http://${host}:${port}`;
