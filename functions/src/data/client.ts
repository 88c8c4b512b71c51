/** The one DynamoDB document client of a container; endpoint from the environment. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env.ts';

let documentClient: DynamoDBDocumentClient | undefined;

export function createDocumentClient(options: { endpoint?: string; region?: string } = {}) {
  const endpoint = options.endpoint ?? env.dynamodbEndpoint;
  const client = new DynamoDBClient({
    region: options.region ?? env.region,
    ...(endpoint
      ? {
          endpoint,
          // DynamoDB Local accepts any key made of letters and digits; AWS never sees these.
          credentials: { accessKeyId: env.dynamodbLocalKey, secretAccessKey: 'local' },
          maxAttempts: 2,
        }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export function db(): DynamoDBDocumentClient {
  documentClient ??= createDocumentClient();
  return documentClient;
}

/** Tests and the local stack point the shared client elsewhere. */
export function setDocumentClient(client: DynamoDBDocumentClient | undefined): void {
  documentClient = client;
}

export const tableName = (): string => env.tableName;
