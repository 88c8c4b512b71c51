/**
 * Settings of the local stack (`npm start`): ports, folders and the stable ids of the local
 * Cognito pool. Everything can be overridden by environment variables.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_BUS, TABLE } from '@clubs/shared';
import { localSchedulerEnvironment } from './scheduler.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** cognito-local accepts any id; this one has AWS's shape, so issuers look like AWS's. */
export const LOCAL_USER_POOL_ID = 'us-east-1_LocalPool1';
export const LOCAL_USER_POOL_CLIENT_ID = 'clubslocalclient0000000001';
export const LOCAL_REGION = 'us-east-1';
/** Tokens carry `https://cognito-idp.us-east-1.amazonaws.com/<pool>` as issuer, like AWS. */
export const COGNITO_ISSUER_DOMAIN = `https://cognito-idp.${LOCAL_REGION}.amazonaws.com`;
/**
 * The one key pair of the local stack: s3rver knows only S3RVER/S3RVER, DynamoDB Local accepts
 * any key of letters and digits, cognito-local ignores keys. AWS never sees these.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalConfig {
  root: string;
  localDir: string;
  host: string;
  ports: {
    app: number;
    dynamodb: number;
    cognito: number;
    s3: number;
    gateway: number;
    events: number;
    stripe: number;
    ses: number;
  };
  tableName: string;
  mediaBucket: string;
  eventBusName: string;
  seed: boolean;
  logLevel: string;
  stripe: LocalStripe;
}

/**
 * Stripe locally: the simulator (infra/local/stripe-simulator) unless STRIPE_SECRET_KEY is set,
 * in which case Stripe's own test mode is used with that key and the webhook secret of
 * `stripe listen --forward-to localhost:<PORT>/api/webhooks/stripe` (README, docs/DEPLOY.md).
 */
export interface LocalStripe {
  mode: 'simulator' | 'stripe';
  secretKey: string;
  webhookSecret: string;
  creatorPriceMonthly: string;
  creatorPriceAnnual: string;
}

/** The simulator's keys: not secrets, they only open the local simulator. */
export const LOCAL_STRIPE_KEYS = {
  secretKey: 'sk_test_clubs_local_simulator',
  webhookSecret: 'whsec_clubs_local_simulator',
} as const;

function localStripe(env: NodeJS.ProcessEnv): LocalStripe {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const prices = {
    creatorPriceMonthly: env.STRIPE_CREATOR_PRICE_MONTHLY?.trim() || 'clubs_creator_monthly',
    creatorPriceAnnual: env.STRIPE_CREATOR_PRICE_ANNUAL?.trim() || 'clubs_creator_annual',
  };
  if (!secretKey) return { mode: 'simulator', ...LOCAL_STRIPE_KEYS, ...prices };
  return { mode: 'stripe', secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() ?? '', ...prices };
}

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`${name}=${raw} is not a port number (1-65535)`);
  }
  return value;
}

export function loadLocalConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  return {
    root: REPO_ROOT,
    localDir: resolve(env.LOCAL_DIR || join(REPO_ROOT, '.local')),
    // Every emulator binds the loopback address only; the app is served on "localhost".
    host: '127.0.0.1',
    ports: {
      app: port('PORT', 5173),
      dynamodb: port('DYNAMODB_PORT', 8000),
      cognito: port('COGNITO_PORT', 9229),
      s3: port('S3_PORT', 4568),
      gateway: port('GATEWAY_PORT', 3030),
      events: port('EVENTS_PORT', 4010),
      stripe: port('STRIPE_PORT', 12111),
      ses: port('SES_PORT', 8005),
    },
    tableName: env.TABLE_NAME || TABLE.defaultName,
    mediaBucket: env.MEDIA_BUCKET || 'clubs-media',
    eventBusName: env.EVENT_BUS_NAME || EVENT_BUS.defaultName,
    seed: env.SEED !== '0' && env.SEED !== 'false',
    logLevel: env.POWERTOOLS_LOG_LEVEL || 'WARN',
    stripe: localStripe(env),
  };
}

export const urlOf = (host: string, port: number) => `http://${host}:${port}`;

/** The From address of the local stack's mail (the SES emulator takes any). */
export const LOCAL_EMAIL_FROM = 'Clubs <no-reply@clubs.local>';

/** The local stack's secret that signs e-mails' unsubscribe links. */
export const LOCAL_LINK_SIGNING_SECRET = 'local-link-signing-secret';

/**
 * The environment the handlers read (functions/src/env.ts and the AWS SDK): what CDK sets in
 * AWS, pointed at the local emulators.
 */
export function handlerEnvironment(config: LocalConfig): Record<string, string> {
  const { host, ports } = config;
  return {
    TABLE_NAME: config.tableName,
    DYNAMODB_ENDPOINT: urlOf(host, ports.dynamodb),
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    MEDIA_BUCKET: config.mediaBucket,
    S3_ENDPOINT: urlOf(host, ports.s3),
    EVENT_BUS_NAME: config.eventBusName,
    EVENTBRIDGE_ENDPOINT: urlOf(host, ports.events),
    // EventBridge Scheduler's API is the local bus's own (scheduler.ts).
    ...localSchedulerEnvironment(urlOf(host, ports.events), config.eventBusName),
    // The live WebSocket's management API (POST /@connections/{id}) is the gateway's own.
    LIVE_ENDPOINT: urlOf(host, ports.gateway),
    USER_POOL_ID: LOCAL_USER_POOL_ID,
    USER_POOL_CLIENT_ID: LOCAL_USER_POOL_CLIENT_ID,
    COGNITO_ENDPOINT: urlOf(host, ports.cognito),
    POWERTOOLS_LOG_LEVEL: config.logLevel,
    POWERTOOLS_SERVICE_NAME: 'clubs-local',
    APP_URL: `http://localhost:${ports.app}`,
    SES_ENDPOINT: urlOf(host, ports.ses),
    EMAIL_FROM: LOCAL_EMAIL_FROM,
    // What Secrets Manager holds in AWS (LINK_SIGNING_SECRET_ARN); a fixed value is enough locally.
    LINK_SIGNING_SECRET: process.env.LINK_SIGNING_SECRET || LOCAL_LINK_SIGNING_SECRET,
    ...stripeEnvironment(config),
  };
}

/** What CDK gives the functions with `stripeApi` and `stripeWebhookSecret`, for the local stack. */
export function stripeEnvironment(config: LocalConfig): Record<string, string> {
  const { stripe, host, ports } = config;
  return {
    SITE_URL: `http://localhost:${ports.app}`,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_CREATOR_PRICE_MONTHLY: stripe.creatorPriceMonthly,
    STRIPE_CREATOR_PRICE_ANNUAL: stripe.creatorPriceAnnual,
    STRIPE_LIVEMODE: 'false',
    // Empty: the SDK talks to api.stripe.com.
    STRIPE_API_BASE: stripe.mode === 'simulator' ? urlOf(host, ports.stripe) : '',
  };
}

/**
 * Points this process at the local emulators. Overwrites: a developer's real AWS variables must
 * never leak into the local stack (the values that may be chosen are read by loadLocalConfig).
 */
export function applyEnvironment(values: Record<string, string>, env: NodeJS.ProcessEnv = process.env): void {
  Object.assign(env, values);
}
