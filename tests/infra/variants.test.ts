/**
 * Configurations the full-stack tests do not cover, on single constructs (cheap to build):
 * no Google and no super-admin e-mail; a custom domain with a hosted zone and a web ACL; no web
 * build at synth time (a refusal); config.json without Google.
 */

import { AccessLogs } from '@clubs/infra/lib/access-logs.ts';
import { Auth } from '@clubs/infra/lib/auth.ts';
import { type ClubsConfig, parseConfig } from '@clubs/infra/lib/config.ts';
import { Media } from '@clubs/infra/lib/media.ts';
import { Site } from '@clubs/infra/lib/site.ts';
import { runtimeConfigFor, WEB_BUILD_MISSING } from '@clubs/infra/lib/site-content.ts';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { fakeWebDist, logicalId, newApp } from './app.ts';

/** The site with its log and media buckets, wired as the stack wires them. */
function siteIn(stack: Stack, config: ClubsConfig, authHostedDomain: string) {
  const logs = new AccessLogs(stack, 'Logs');
  const media = new Media(stack, 'Media', { logBucket: logs.bucket });
  const site = new Site(stack, 'Site', {
    config,
    logBucket: logs.bucket,
    media,
    authHostedDomain,
    logRetention: RetentionDays.ONE_MONTH,
  });
  return { site, media };
}

// Each block builds its construct alone in a stack of its own, once, as the file is collected.
describe('auth without Google and without a super-admin e-mail', () => {
  const stack = new Stack(newApp(), 'AuthOnly');
  const auth = new Auth(stack, 'Auth', {
    config: parseConfig({}),
    siteUrl: 'https://clubs.example.com',
    logRetention: RetentionDays.ONE_MONTH,
  });
  const template = Template.fromStack(stack);

  it('offers only Cognito sign-in, redirecting to the site', () => {
    expect(auth.googleEnabled).toBe(false);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO'],
      CallbackURLs: ['https://clubs.example.com/'],
      LogoutURLs: ['https://clubs.example.com/'],
    });
  });

  it('still has the trigger, which then adds nobody', () => {
    const fn = template.toJSON().Resources[logicalId(auth.postConfirmation.function)];
    expect(fn.Properties.Environment.Variables.SUPER_ADMIN_EMAIL).toBeUndefined();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PostConfirmation: Match.anyValue() },
    });
    const warnings = Annotations.fromStack(stack).findWarning(
      '*',
      Match.stringLikeRegexp('superAdminEmail is not set'),
    );
    expect(warnings).toHaveLength(1);
  });

  it('derives a hosted domain prefix from the stack name and the account', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['authonly-', { Ref: 'AWS::AccountId' }]] },
    });
  });
});

describe('site with a custom domain, a hosted zone and a web ACL', () => {
  const stack = new Stack(newApp(), 'SiteOnly');
  const config = parseConfig({
    siteDomain: 'clubs.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789abc',
    hostedZoneId: 'Z0123456789ABC',
    hostedZoneName: 'example.com',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/clubs/abc',
    webDistDir: fakeWebDist(),
  });
  const { site, media } = siteIn(stack, config, 'clubs-prod.auth.eu-west-1.amazoncognito.com');
  media.allowUploadsFrom(site.siteUrl);
  site.deployContent(
    runtimeConfigFor({ region: 'eu-west-1', userPoolId: 'pool', userPoolClientId: 'client' }),
  );
  const template = Template.fromStack(stack);

  it('serves the custom domain with TLS 1.2 and SNI, behind the web ACL', () => {
    expect(site.siteUrl).toBe('https://clubs.example.com');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['clubs.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: Match.stringLikeRegexp('^arn:aws:acm:us-east-1:'),
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
        WebACLId: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/clubs/abc',
      }),
    });
  });

  it('creates the alias records in the hosted zone', () => {
    for (const type of ['A', 'AAAA']) {
      template.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'clubs.example.com.',
        Type: type,
        HostedZoneId: 'Z0123456789ABC',
        AliasTarget: Match.objectLike({ DNSName: Match.anyValue() }),
      });
    }
  });

  it('allows media uploads from exactly the custom domain', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://clubs.example.com'] })] },
    });
  });
});

describe('site before the web app is built', () => {
  it('refuses to synthesize instead of replacing the live site with nothing', () => {
    const stack = new Stack(newApp(), 'NoBuild');
    const { site } = siteIn(
      stack,
      parseConfig({ webDistDir: 'does/not/exist' }),
      'clubs.auth.eu-west-1.amazoncognito.com',
    );
    const content = site.deployContent(
      runtimeConfigFor({ region: 'eu-west-1', userPoolId: 'pool', userPoolClientId: 'client' }),
    );
    expect(content.webBuildFound).toBe(false);
    expect(() => Template.fromStack(stack)).toThrow(
      new RegExp(`${WEB_BUILD_MISSING}: does/not/exist/index.html was not found.*npm run build -w web`),
    );
  });
});

describe('config.json', () => {
  /** The user pool the SPA signs in to, which config.json passes on as it is. */
  const pool = { region: 'eu-west-1', userPoolId: 'eu-west-1_abc', userPoolClientId: 'client' };

  it('has no OAuth section without Google, so the SPA hides Google sign-in', () => {
    expect(runtimeConfigFor(pool)).toEqual({
      stage: 'aws',
      ...pool,
      authFlow: 'USER_SRP_AUTH',
      mediaBaseUrl: '/media',
    });
  });

  it('has the hosted domain and the site URLs with Google', () => {
    const config = runtimeConfigFor({
      ...pool,
      oauth: {
        domain: 'clubs.auth.eu-west-1.amazoncognito.com',
        redirectUrls: ['https://clubs.example.com/'],
        scopes: ['openid', 'email', 'profile'],
      },
    });
    expect(config.oauth).toEqual({
      domain: 'clubs.auth.eu-west-1.amazoncognito.com',
      redirectSignIn: ['https://clubs.example.com/'],
      redirectSignOut: ['https://clubs.example.com/'],
      scopes: ['openid', 'email', 'profile'],
    });
  });
});
