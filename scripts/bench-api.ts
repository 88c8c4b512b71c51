/**
 * `npm run bench:api`: the local gateway's overhead. Starts DynamoDB Local (in memory, own
 * port) and the local gateway in-process, seeds one club, then measures `GET /api/clubs/{id}`
 * through the gateway over HTTP beside a bare DynamoDB Local GetItem of the same item.
 * BENCH_WARMUP and BENCH_N (default 2000 each) set the number of calls.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { Agent, request as httpRequest } from 'node:http';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import {
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  LOCAL_USER_POOL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
} from '@clubs/infra/local/config.ts';
import { ensureTable, startDynamoDbLocal } from '@clubs/infra/local/dynamodb.ts';
import { startGateway } from '@clubs/infra/local/gateway.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { benchClub, percentile } from './bench-support.ts';

const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
const N = Number(process.env.BENCH_N ?? 2000);
const TABLE_NAME = 'bench';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((sum, v) => sum + v, 0) / sorted.length,
  };
}

/**
 * Warms both paths, then measures them alternately, call by call, so both see the same JVM and
 * machine state (measuring one block after the other lets the JIT favour the later one).
 */
async function measurePair(a: () => Promise<void>, b: () => Promise<void>, warmup: number, n: number) {
  process.stdout.write(`  ${warmup} warm-up + ${n} measured calls of each, alternating… `);
  for (let i = 0; i < warmup; i += 1) {
    await a();
    await b();
  }
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  for (let i = 0; i < n; i += 1) {
    let started = performance.now();
    await a();
    samplesA.push(performance.now() - started);
    started = performance.now();
    await b();
    samplesB.push(performance.now() - started);
  }
  console.log('done');
  return [stats(samplesA), stats(samplesB)] as const;
}

async function main() {
  const dynamodb = await startDynamoDbLocal({ port: await freePort() });
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ddb = new DynamoDBClient({
    endpoint: dynamodb.endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    await ensureTable(dynamodb.endpoint, TABLE_NAME);
    // What the handlers read, as under `npm start` (set before the gateway loads them).
    Object.assign(process.env, {
      TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      POWERTOOLS_LOG_LEVEL: 'ERROR',
    });
    const { createClubWithOwner } = await import('@clubs/functions/data/repositories/clubs');
    const { keys } = await import('@clubs/shared/table-keys');
    const { club } = await createClubWithOwner(
      benchClub({
        name: 'Benchmark Club',
        description: 'One club to read again and again.',
        category: 'sports',
      }),
    );
    gateway = await startGateway({
      port: await freePort(),
      userPoolId: LOCAL_USER_POOL_ID,
      clientId: LOCAL_USER_POOL_CLIENT_ID,
    });
    const { port } = gateway;
    const path = `/api/clubs/${club.id}`;

    const viaGateway = () =>
      new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 200 || !body.includes(club.id)) {
              reject(new Error(`unexpected answer ${res.statusCode}: ${body.slice(0, 200)}`));
            } else resolve();
          });
        });
        req.on('error', reject);
        req.end();
      });
    const key = keys.club(club.id);
    const bareGetItem = async () => {
      const { Item } = await ddb.send(
        new GetItemCommand({ TableName: TABLE_NAME, Key: { pk: { S: key.pk }, sk: { S: key.sk } } }),
      );
      if (!Item) throw new Error('item missing');
    };

    console.log(`GET ${path} through the local gateway vs a bare DynamoDB Local GetItem (sequential calls)`);
    const [ddbStats, gatewayStats] = await measurePair(bareGetItem, viaGateway, WARMUP, N);
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    console.log('');
    console.log('                          median      p95       p99       mean');
    for (const [label, s] of [
      ['DynamoDB GetItem', ddbStats],
      ['gateway + handler', gatewayStats],
    ] as const) {
      console.log(
        `  ${label.padEnd(22)}${ms(s.median).padStart(9)} ${ms(s.p95).padStart(9)} ${ms(s.p99).padStart(9)} ${ms(s.mean).padStart(9)}`,
      );
    }
    console.log('');
    console.log(
      `  ratio (gateway / GetItem): median ${(gatewayStats.median / ddbStats.median).toFixed(2)}×, ` +
        `p95 ${(gatewayStats.p95 / ddbStats.p95).toFixed(2)}×`,
    );
    console.log(
      `  overhead (gateway − GetItem): median ${ms(gatewayStats.median - ddbStats.median)}, ` +
        `p95 ${ms(gatewayStats.p95 - ddbStats.p95)}`,
    );
  } finally {
    agent.destroy();
    ddb.destroy();
    await gateway?.stop();
    await dynamodb.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
