/**
 * The single DynamoDB table, created from the shared table definition (key names, TTL attribute
 * and global secondary indexes with their projections): on demand, point-in-time recovery,
 * deletion protection, retained when the stack is deleted, encrypted with the AWS managed KMS key,
 * with a stream of new and old images (the change events' source).
 */
import { CHANGE_STREAM_VIEW, type IndexProjection, TABLE, TABLE_INDEXES } from '@clubs/shared';
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  ProjectionType,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

/** An index's projection as CDK declares it, from the shared table definition. */
function projectionOf(projection: IndexProjection) {
  if (projection.type === 'INCLUDE')
    return { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...projection.attributes] };
  return { projectionType: projection.type === 'ALL' ? ProjectionType.ALL : ProjectionType.KEYS_ONLY };
}

export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: TABLE.ttlAttribute,
      // The change events' source (change-stream.ts): every write, as it was and as it is.
      dynamoStream: StreamViewType[CHANGE_STREAM_VIEW],
      encryption: TableEncryptionV2.awsManagedKey(),
      globalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: {
          name: index.sortKey,
          type: index.sortKeyType === 'number' ? AttributeType.NUMBER : AttributeType.STRING,
        },
        ...projectionOf(index.projection),
      })),
    });
  }
}
