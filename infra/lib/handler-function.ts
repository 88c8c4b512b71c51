/**
 * One Lambda function built from functions/src/{routes,consumers,triggers}/{name}.ts, the same way
 * for every handler: esbuild on this machine (no Docker), minified ESM for arm64 on the newest
 * Node LTS runtime aws-cdk-lib offers, the AWS SDK v3 clients taken from that runtime (see
 * BUNDLE_SETTINGS), explicit memory and timeout, its own log group with a retention, active tracing, and its own
 * role that starts with nothing but writing to that log group. Grants are added by the caller.
 */

import { execFileSync } from 'node:child_process';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { FUNCTION_TIMEOUT_SECONDS } from '@clubs/shared';
import {
  AssetHashType,
  AssetStaging,
  DockerImage,
  Duration,
  type ILocalBundling,
  RemovalPolicy,
  Validations,
} from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type BuildOptions, buildSync } from 'esbuild';
import { HANDLER_DIRS, handlerEntry, REPO_ROOT } from './paths.ts';

/**
 * The AWS SDK v3 client packages a function may import from the Lambda runtime: long-standing
 * clients the Node.js runtimes have shipped since SDK v3 became their SDK. A new one is a
 * decision (tests/infra/runtime-sdk.test.ts holds every function to this list).
 */
export const RUNTIME_SDK_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  // marshall/unmarshall, which the runtime's lib-dynamodb itself imports: Powertools' Idempotency
  // utility (the Stripe consumer) converts its items with it.
  '@aws-sdk/util-dynamodb',
  '@aws-sdk/client-eventbridge',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-s3',
  // SendEmail with Simple content, unchanged since SES v2 came out (2019).
  '@aws-sdk/client-sesv2',
  // Converse (courses' outline drafts), in the SDK since May 2024, long before the Node.js 24
  // runtime's first SDK release.
  '@aws-sdk/client-bedrock-runtime',
  // PostToConnection (live updates' fan-out), unchanged since WebSocket APIs came out (2018).
  '@aws-sdk/client-apigatewaymanagementapi',
  // Create/Update/DeleteSchedule with ActionAfterCompletion (event reminders), in the SDK since
  // November 2023, long before the Node.js 24 runtime's first SDK release.
  '@aws-sdk/client-scheduler',
] as const;

/** Node.js 24 is the newest LTS line aws-cdk-lib offers a Lambda runtime for. */
export const NODE_RUNTIME = Runtime.NODEJS_24_X;

/**
 * ESM output cannot `require`; some bundled dependencies are CommonJS and do. The banner gives
 * the module a real `require` (esbuild's shim calls it for Node built-ins).
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __clubsCreateRequire } from 'node:module'; const require = __clubsCreateRequire(import.meta.url);";

/**
 * The esbuild settings every handler is bundled with, in esbuild's own terms: `cdk synth` and
 * `cdk deploy` bundle with exactly these (bundleEveryHandler), and so does a bundle measurement
 * (`npm run bench:bundle`, from esbuild's metafile).
 */
export const BUNDLE_SETTINGS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  // esbuild's default, non-ASCII characters escaped: the bytes the functions have always shipped
  // (NodejsFunction, which bundled them before, never passed a charset on to esbuild).
  charset: 'ascii',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  /**
   * The AWS SDK v3 clients are not bundled: the Lambda Node.js runtimes (18 and later) ship them,
   * and the ESM bundle imports them from there like installed packages. Only these long-standing
   * client packages are taken from the runtime (RUNTIME_SDK_PACKAGES); everything else is bundled
   * from the lock file, the presigners (`@aws-sdk/s3-request-presigner`,
   * `@aws-sdk/s3-presigned-post`) and the SDK core parts they need included, since the runtime
   * does not promise to ship them, nor the versions of them these presigners were built against.
   * The price: the clients are the runtime's SDK release, not the lock file's
   * (docs/DEPLOY.md, "Function bundles").
   */
  external: [...RUNTIME_SDK_PACKAGES],
} satisfies BuildOptions;

/** The folder, beside CDK's bundling folder of a function, its bundle is written to first. */
const BUNDLED_PREFIX = 'bundling-handler-';

/** Per asset folder, the handlers bundled into it that no function has taken yet. */
const untaken = new Map<string, Set<string>>();

/**
 * Bundles every handler entry of functions/src/{routes,consumers,triggers} in one esbuild run,
 * each to `{assetDir}/bundling-handler-{name}/index.mjs` with its source map. One run parses the
 * modules the handlers share once, on every core; one run per function (as NodejsFunction bundles:
 * `npx esbuild` per function, one after the other) parses them again for each. Each bundle is byte
 * for byte the one a run of its own writes: without code splitting esbuild bundles each entry
 * point alone, and a source map names its sources relative to its own folder, which sits at the
 * depth of CDK's bundling folder. What no function takes is removed when the process exits.
 */
