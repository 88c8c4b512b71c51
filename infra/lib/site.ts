/**
 * The site: the built SPA in a private bucket behind one CloudFront distribution that also
 * routes /api/* to the HTTP API (every viewer header but Host; never cached, but for the public
 * reads an anonymous caller gets, which the API marks public for a few seconds) and /media/* to the
 * media bucket's public keys (origin access control; members-only media is read through presigned
 * URLs on the bucket's own domain instead), so the app talks to one origin. Client
 * routes get their entry document (shared/src/site-documents.ts) or else index.html in a
 * viewer-request function (not with error responses, which would also rewrite the API's 403s and
 * 404s). The site bucket's objects carry their own
 * Cache-Control (site-content.ts), and every response carries a headers policy (site-headers.ts).
 */
import {
  DRAWN_PAGE_HEADER,
  ENTRY_DOCUMENTS,
  type EntryDocument,
  FUNCTION_TIMEOUT_SECONDS,
  LIVE,
  PUBLIC_MEDIA_KEY,
  ROUTES,
  type RouteDefinition,
  type RuntimeConfig,
} from '@clubs/shared';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  type IOrigin,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  type ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import {
  FunctionUrlOrigin,
  HttpOrigin,
  OriginGroup,
  S3BucketOrigin,
} from 'aws-cdk-lib/aws-cloudfront-origins';
import { FunctionUrlAuthType, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { ClubsConfig } from './config.ts';
import type { Media } from './media.ts';
import { SiteContent } from './site-content.ts';
import { SiteHeaders } from './site-headers.ts';

export interface SiteProps {
  readonly config: ClubsConfig;
  readonly logBucket: IBucket;
  readonly media: Media;
  /** The Cognito hosted domain, which the SPA calls for OAuth tokens (CSP connect-src). */
  readonly authHostedDomain: string;
  readonly logRetention: RetentionDays;
}

/**
 * Client routes (no file extension in the last path segment) get their entry document, or the app
 * shell: the same answer as `entryDocumentOf` (tests/infra/stack.test.ts runs both), written for
 * CloudFront's JavaScript runtime with the table's routes inlined.
 */
const routesEnding = (wildcard: boolean) =>
  Object.fromEntries(
    ENTRY_DOCUMENTS.filter((document) => document.route.endsWith('/*') === wildcard).map((document) => [
      wildcard ? document.route.slice(0, -1) : document.route,
      `/${document.file}`,
    ]),
  );
const DOCUMENT_OF = `var EXACT = ${JSON.stringify(routesEnding(false))};
var ONE_SEGMENT = ${JSON.stringify(routesEnding(true))};
function documentOf(uri) {
  if (Object.prototype.hasOwnProperty.call(EXACT, uri)) return EXACT[uri];
  var slash = uri.lastIndexOf('/');
  var parent = uri.slice(0, slash + 1);
  if (slash < uri.length - 1 && Object.prototype.hasOwnProperty.call(ONE_SEGMENT, parent)) return ONE_SEGMENT[parent];
  return '/index.html';
}`;
export const SPA_FALLBACK = `${DOCUMENT_OF}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('.', uri.lastIndexOf('/') + 1) === -1) {
    request.uri = documentOf(uri);
  }
  return request;
}`;

/** The entry documents drawn with their data when asked for (the site-pages function's pages). */
const drawnDocuments = (): EntryDocument[] =>
  (ENTRY_DOCUMENTS as readonly EntryDocument[]).filter((document) => document.drawnWithData);

/**
 * The distribution's default root object: the home page's entry document. CloudFront's guide does
 * not say whether it replaces `/` before or after the request is matched to a behavior, so both
 * orders must answer the same page: the home document is the root object, its path is routed like
 * `/` when the home page is drawn with data, and the drawing function takes it for `/`.
 */
const rootDocument = (): EntryDocument => {
  const home = (ENTRY_DOCUMENTS as readonly EntryDocument[]).find((document) => document.route === '/');
  if (!home) throw new Error('ENTRY_DOCUMENTS has no document for /');
  return home;
};

/**
 * The viewer-request function of the pages drawn with their data: the request goes on for the
 * page's document in the site bucket (what answers when the site-pages function cannot), with
 * the page asked for in DRAWN_PAGE_HEADER and only the query parameters its drawing reads, which
 * key the edge's copy. Whatever a viewer sent in that header is dropped; a path that is no page
 * drawn with data (a file, /c/x/y) names none, and the function leaves it to the bucket.
 */
export const DRAWN_PAGES = `${DOCUMENT_OF}
var DRAWN_QUERY = ${JSON.stringify(Object.fromEntries(drawnDocuments().map((document) => [`/${document.file}`, document.drawnQuery ?? []])))};
var ROOT_OBJECT = ${JSON.stringify(`/${rootDocument().file}`)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  delete request.headers['${DRAWN_PAGE_HEADER}'];
  var document = uri.indexOf('.', uri.lastIndexOf('/') + 1) === -1 ? documentOf(uri) : uri;
  var drawn = Object.prototype.hasOwnProperty.call(DRAWN_QUERY, document);
  if (drawn) request.headers['${DRAWN_PAGE_HEADER}'] = { value: uri === ROOT_OBJECT ? '/' : uri };
  var keep = drawn ? DRAWN_QUERY[document] : [];
  Object.keys(request.querystring).forEach(function (name) {
    if (keep.indexOf(name) === -1) delete request.querystring[name];
  });
  request.uri = document;
  return request;
}`;

/**
 * /media/{key} is the object {key} of the media bucket when {key} is public (PUBLIC_MEDIA_KEY:
 * club images and profile photos); anything else, members-only club media above all, is a 404
 * before it reaches the bucket (members read that through the API's presigned URLs).
 */
const MEDIA_PUBLIC_ONLY = `function handler(event) {
  var request = event.request;
  var key = request.uri.replace(/^\\/media\\//, '');
  if (!/${PUBLIC_MEDIA_KEY.source}/.test(key)) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = '/' + key;
  return request;
}`;

/**
 * The path patterns of the public reads CloudFront may cache (routes with edgeCacheSeconds), a
 * path parameter becoming `*`, with the longest time any of them allows.
 */
export function publicReadPatterns(): { pattern: string; seconds: number }[] {
  const byPattern = new Map<string, number>();
  for (const route of Object.values(ROUTES) as RouteDefinition[]) {
    if (!route.edgeCacheSeconds || route.method !== 'GET') continue;
    const pattern = route.path.replace(/\{\w+\}/g, '*');
    byPattern.set(pattern, Math.max(byPattern.get(pattern) ?? 0, route.edgeCacheSeconds));
  }
  return [...byPattern].map(([pattern, seconds]) => ({ pattern, seconds }));
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly headersPolicy: ResponseHeadersPolicy;
  readonly mediaHeadersPolicy: ResponseHeadersPolicy;
  /** The site bucket as CloudFront reads it (origin access control). */
  private readonly siteOrigin: IOrigin;
  /** https://{domain}: the custom domain when configured, else the CloudFront domain. */
  readonly siteUrl: string;
  /** The SPA and config.json (after deployContent). */
  content?: SiteContent;
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

    const headers = new SiteHeaders(this, 'SecurityHeaders', {
      authHostedDomain: props.authHostedDomain,
      uploadDomain: media.uploadDomain,
      siteDomain: config.siteDomain,
    });
    this.headersPolicy = headers.app;
    this.mediaHeadersPolicy = headers.media;

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
      code: FunctionCode.fromInline(MEDIA_PUBLIC_ONLY),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves only public media keys under /media, without the prefix',
    });

    this.siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);

    const certificate = config.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Clubs (${Stack.of(this).stackName})`,
      defaultRootObject: rootDocument().file,
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
        origin: this.siteOrigin,
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

  /**
   * /api/* to the HTTP API: never cached, all viewer headers but Host, HTTPS only (no POST
   * redirects), with the secret headers the API requires (OriginVerify).
   */
  routeApi(apiDomain: string, originHeaders: Record<string, string>): void {
    const origin = new HttpOrigin(apiDomain, {
      customHeaders: originHeaders,
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
    });
    const behavior = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.headersPolicy,
      compress: true,
    };
    // Listed before /api/*, which CloudFront would otherwise match first.
    const publicReads = publicReadPatterns();
    if (publicReads.length > 0) {
      const cachePolicy = new CachePolicy(this, 'PublicReadsCache', {
        comment: 'Clubs public reads: kept only when the API marks them public (anonymous callers), briefly',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.seconds(Math.max(...publicReads.map((read) => read.seconds))),
        headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
        queryStringBehavior: CacheQueryStringBehavior.all(),
        cookieBehavior: CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
      for (const { pattern } of publicReads) {
        this.distribution.addBehavior(pattern, origin, { ...behavior, cachePolicy });
      }
    }
    this.distribution.addBehavior('/api/*', origin, {
      ...behavior,
      cachePolicy: CachePolicy.CACHING_DISABLED,
    });
  }

  /**
   * The live WebSocket at LIVE.path on the site's own origin: CloudFront passes the upgrade (and
   * the token in the query) to the WebSocket API, whose stage has the same name, uncached, with
   * the origin header its authorizer requires; the distribution's web ACL covers it as it covers /api.
   */
  routeLive(liveDomain: string, originHeaders: Record<string, string>): void {
    this.distribution.addBehavior(
      LIVE.path,
      new HttpOrigin(liveDomain, {
        customHeaders: originHeaders,
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      }),
      {
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.headersPolicy,
        compress: false,
      },
    );
  }

  /**
   * The pages drawn with their data (shared/src/site-documents.ts, drawnWithData) from `pages`,
   * the site-pages function, through its URL: only this distribution may call it (origin access
   * control signs each request; the URL refuses any unsigned one). Each page is kept at the edge as
   * long as its Cache-Control allows (the page's edgeCacheSeconds at most), keyed on the page and
   * the query its drawing reads, never a cookie or a token; the function's 404 (no page drawn
   * with data), its errors, its timeout and a refusal of CloudFront's signature are answered with
   * the page's document in the site bucket instead. The same headers policy as every document.
   */
  routeDrawnPages(pages: IFunction): void {
    const drawn = drawnDocuments();
    const url = pages.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    const origin = new OriginGroup({
      primaryOrigin: FunctionUrlOrigin.withOriginAccessControl(url, {
        readTimeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.api),
      }),
      fallbackOrigin: this.siteOrigin,
      fallbackStatusCodes: [403, 404, 500, 502, 503, 504],
    });
    const cachePolicy = new CachePolicy(this, 'DrawnPagesCache', {
      comment: 'Clubs pages drawn with their data: by page and the query the drawing reads, briefly',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(Math.max(0, ...drawn.map((document) => document.edgeCacheSeconds ?? 0))),
      headerBehavior: CacheHeaderBehavior.allowList(DRAWN_PAGE_HEADER),
      queryStringBehavior: CacheQueryStringBehavior.allowList(
        ...new Set(drawn.flatMap((document) => document.drawnQuery ?? [])),
      ),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const viewerRequest = new EdgeFunction(this, 'DrawnPages', {
      code: FunctionCode.fromInline(DRAWN_PAGES),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pages drawn with their data: the page asked for, its document in the bucket',
    });
    const root = rootDocument();
    const patterns = drawn.map((document) => document.route);
    if (root.drawnWithData) patterns.push(`/${root.file}`);
    for (const pattern of patterns) {
      this.distribution.addBehavior(pattern, origin, {
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy,
        responseHeadersPolicy: this.headersPolicy,
        functionAssociations: [{ function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      });
    }
  }

  /** The SPA and config.json, deployed into the site bucket. */
  deployContent(runtimeConfig: RuntimeConfig): SiteContent {
    this.content = new SiteContent(this, 'Content', {
      bucket: this.bucket,
      distribution: this.distribution,
      webDistDir: this.config.webDistDir,
      runtimeConfig,
      logRetention: this.logRetention,
    });
    return this.content;
  }

  private acknowledgeDistributionFindings(): void {
    const acknowledge = (id: string, reason: string) =>
      Validations.of(this.distribution).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-CFR1',
      'The platform is open worldwide (anyone may browse and join clubs); no geo restriction applies.',
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
