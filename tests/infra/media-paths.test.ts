/**
 * Members-only media stays off the public path in AWS: CloudFront's /media/* behaviour serves only
 * public keys (club images, profile photos), its viewer function refusing everything else before
 * the bucket, and the app's Content-Security-Policy lets the SPA show members-only media from the
 * presigned GET URLs on the media bucket's own domain.
 */
import { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { logicalId, type Synthesized, synthStack } from './app.ts';

type Resource = { Type: string; Properties: Record<string, unknown> };
type ViewerResult = { uri?: string; statusCode?: number };

let synth: Synthesized;
beforeAll(() => {
  synth = synthStack({}, { bundle: false });
});

const resource = (id: string) => synth.template.toJSON().Resources[id] as Resource;

function mediaFunction(): (event: unknown) => ViewerResult {
  const distribution = Object.values(
    synth.template.findResources('AWS::CloudFront::Distribution'),
  )[0] as Resource;
  const config = distribution.Properties.DistributionConfig as {
    CacheBehaviors: {
      PathPattern: string;
      FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
    }[];
  };
  const media = config.CacheBehaviors.find((b) => b.PathPattern === '/media/*');
  const association = media?.FunctionAssociations?.[0];
  if (!association) throw new Error('/media/* has no viewer function');
  expect(association.EventType).toBe('viewer-request');
  const functionId = (association.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const code = resource(functionId).Properties.FunctionCode as string;
  // Run the function's code as CloudFront would.
  return new Function(`${code}; return handler;`)() as (event: unknown) => ViewerResult;
}

describe('the public /media/* path', () => {
  it('serves club images and profile photos from the bucket, without the /media prefix', () => {
    const handler = mediaFunction();
    expect(handler({ request: { uri: '/media/clubs/c1/logo.svg' } }).uri).toBe('/clubs/c1/logo.svg');
    expect(handler({ request: { uri: '/media/avatars/u1/01abc.png' } }).uri).toBe('/avatars/u1/01abc.png');
  });

  it('refuses members-only club media and any other key with a 404 before the bucket', () => {
    const handler = mediaFunction();
    for (const uri of [
      '/media/club-media/c1/posts/u1/photo.png',
      '/media/club-media/c1/posts/u1/clip.webm',
      '/media/%63lub-media/c1/posts/u1/photo.png',
      '/media/avatars/../club-media/c1/posts/u1/photo.png',
      '/media/avatars/%2e%2e/club-media/c1/photo.png',
      '/media/uploads/u1/a.png',
      '/media/avatars',
      '/media/',
    ]) {
      const result = handler({ request: { uri } });
      expect(result.statusCode, uri).toBe(404);
      expect(result.uri, uri).toBeUndefined();
    }
  });

  it('lets the app show members-only media from presigned URLs on the media bucket domain', () => {
    const headers = resource(logicalId(synth.stack.site.headersPolicy));
    const config = headers.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
    };
    const csp = JSON.stringify(
      Stack.of(synth.stack).resolve(config.SecurityHeadersConfig.ContentSecurityPolicy),
    );
    // The bucket's regional domain, {stack}-media-{account}-{region}-{id}.s3.{region}.{suffix}, is
    // made of deploy-time tokens: its pieces are what the directives must carry.
    const bucketDomain =
      /https:\/\/[a-z0-9-]*-media-",.*"\.s3\.",\{"Ref":"AWS::Region"\},"\.",\{"Ref":"AWS::URLSuffix"\}/;
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      const value = new RegExp(`${directive}[^;]*`).exec(csp)?.[0] ?? '';
      expect(value, directive).toMatch(bucketDomain);
    }
  });
});
