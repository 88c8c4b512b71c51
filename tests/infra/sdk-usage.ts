/**
 * The resource uses a function's shipped code needs, read from its bundle: every AWS SDK name
 * the bundled (tree-shaken, unminified) code references, mapped to the use it needs. Names an
 * import statement brings in but no kept code calls do not count, nor do modules the group can
 * only reach through a module it never runs (`unreachable`: the access check's club loading, in
 * a group without club routes). A referenced SDK name this table does not know is reported, so a
 * new kind of call cannot slip through unclassified. What a presigned URL or form lets the
 * browser do counts as the function's own call: a presigned GET is signed for a GetObjectCommand,
 * and the bundled createPresignedPost names PutObjectCommand.
 */

import path from 'node:path';
import { bundleHandler } from '@clubs/infra/lib/bundle.ts';
import { handlerEntry, REPO_ROOT } from '@clubs/infra/lib/paths.ts';
import type { ResourceUse } from '@clubs/shared';
import type { Metafile } from 'esbuild';

/** SDK package → exported name → the uses calling it needs ([] for clients, signers, helpers). */
const SDK_NAMES: Readonly<Record<string, Readonly<Record<string, readonly ResourceUse[]>>>> = {
  // Powertools' Idempotency utility sends its own commands (data/idempotency.ts).
  '@aws-sdk/client-dynamodb': {
    DynamoDBClient: [],
    ConditionalCheckFailedException: [],
    GetItemCommand: ['table:read'],
    PutItemCommand: ['table:write'],
    UpdateItemCommand: ['table:write'],
    DeleteItemCommand: ['table:write'],
  },
  '@aws-sdk/lib-dynamodb': {
    DynamoDBDocumentClient: [],
    GetCommand: ['table:read'],
    BatchGetCommand: ['table:read'],
    QueryCommand: ['table:read'],
    TransactGetCommand: ['table:read'],
    PutCommand: ['table:write'],
    UpdateCommand: ['table:write'],
    DeleteCommand: ['table:write'],
    TransactWriteCommand: ['table:write'],
  },
  '@aws-sdk/client-s3': {
    S3Client: [],
    HeadObjectCommand: ['media:read'],
    GetObjectCommand: ['media:read'],
    PutObjectCommand: ['media:upload'],
    PutObjectTaggingCommand: ['media:upload'],
    CopyObjectCommand: ['media:read', 'media:upload'],
    DeleteObjectCommand: ['media:delete'],
    DeleteObjectsCommand: ['media:delete'],
  },
  '@aws-sdk/util-dynamodb': { marshall: [], unmarshall: [] },
  '@aws-sdk/client-eventbridge': { EventBridgeClient: [], PutEventsCommand: ['events:put'] },
  '@aws-sdk/client-bedrock-runtime': { BedrockRuntimeClient: [], ConverseCommand: ['ai:outline'] },
  '@aws-sdk/client-sesv2': { SESv2Client: [], SendEmailCommand: ['email:send'] },
  '@aws-sdk/client-apigatewaymanagementapi': {
    ApiGatewayManagementApiClient: [],
    PostToConnectionCommand: ['live:post'],
    DeleteConnectionCommand: ['live:close'],
    GoneException: [],
  },
  '@aws-sdk/client-scheduler': {
    SchedulerClient: [],
    CreateScheduleCommand: ['schedules:manage'],
    UpdateScheduleCommand: ['schedules:manage'],
    DeleteScheduleCommand: ['schedules:manage'],
  },
  // Which secret is read is told by the environment variable naming it (SECRET_ENVIRONMENT).
  '@aws-sdk/client-secrets-manager': { SecretsManagerClient: [], GetSecretValueCommand: [] },
};

/** The environment variable that names a secret, and the use reading that secret is. */
const SECRET_ENVIRONMENT: Readonly<Record<string, ResourceUse>> = {
  STRIPE_SECRET_KEY_ARN: 'stripe:api',
  STRIPE_WEBHOOK_SECRET_ARN: 'stripe:webhook-secret',
  LINK_SIGNING_SECRET_ARN: 'links:sign',
};

export interface CodeUses {
  readonly uses: ReadonlySet<ResourceUse>;
  /** Referenced SDK names, as `package#name`. */
  readonly calls: readonly string[];
  /** Referenced SDK names SDK_NAMES does not classify. */
  readonly unknown: readonly string[];
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"(@aws-sdk\/[^"]+)";?/g;

/** The project files reachable from the entry without passing through `unreachable`. */
function reachableInputs(metafile: Metafile, entry: string, unreachable: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (seen.has(path) || unreachable.includes(path)) continue;
    seen.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) {
      if (!imported.external) queue.push(imported.path);
    }
  }
  return seen;
}

/** The unminified bundle cut into the code of each input: esbuild heads each with `// {path}`. */
function codeByInput(text: string): Map<string, string> {
  const parts = new Map<string, string>();
  const pieces = text.split(/^\/\/ ((?:functions|shared|node_modules)\/\S+)$/m);
  for (let i = 1; i < pieces.length; i += 2) {
    const path = pieces[i] ?? '';
    parts.set(path, `${parts.get(path) ?? ''}${pieces[i + 1] ?? ''}`);
  }
  return parts;
}

export async function codeUsesOf(handler: string, unreachable: readonly string[] = []): Promise<CodeUses> {
  const entry = handlerEntry(handler);
  const { js, metafile } = await bundleHandler(handler, entry, { minify: false, sourcemap: false });
  const text = js.text;
  const reachable = reachableInputs(metafile, path.relative(REPO_ROOT, entry), unreachable);
  const reachableCode = [...codeByInput(text)].filter(([input]) => reachable.has(input));
  const body = reachableCode
    .map(([, code]) => code)
    .join('\n')
    .replace(IMPORT, '');
  const uses = new Set<ResourceUse>();
  const calls = new Set<string>();
  const unknown = new Set<string>();
  for (const [, names = '', pkg = ''] of text.matchAll(IMPORT)) {
    for (const specifier of names
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
      if (!new RegExp(`(?<![\\w$])${local.replace(/\$/g, '\\$')}(?![\\w$])`).test(body)) continue;
      calls.add(`${pkg}#${imported}`);
      const needs = SDK_NAMES[pkg]?.[imported];
      if (!needs) unknown.add(`${pkg}#${imported}`);
      for (const use of needs ?? []) uses.add(use);
    }
  }
  if (calls.has('@aws-sdk/client-secrets-manager#GetSecretValueCommand')) {
    for (const [variable, use] of Object.entries(SECRET_ENVIRONMENT)) {
      if (new RegExp(`process\\.env\\.${variable}\\b`).test(body)) uses.add(use);
    }
  }
  return { uses, calls: [...calls].sort(), unknown: [...unknown].sort() };
}
