import { DynamoDBClient, GetItemCommand, PutItemCommand, CreateTableCommand, DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoDbLocal } from './dynamodb.ts';
import { freePort } from './ports.ts';
const db = await startDynamoDbLocal({ port: await freePort(), jit: 'throughput' });
const c = new DynamoDBClient({ endpoint: db.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
const mk = async (name: string, stream: boolean) => c.send(new CreateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } } : {}) }));
const lat = async (t: string) => { const s = performance.now(); for (let i = 0; i < 50; i++) await c.send(new GetItemCommand({ TableName: t, Key: { pk: { S: 'x' } } })); return ((performance.now() - s) / 50).toFixed(2); };
const write = async (t: string, n: number) => { for (let i = 0; i < n; i += 20) await Promise.all(Array.from({ length: 20 }, (_, j) => c.send(new PutItemCommand({ TableName: t, Item: { pk: { S: `k${i + j}-${Math.random()}` } } })))); };
await mk('plain', false); 
const del = process.argv[2] === 'delete';
for (let k = 1; k <= 120; k++) {
  await mk(`tab${k}`, true); await write(`tab${k}`, Number(process.argv[3] ?? 300));
  if (del) await c.send(new DeleteTableCommand({ TableName: `tab${k}` }));
  if (k % 30 === 0) { await mk(`probe${k}`, true); console.log(`tables ${k}: plain`, await lat('plain'), 'new stream table', await lat(`probe${k}`)); }
}
await db.stop();
