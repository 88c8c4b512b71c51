/**
 * What the site bucket serves: the built SPA and config.json. Hashed files under assets/ go
 * first, cached for a year as immutable; then index.html, the other root files and config.json,
 * never cached, followed by an invalidation. Nothing is pruned, so a browser still holding the
 * previous index.html finds its assets. A stack without a build of the SPA does not synthesize:
 * deploying it would replace the live site with nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type RuntimeConfig, runtimeConfigSchema } from '@clubs/shared';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource, assetBucketObjectsArn } from './nag.ts';
import { logicalIdOf } from './names.ts';
import { resolveFromRoot } from './paths.ts';

export interface RuntimeConfigInput {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The hosted domain and redirect URLs, when Google sign-in is configured. */
  readonly oauth?: {
    readonly domain: string;
    readonly redirectUrls: readonly string[];
    readonly scopes: readonly string[];
  };
}

/** The deployed config.json: SRP sign-in, same-origin media, and the OAuth settings only with Google. */
export function runtimeConfigFor(input: RuntimeConfigInput): RuntimeConfig {
  return runtimeConfigSchema.parse({
    stage: 'aws',
    region: input.region,
    userPoolId: input.userPoolId,
    userPoolClientId: input.userPoolClientId,
    authFlow: 'USER_SRP_AUTH',
    ...(input.oauth
      ? {
          oauth: {
            domain: input.oauth.domain,
            redirectSignIn: [...input.oauth.redirectUrls],
            redirectSignOut: [...input.oauth.redirectUrls],
            scopes: [...input.oauth.scopes],
          },
        }
      : {}),
    mediaBaseUrl: '/media',
  });
}

export const WEB_BUILD_MISSING = '@clubs/infra:webBuildMissing';

export interface SiteContentProps {
  readonly bucket: IBucket;
  readonly distribution: IDistribution;
  /** The built SPA, relative to the repository root. */
  readonly webDistDir: string;
  readonly runtimeConfig: RuntimeConfig;
  readonly logRetention: RetentionDays;
}

export class SiteContent extends Construct {
  /** Whether the build was found at synth time (synthesis fails without it). */
  readonly webBuildFound: boolean;
  /** The config.json deployed (tokens resolve at deploy time). */
  readonly runtimeConfig: RuntimeConfig;
  private readonly bucket: IBucket;

  constructor(scope: Construct, id: string, props: SiteContentProps) {
    super(scope, id);
    this.bucket = props.bucket;
    this.runtimeConfig = runtimeConfigSchema.parse(props.runtimeConfig);
    const distDir = resolveFromRoot(props.webDistDir);
    this.webBuildFound = existsSync(path.join(distDir, 'index.html'));
    if (!this.webBuildFound) {
      Annotations.of(this).addError(
        `${WEB_BUILD_MISSING}: ${props.webDistDir}/index.html was not found, and deploying without it would ` +
          'replace the live site with nothing. Run `npm run build -w web` (or `npm run deploy`, which builds first).',
      );
      return;
    }

    const role = new Role(this, 'DeployRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the SPA and config.json into the site bucket',
    });
    const logGroup = new LogGroup(this, 'DeployLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    const common = {
      destinationBucket: props.bucket,
      prune: false,
      role,
      logGroup,
      memoryLimit: 512,
      outputObjectKeys: false,
    };

    const assetsDir = path.join(distDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployAssets', {
          ...common,
          sources: [Source.asset(assetsDir)],
          destinationKeyPrefix: 'assets/',
          cacheControl: [
            CacheControl.setPublic(),
            CacheControl.maxAge(Duration.days(365)),
            CacheControl.immutable(),
          ],
        })
      : undefined;
    const root = new BucketDeployment(this, 'DeployRoot', {
      ...common,
      sources: [
        Source.asset(distDir, { exclude: ['assets', 'assets/**', 'config.json'] }),
        Source.jsonData('config.json', this.runtimeConfig),
      ],
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) root.node.addDependency(assets);
    this.acknowledgeDeploymentFindings(role);
  }

  private acknowledgeDeploymentFindings(role: Role): void {
    const acknowledge = (id: string, reason: string) => Validations.of(role).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'Granted by BucketDeployment on the CDK asset bucket only: it reads the zipped build it unpacks.',
    );
    acknowledge(
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'Granted by BucketDeployment on the CDK asset bucket and the site bucket only: it reads what it copies and compares.',
    );
    acknowledge(
      'AwsSolutions-IAM5[Action::s3:List*]',
      'Granted by BucketDeployment on the CDK asset bucket and the site bucket only: it lists what it copies.',
    );
    acknowledge(
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'Granted by BucketDeployment on the site bucket only (the build output it manages).',
    );
    acknowledge(
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'Granted by BucketDeployment on the site bucket only: aborts its own failed multipart uploads.',
    );
    acknowledge(
      `AwsSolutions-IAM5[Resource::<${logicalIdOf(this.bucket)}.Arn>/*]`,
      'BucketDeployment writes any object of the site bucket (the whole build output), and only that bucket.',
    );
    acknowledgeWildcardResource(
      role,
      assetBucketObjectsArn(role),
      'BucketDeployment reads the zipped build from the CDK bootstrap asset bucket; object keys are content hashes.',
    );
    acknowledge(
      'AwsSolutions-IAM5[Resource::*]',
      'cloudfront:CreateInvalidation and GetInvalidation, which BucketDeployment calls after the upload; CDK grants ' +
        'them on * and the invalidation is limited to this distribution by its id.',
    );

    // The handler BucketDeployment brings (a singleton per stack, Python with the AWS CLI layer).
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const handler = (id: string, reason: string) => Validations.of(child).acknowledge({ id, reason });
      const managed =
        'The runtime is chosen by aws-cdk-lib for its BucketDeployment handler, not by this app.';
      handler('AwsSolutions-L1', managed);
      handler('Serverless-LambdaLatestVersion', managed);
      handler(
        'Serverless-LambdaDLQ',
        'Invoked synchronously by CloudFormation as a custom resource; a failure fails the deployment, which is retried as a whole.',
      );
      handler(
        'Serverless-LambdaTracing',
        'A deploy-time custom resource handler owned by aws-cdk-lib; its logs in the DeployLogs group are enough.',
      );
    }
  }
}
