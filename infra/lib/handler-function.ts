/**
 * One Lambda function built from functions/src/{routes,consumers,triggers}/{name}.ts, the same way
 * for every handler: esbuild on this machine (no Docker), minified ESM for arm64 on the newest
 * Node LTS runtime aws-cdk-lib offers, the AWS SDK v3 clients taken from that runtime (see
 * BUNDLE_SETTINGS), explicit memory and timeout, its own log group with a retention, active tracing, and its own
 * role that starts with nothing but writing to that log group. Grants are added by the caller.
 */

import { FUNCTION_TIMEOUT_SECONDS } from '@clubs/shared';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { Charset, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { handlerEntry, LOCK_FILE, REPO_ROOT } from './paths.ts';

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
 * The esbuild settings every handler is bundled with, in esbuild's own terms, so that a bundle
 * measurement (`npm run bench:bundle`, from esbuild's metafile) uses exactly what `cdk deploy`
 * ships. HandlerFunction passes each of them to NodejsFunction, which adds `--bundle`.
 */
export const BUNDLE_SETTINGS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  charset: 'utf8',
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

const CHARSETS = { utf8: Charset.UTF8, ascii: Charset.ASCII } as const;
const OUTPUT_FORMATS = { esm: OutputFormat.ESM, cjs: OutputFormat.CJS } as const;

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
      entry: this.entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
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
      bundling: {
        format: OUTPUT_FORMATS[BUNDLE_SETTINGS.format],
        target: BUNDLE_SETTINGS.target,
        banner: BUNDLE_SETTINGS.banner.js,
        minify: BUNDLE_SETTINGS.minify,
        sourceMap: BUNDLE_SETTINGS.sourcemap,
        sourcesContent: BUNDLE_SETTINGS.sourcesContent,
        mainFields: [...BUNDLE_SETTINGS.mainFields],
        // Given explicitly (not NodejsFunction's default, all of `@aws-sdk/*`), so the measurement agrees.
        externalModules: [...BUNDLE_SETTINGS.external],
        charset: CHARSETS[BUNDLE_SETTINGS.charset],
        logLevel: LogLevel.ERROR,
        forceDockerBundling: false,
        ...(props.afterBundling
          ? {
              commandHooks: {
                beforeInstall: () => [],
                beforeBundling: () => [],
                afterBundling: (_inputDir: string, outputDir: string) =>
                  props.afterBundling?.(outputDir) ?? [],
              },
            }
          : {}),
      },
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
