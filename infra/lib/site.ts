/**
 * The site: the built SPA in a private bucket behind one CloudFront distribution that also
 * routes /api/* to the HTTP API (never cached; every viewer header but Host) and /media/* to the
 * media bucket (origin access control), so the browser only ever talks to one origin. Client
 * routes fall back to index.html in a viewer-request function (not with error responses, which
 * would also rewrite the API's 403s and 404s). Hashed assets are cached as immutable, index.html
 * and config.json are never cached, and every response carries the security headers policy.
 * config.json is written at deploy time from the real pool ids and URLs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type RuntimeConfig, runtimeConfigSchema } from '@clubs/shared';
import { Annotations, Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { ClubsConfig } from './config.ts';
import type { Media } from './media.ts';
import { logicalIdOf } from './names.ts';
import { resolveFromRoot } from './paths.ts';

export interface SiteProps {
  readonly config: ClubsConfig;
  readonly logBucket: IBucket;
  readonly media: Media;
  /** The Cognito hosted domain, which the SPA calls for OAuth tokens (CSP connect-src). */
  readonly authHostedDomain: string;
  readonly logRetention: RetentionDays;
}

export interface SiteContent {
  readonly runtimeConfig: RuntimeConfig;
}

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

/** Client routes (no file extension in the last path segment) get the app shell. */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('.', uri.lastIndexOf('/') + 1) === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** /media/{key} is the object {key} of the media bucket. */
const MEDIA_PREFIX_STRIP = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/media\\//, '/');
  return request;
}`;

/** The app's Content-Security-Policy: only what the SPA uses. */
export function contentSecurityPolicy(parts: { authHostedDomain: string; uploadDomain: string }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Amplify UI's theme provider injects a <style> element; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    // Google profile pictures (the picture attribute), data: for generated avatars, blob: for upload previews.
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    // Amplify Auth (Cognito user pool API and the hosted domain's token endpoint) and presigned uploads.
    `connect-src 'self' https://cognito-idp.${Aws.REGION}.amazonaws.com https://${parts.authHostedDomain} https://${parts.uploadDomain}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** User uploads are served from the site's origin: render them inert. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly headersPolicy: ResponseHeadersPolicy;
  readonly mediaHeadersPolicy: ResponseHeadersPolicy;
  /** https://{domain}: the custom domain when configured, else the CloudFront domain. */
  readonly siteUrl: string;
  /** Whether web/dist was found at synth time (else only a placeholder and config.json ship). */
  webBuildFound = false;
  /** The config.json deployed (tokens resolve at deploy time). */
  runtimeConfig?: RuntimeConfig;
  private readonly config: ClubsConfig;
  private readonly logRetention: RetentionDays;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { config, media } = props;
    this.config = config;
    this.logRetention = props.logRetention;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Only build output lives here: `cdk deploy` puts it back.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const shared = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    };
    this.headersPolicy = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'Clubs: HSTS, CSP, frame denial, nosniff',
      securityHeadersBehavior: {
        ...shared,
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            authHostedDomain: props.authHostedDomain,
            uploadDomain: media.uploadDomain,
          }),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });
    this.mediaHeadersPolicy = new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'Clubs media: inert user uploads',
      securityHeadersBehavior: {
        ...shared,
        contentSecurityPolicy: { contentSecurityPolicy: MEDIA_CONTENT_SECURITY_POLICY, override: true },
      },
    });

    const siteCache = new CachePolicy(this, 'SiteCache', {
      comment: 'Clubs SPA: honours the objects Cache-Control (immutable assets, no-cache shell)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaFallback = new EdgeFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Client routes get index.html',
    });
    const mediaPrefix = new EdgeFunction(this, 'MediaPrefix', {
      code: FunctionCode.fromInline(MEDIA_PREFIX_STRIP),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Strips /media from media requests',
    });

    const certificate = config.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Clubs (${Stack.of(this).stackName})`,
      defaultRootObject: 'index.html',
      domainNames: config.siteDomain ? [config.siteDomain] : undefined,
      certificate,
      // Only a custom certificate lets the TLS policy be chosen.
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass[priceClassKey(config.priceClass)],
      webAclId: config.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: siteCache,
        responseHeadersPolicy: this.headersPolicy,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/media/*': {
          origin: S3BucketOrigin.withOriginAccessControl(media.originBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.mediaHeadersPolicy,
          functionAssociations: [{ function: mediaPrefix, eventType: FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
      },
    });
    // The media origin is the media bucket seen by name (see media.ts); its policy is added here.
    media.allowReadsFrom(this.distribution);
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The media bucket is defined in this stack; Media.allowReadsFrom adds the OAC statement to its policy.',
    );
    this.acknowledgeDistributionFindings();

    this.siteUrl = `https://${config.siteDomain ?? this.distribution.distributionDomainName}`;

    if (config.siteDomain && config.hostedZoneId && config.hostedZoneName) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: config.hostedZoneId,
        zoneName: config.hostedZoneName,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, 'AliasA', { zone, recordName: config.siteDomain, target });
      new AaaaRecord(this, 'AliasAaaa', { zone, recordName: config.siteDomain, target });
    }
  }

  /** /api/* to the HTTP API: never cached, all viewer headers but Host, HTTPS only (no POST redirects). */
  routeApi(apiDomain: string): void {
    this.distribution.addBehavior(
      '/api/*',
      new HttpOrigin(apiDomain, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
        readTimeout: Duration.seconds(30),
      }),
      {
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.headersPolicy,
        compress: true,
      },
    );
  }

  /**
   * Uploads the SPA and config.json. Hashed files under assets/ first, cached for a year as
   * immutable; then index.html, the other root files and config.json, never cached, followed by
   * an invalidation. Nothing is pruned, so a browser still holding the previous index.html finds
   * its assets.
   */
  deployContent(content: SiteContent): void {
    const runtimeConfig = runtimeConfigSchema.parse(content.runtimeConfig);
    this.runtimeConfig = runtimeConfig;
    const distDir = resolveFromRoot(this.config.webDistDir);
    this.webBuildFound = existsSync(path.join(distDir, 'index.html'));

    const role = new Role(this, 'DeployRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the SPA and config.json into the site bucket',
    });
    const logGroup = new LogGroup(this, 'DeployLogs', {
      retention: this.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    const common = {
      destinationBucket: this.bucket,
      prune: false,
      role,
      logGroup,
      memoryLimit: 512,
      outputObjectKeys: false,
    };

    const rootSources: ISource[] = [Source.jsonData('config.json', runtimeConfig)];
    let assets: BucketDeployment | undefined;
    if (this.webBuildFound) {
      const assetsDir = path.join(distDir, 'assets');
      if (existsSync(assetsDir)) {
        assets = new BucketDeployment(this, 'DeployAssets', {
          ...common,
          sources: [Source.asset(assetsDir)],
          destinationKeyPrefix: 'assets/',
          cacheControl: [
            CacheControl.setPublic(),
            CacheControl.maxAge(Duration.days(365)),
            CacheControl.immutable(),
          ],
        });
      }
      rootSources.unshift(Source.asset(distDir, { exclude: ['assets', 'assets/**', 'config.json'] }));
    } else {
      Annotations.of(this).addWarningV2(
        '@clubs/infra:webBuildMissing',
        `${this.config.webDistDir}/index.html was not found: only config.json and a placeholder page are ` +
          'deployed. Run `npm run build -w web` before `npx cdk deploy`.',
      );
      rootSources.unshift(Source.data('index.html', PLACEHOLDER_PAGE));
    }

    const root = new BucketDeployment(this, 'DeployRoot', {
      ...common,
      sources: rootSources,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) root.node.addDependency(assets);
    this.acknowledgeDeploymentFindings(role);
  }

  private acknowledgeDistributionFindings(): void {
    const acknowledge = (id: string, reason: string) =>
      Validations.of(this.distribution).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-CFR1',
      'The platform is open worldwide (spec part 1: anyone may browse and join clubs); no geo restriction applies.',
    );
    if (!this.config.webAclArn) {
      acknowledge(
        'AwsSolutions-CFR2',
        'A web ACL is optional (context webAclArn, docs/DEPLOY.md): AWS WAF is billed per ACL and rule, and the ' +
          'API has stage throttling. Attach one for production traffic.',
      );
    }
    if (!this.config.siteDomain) {
      acknowledge(
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS policy ' +
          'cannot be chosen; with siteDomain it is TLSv1.2_2021.',
      );
    }
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
    acknowledge(
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
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

function priceClassKey(
  value: ClubsConfig['priceClass'],
): 'PRICE_CLASS_100' | 'PRICE_CLASS_200' | 'PRICE_CLASS_ALL' {
  const keys = {
    PriceClass_100: 'PRICE_CLASS_100',
    PriceClass_200: 'PRICE_CLASS_200',
    PriceClass_All: 'PRICE_CLASS_ALL',
  } as const;
  return keys[value];
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Clubs</title></head>
<body>
<h1>Clubs is deployed, but its web app is not</h1>
<p>The stack was synthesized without a build of the web app. Run <code>npm run build -w web</code>, then
<code>npx cdk deploy</code> again.</p>
</body>
</html>
`;
