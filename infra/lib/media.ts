/**
 * The media bucket: club images, post media, course media and avatars, each under its own key
 * prefix. Private (all public access blocked, bucket-owner-enforced ownership), SSL only,
 * encrypted, logged, retained when the stack is deleted. Browsers upload straight to it with a
 * presigned POST (so CORS allows POST from the site origin, and nothing else), and read it
 * through CloudFront under /media/* with origin access control.
 *
 * The bucket has an explicit name so that CloudFront's origin domain can be written without
 * referring to the bucket resource: the CORS rule refers to the distribution's domain, and a
 * reference the other way round would be a circular dependency. The name ends with a piece of
 * the stack's id, so each stack (each stage, and the same stage deployed again after a destroy
 * left the retained bucket behind) gets its own bucket.
 */
import { MEDIA_PATHS, UPLOAD_TAG } from '@clubs/shared';
import { Aws, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  type IBucket,
  type LifecycleRule,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from './nag.ts';

/** The first 8 hex digits of the stack id's UUID: new for every stack created. */
const stackIdPiece = (): string => Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));

/** Days a replaced or deleted object's previous version is kept. */
export const NONCURRENT_DAYS = 30;

/**
 * The media bucket's lifecycle, its replica's too: replaced or deleted objects' old versions go
 * after NONCURRENT_DAYS, and uploads still tagged staged after a day (never attached) go.
 */
export function mediaLifecycleRules(): LifecycleRule[] {
  return [
    {
      id: 'expire-replaced-versions',
      abortIncompleteMultipartUploadAfter: Duration.days(1),
      noncurrentVersionExpiration: Duration.days(NONCURRENT_DAYS),
      expiredObjectDeleteMarker: true,
    },
    {
      // Every signed upload is stored tagged staged; the API tags the ones it lets a post, section,
      // club or profile use as attached. One still staged after a day was never used: litter.
      id: 'expire-unattached-uploads',
      tagFilters: { [UPLOAD_TAG.key]: UPLOAD_TAG.staged },
      expiration: Duration.days(UPLOAD_TAG.stagedDays),
    },
  ];
}

/** The bucket names' stack piece: the stack name in lower case, at most 20 characters. */
const namePrefixOf = (stackName: string): string => stackName.toLowerCase().slice(0, 20).replace(/-+$/, '');

/** The media replica's name (in the backup copy region): 20 + 15 + 12 + 1 + 14 characters at most. */
export const mediaReplicaBucketName = (stackName: string, region: string): string =>
  `${namePrefixOf(stackName)}-media-replica-${Aws.ACCOUNT_ID}-${region}`;

export interface MediaProps {
  readonly logBucket: IBucket;
  /** The backup copy region, whose replica bucket receives every new object version. */
  readonly replicaRegion?: string;
}

export class Media extends Construct {
  readonly bucket: Bucket;
  /** The same bucket as an origin: its name and regional domain written without references. */
  readonly originBucket: IBucket;
  /** {bucket}.s3.{region}.amazonaws.com: where browsers POST their uploads. */
  readonly uploadDomain: string;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Bucket names are global and at most 63 characters: 20 + 7 + 12 + 1 + 14 (longest region) + 1 + 8.
    const bucketName = `${namePrefixOf(stack.stackName)}-media-${Aws.ACCOUNT_ID}-${Aws.REGION}-${stackIdPiece()}`;
    this.uploadDomain = `${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

    const replica = props.replicaRegion
      ? Bucket.fromBucketAttributes(this, 'Replica', {
          bucketName: mediaReplicaBucketName(stack.stackName, props.replicaRegion),
          region: props.replicaRegion,
        })
      : undefined;
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'media-bucket/',
      // A replaced or deleted object stays recoverable for NONCURRENT_DAYS, then goes.
      versioned: true,
      lifecycleRules: mediaLifecycleRules(),
      // Every new object version is copied to the replica in the backup copy region (backups.ts);
      // deletions are not, so the replica still has what a mistake here removed.
      replicationRules: replica
        ? [
            {
              id: 'replicate-to-copy-region',
              destination: replica,
              priority: 0,
              deleteMarkerReplication: false,
            },
          ]
        : undefined,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    if (replica) {
      for (const objects of [this.bucket.arnForObjects('*'), replica.arnForObjects('*')]) {
        acknowledgeWildcardResource(
          this.bucket.node.findChild('ReplicationRole'),
          objects,
          'S3 replication reads every object version of the media bucket and writes it to the replica bucket: ' +
            'the role is scoped to those two buckets, and their objects are what it replicates.',
        );
      }
    }

    this.originBucket = Bucket.fromBucketAttributes(this, 'OriginView', {
      bucketName,
      region: Aws.REGION,
      bucketRegionalDomainName: this.uploadDomain,
    });
  }

  /** CORS for presigned POST uploads from the site, and only from it. */
  allowUploadsFrom(siteOrigin: string): void {
    this.bucket.addCorsRule({
      allowedOrigins: [siteOrigin],
      allowedMethods: [HttpMethods.POST],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag', 'Location'],
      maxAge: 3000,
    });
  }

  /**
   * Origin access control: the distribution (and only it) may read the public prefixes' objects
   * (club images, profile photos); members-only media stays unreadable to it whatever its
   * functions do.
   */
  allowReadsFrom(distribution: IDistribution): void {
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudFrontOriginAccessControlRead',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: MEDIA_PATHS.publicPrefixes.map((prefix) => this.bucket.arnForObjects(`${prefix}/*`)),
        conditions: { StringEquals: { 'AWS:SourceArn': distribution.distributionArn } },
      }),
    );
  }
}
