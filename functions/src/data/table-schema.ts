/** CreateTable input from the shared table definition (local stack and test harness; CDK reads TABLE itself). */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { CHANGE_STREAM_VIEW, TABLE, TABLE_INDEXES } from '@clubs/shared';

export function createTableInput(tableName: string): CreateTableCommandInput {
  const attributes = new Map<string, 'S' | 'N'>([
    [TABLE.partitionKey, 'S'],
    [TABLE.sortKey, 'S'],
  ]);
  for (const index of TABLE_INDEXES) {
    attributes.set(index.partitionKey, 'S');
    attributes.set(index.sortKey, index.sortKeyType === 'number' ? 'N' : 'S');
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    // Its stream feeds the change events (shared/src/bus/change-stream.ts), as in AWS.
    StreamSpecification: { StreamEnabled: true, StreamViewType: CHANGE_STREAM_VIEW },
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType,
    })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection:
        index.projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.attributes] }
          : { ProjectionType: index.projection.type },
    })),
  };
}