function bundleEveryHandler(assetDir: string): Set<string> {
  const entries = HANDLER_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join(dir, file)),
  );
  buildSync({
    ...BUNDLE_SETTINGS,
    entryPoints: entries.map((entry) => ({
      in: entry,
      out: `${BUNDLED_PREFIX}${path.basename(entry, '.ts')}/index`,
    })),
    outdir: assetDir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  if (!untaken.has(assetDir)) {
    process.once('exit', () => {
      for (const handler of untaken.get(assetDir) ?? [])
        rmSync(path.join(assetDir, `${BUNDLED_PREFIX}${handler}`), { recursive: true, force: true });
    });
  }
  const handlers = new Set(entries.map((entry) => path.basename(entry, '.ts')));
  untaken.set(assetDir, handlers);
  return handlers;
}

/**
 * A function's bundling, run by CDK's asset staging into the folder it hashes: the function's
 * bundle from bundleEveryHandler moved in, then its `afterBundling` commands. `handler` and
 * `afterBundlingCommands` are what CDK's asset cache, keyed by the bundling options, tells the
 * functions apart by.
 */
class HandlerBundling implements ILocalBundling {
  readonly afterBundlingCommands: readonly string[];

  constructor(
    readonly handler: string,
    private readonly afterBundling?: (outputDir: string) => string[],
  ) {
    this.afterBundlingCommands = afterBundling?.(AssetStaging.BUNDLING_OUTPUT_DIR) ?? [];
  }

  tryBundle(outputDir: string): boolean {
    const assetDir = path.dirname(outputDir);
    let handlers = untaken.get(assetDir);
    if (!handlers?.has(this.handler)) handlers = bundleEveryHandler(assetDir);
    const bundled = path.join(assetDir, `${BUNDLED_PREFIX}${this.handler}`);
    for (const file of readdirSync(bundled)) renameSync(path.join(bundled, file), path.join(outputDir, file));
    rmSync(bundled, { recursive: true });
    handlers.delete(this.handler);
    for (const command of this.afterBundling?.(outputDir) ?? []) {
      execFileSync('bash', ['-c', command], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, 'inherit'] });
    }
    return true;
  }
}

export interface HandlerFunctionProps {
  /** The entry's file name under functions/src/{routes,consumers,triggers}, without .ts. */
  readonly handler: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly logRetention: RetentionDays;
  readonly environment: Record<string, string>;
  /** For asynchronously invoked functions: where failed invocations go after Lambda's retries. */
  readonly deadLetterQueue?: IQueue;
  /** Shell commands that add files to the bundle in `outputDir` once esbuild has written it. */
  readonly afterBundling?: (outputDir: string) => string[];
}

export class HandlerFunction extends Construct {
  /** The entry's file name under functions/src/{routes,consumers,triggers}, without .ts. */
  readonly handler: string;
  /** The absolute path of the entry esbuild bundles. */
  readonly entry: string;
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    this.handler = props.handler;
    this.entry = handlerEntry(props.handler);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Not AWSLambdaBasicExecutionRole: that one may create any log group and write to all of them.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${props.handler} function`,
    });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      // Bundled here rather than by NodejsFunction: the same esbuild settings, every handler in
      // one run (bundleEveryHandler). The asset is hashed by its output, as NodejsFunction hashes.
      code: Code.fromAsset(REPO_ROOT, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled: the local bundling always bundles, or fails the synthesis.
          image: DockerImage.fromRegistry('dummy'),
          local: new HandlerBundling(props.handler, props.afterBundling),
        },
      }),
      handler: 'index.handler',
      description: props.description,
      runtime: NODE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      deadLetterQueue: props.deadLetterQueue,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });

    if (!props.deadLetterQueue) {
      Validations.of(this.function).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          `${props.handler} is invoked synchronously (by API Gateway, Cognito or CloudFront): a failure returns to the caller, ` +
          'and a dead-letter queue only ever receives asynchronous invocations.',
      });
    }
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions.',
    });
  }
}

/** Memory and timeout presets, named by what the function does. */
export const SIZES = {
  api: { memorySize: 512, timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.api) },
  /** Drawing pages with React: the CPU a larger memory brings shortens the first (cold) drawing. */
  pages: { memorySize: 1024, timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.api) },
  webhook: { memorySize: 256, timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.webhook) },
  consumer: { memorySize: 512, timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.consumer) },
  trigger: { memorySize: 256, timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.trigger) },
} as const;
