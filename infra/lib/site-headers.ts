/**
 * The response headers CloudFront adds: for the app (HSTS, a Content-Security-Policy allowing
 * only what the SPA uses, frame denial, nosniff, a restrictive Permissions-Policy) and for user
 * media, which is served from the site's origin and therefore rendered inert.
 */
import { Aws, Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

/**
 * The app's Content-Security-Policy: only what the SPA uses. `region` defaults to the stack's;
 * the stored-XSS browser test passes a real one to serve this policy in front of the local app.
 */
export function contentSecurityPolicy(parts: {
  authHostedDomain: string;
  uploadDomain: string;
  region?: string;
  /** The site's own host, whose /ws the live socket opens (liveSocketSource). */
  siteDomain?: string | undefined;
}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Amplify UI's theme provider injects a <style> element; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    // Google profile pictures (the picture attribute), data: for generated avatars, blob: for upload
    // previews, and the media bucket for members-only post media (presigned GET URLs on its domain).
    `img-src 'self' data: blob: https://*.googleusercontent.com https://${parts.uploadDomain}`,
    `media-src 'self' blob: https://${parts.uploadDomain}`,
    "font-src 'self' data:",
    // Amplify Auth (Cognito user pool API and the hosted domain's token endpoint), presigned
    // uploads, and the live socket on the site's own /ws.
    `connect-src 'self' https://cognito-idp.${parts.region ?? Aws.REGION}.amazonaws.com https://${parts.authHostedDomain} https://${parts.uploadDomain} ${liveSocketSource(parts.siteDomain)}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * The live socket's source, named as wss: because Safari before 15.4 does not count a wss: URL
 * of the page's own host as 'self'. Without a custom domain the site is served on its
 * CloudFront distribution's name, which the distribution's own headers policy cannot name (each
 * would wait on the other): then any CloudFront host.
 */
export const liveSocketSource = (siteDomain: string | undefined) =>
  siteDomain ? `wss://${siteDomain}` : 'wss://*.cloudfront.net';

/** User uploads are served from the site's origin: render them inert. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export interface SiteHeadersProps {
  /** The Cognito hosted domain, which the SPA calls for OAuth tokens (CSP connect-src). */
  readonly authHostedDomain: string;
  /**
   * The media bucket's regional domain, where the browser posts presigned uploads (CSP
   * connect-src) and reads members-only media through presigned URLs (img-src, media-src).
   */
  readonly uploadDomain: string;
  /** The site's custom domain, if any: the live socket's host (CSP connect-src). */
  readonly siteDomain?: string | undefined;
}

export class SiteHeaders extends Construct {
  /** The app and the API. */
  readonly app: ResponseHeadersPolicy;
  /** /media/*. */
  readonly media: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteHeadersProps) {
    super(scope, id);
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
    this.app = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'Clubs: HSTS, CSP, frame denial, nosniff',
      securityHeadersBehavior: {
        ...shared,
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props),
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
    this.media = new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'Clubs media: inert user uploads',
      securityHeadersBehavior: {
        ...shared,
        contentSecurityPolicy: { contentSecurityPolicy: MEDIA_CONTENT_SECURITY_POLICY, override: true },
      },
    });
  }
}
