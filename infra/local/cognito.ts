/**
 * cognito-local, in-process, with its state under a folder of ours (`.local/cognito/db`), a
 * pool and an app client with stable ids, the super_admin group, and AWS-shaped issuers.
 *
 * cognito-local's own `createDefaultServer` keeps its state in `.cognito/` of the working
 * directory; this assembles the same services (its exported building blocks) around an
 * absolute folder instead. Its Lambda triggers are called through the Lambda Invoke API at
 * `lambdaEndpoint` (the local event bus serves it; see cognito-triggers.ts).
 */
import './quiet-sdk.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import Lambda from 'aws-sdk/clients/lambda.js';
import type { Config } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { COGNITO_TRIGGER_FUNCTIONS } from './cognito-triggers.ts';
import {
  COGNITO_ISSUER_DOMAIN,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  LOCAL_USER_POOL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
} from './config.ts';

type PinoLogger = Parameters<typeof createServer>[1];

export interface CognitoLocalOptions {
  port: number;
  host?: string;
  /** State folder; pools live in `<dataDir>/db`. */
  dataDir: string;
  /** Where cognito-local invokes its triggers (the Lambda Invoke API); no triggers when absent. */
  lambdaEndpoint?: string;
  userPoolId?: string;
  clientId?: string;
  /** pino level for cognito-local's own logs (env COGNITO_LOG_LEVEL); errors only by default. */
  logLevel?: string;
}

export interface CognitoLocal {
  url: string;
  userPoolId: string;
  clientId: string;
  jwksUrl: string;
  server: Server;
  stop(): Promise<void>;
}

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Writes the app client and the pool's groups into cognito-local's store. The pool's options are
 * left to cognito-local's AWS defaults (with e-mail as the username), which it applies at load.
 */
function provision(dbDir: string, userPoolId: string, clientId: string): void {
  mkdirSync(dbDir, { recursive: true });
  const now = new Date().toISOString();

  const clientsFile = join(dbDir, 'clients.json');
  const clients = readJson(clientsFile) as { Clients?: Record<string, unknown> };
  clients.Clients = {
    ...(clients.Clients ?? {}),
    [clientId]: {
      ClientId: clientId,
      ClientName: 'clubs-web',
      UserPoolId: userPoolId,
      CreationDate: now,
      LastModifiedDate: now,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // The same lifetimes as the deployed client: 1 h tokens, 30 days of refresh.
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      PreventUserExistenceErrors: 'ENABLED',
    },
  };
  writeFileSync(clientsFile, JSON.stringify(clients, null, 2));

  const poolFile = join(dbDir, `${userPoolId}.json`);
  const pool = existsSync(poolFile) ? readJson(poolFile) : { Users: {} };
  const groups = (pool.Groups ?? {}) as Record<string, unknown>;
  if (!groups[SUPER_ADMIN_GROUP]) {
    groups[SUPER_ADMIN_GROUP] = {
      GroupName: SUPER_ADMIN_GROUP,
      Description: 'Platform administrators',
      Precedence: 0,
      CreationDate: now,
      LastModifiedDate: now,
    };
    pool.Groups = groups;
    writeFileSync(poolFile, JSON.stringify(pool, null, 2));
  }
}

/**
 * There is no mail server locally: the codes Cognito would e-mail (password reset, e-mail change,
 * sign-up confirmation when not confirmed at once) are printed on the console instead, one line
 * each, whatever cognito-local's own log level. They are also stored on the user record.
 */
class CodePrintingMessages extends MessagesService {
  override async deliver(...args: Parameters<MessagesService['deliver']>): Promise<void> {
    const [, source, , , user, code, , delivery] = args;
    const confirmedSignUp = source === 'SignUp' && user.UserStatus === 'CONFIRMED';
    if (!confirmedSignUp) {
      console.log(`[cognito-local] ${source} code for ${delivery.Destination}: ${code}`);
    }
    await super.deliver(...args);
  }
}

function createLogger(level: string): PinoLogger {
  // pino is cognito-local's own dependency: resolve it from there.
  const fromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local'));
  const pino = fromCognitoLocal('pino') as (options: { level: string; base: null }) => PinoLogger;
  return pino({ level, base: null });
}

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const host = options.host ?? '127.0.0.1';
  const userPoolId = options.userPoolId ?? LOCAL_USER_POOL_ID;
  const clientId = options.clientId ?? LOCAL_USER_POOL_CLIENT_ID;
  const dbDir = join(options.dataDir, 'db');
  provision(dbDir, userPoolId, clientId);

  const config: Config = {
    LambdaClient: {
      credentials: { ...LOCAL_CREDENTIALS },
      region: LOCAL_REGION,
      ...(options.lambdaEndpoint ? { endpoint: options.lambdaEndpoint } : {}),
      maxRetries: 0,
      httpOptions: { timeout: 10_000 },
    },
    TriggerFunctions: options.lambdaEndpoint ? { ...COGNITO_TRIGGER_FUNCTIONS } : {},
    // As deployed (infra/lib/auth.ts: autoVerify and keepOriginal for e-mail): an e-mail change
    // takes effect once the code sent to the new address is confirmed.
    UserPoolDefaults: {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    },
    KMSConfig: { credentials: { ...LOCAL_CREDENTIALS }, region: LOCAL_REGION },
    TokenConfig: { IssuerDomain: COGNITO_ISSUER_DOMAIN },
    ServerConfig: { port: options.port, hostname: host, development: false, https: false },
  };

  const logger = createLogger(options.logLevel ?? process.env.COGNITO_LOG_LEVEL ?? 'error');
  const ctx = { logger };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, new Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new CodePrintingMessages(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = await createServer(Router(services), logger, config.ServerConfig, services).start();
  const url = `http://${host}:${options.port}`;
  return {
    url,
    userPoolId,
    clientId,
    jwksUrl: `${url}/${userPoolId}/.well-known/jwks.json`,
    server: server as Server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server).closeAllConnections();
      }),
  };
}
