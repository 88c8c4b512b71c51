/**
 * `npm run bench:webhooks`: how long a join takes to reach a webhook endpoint, and what a
 * delivery costs the table. Starts its own in-memory DynamoDB Local and the local event bus with
 * the two webhook routes only (WebhookChanges, WebhookAttempts: their queued deliveries to the
 * real consumer in this process), and a loopback HTTP server as the endpoint. Each run a new
 * person asks to join a free club through the real memberships handler; the latency is from the
 * call to the signed `membership.requested` message arriving (BENCH_RUNS, default 50, after 3
 * warm-up runs). The DynamoDB requests of a run (the join's own, the fan-out and the attempts)
 * are counted with 0, 1 and 3 endpoints subscribed, which gives the cost of each delivery. The
 * machine's load average is printed before and after.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { WebhookWithSecret } from '@clubs/shared';
import { startBus } from '../tests/support/bus.ts';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 3;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

bench.runBench(
  { runs: RUNS, warmup: WARMUP },
  'in-process handlers, the local bus (webhook routes only), a loopback endpoint, DynamoDB Local',
  async (store) => {
    console.log(`load average before: ${load()}`);
    process.env.WEBHOOK_LOCAL_ENDPOINTS = 'true';
    const arrived = new Map<string, number>();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const at = performance.now();
        const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { memberId?: string } };
        if (message.data.memberId && !arrived.has(message.data.memberId))
          arrived.set(message.data.memberId, at);
        res.writeHead(204).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const bus = await startBus(undefined, ['WebhookChanges', 'WebhookAttempts']);
    try {
      await store.useTable('bench_webhooks');
      const { addClub, addPerson } = await import('../tests/support/members.ts');
      const { handler: memberships } = await import('@clubs/functions/routes/memberships');
      const { handler: clubAdmin } = await import('@clubs/functions/routes/club-admin');
      const ownerId = await addPerson('Bench Owner');
      const club = await addClub({ ownerId });

      const subscribe = async (eventTypes: string[]) => {
        const made = await invoke<WebhookWithSecret>(
          clubAdmin,
          httpEvent('createWebhook', {
            params: { clubId: club.id },
            body: { url, eventTypes },
            claims: memberClaims(ownerId),
          }),
        );
        if (made.status !== 201)
          throw new Error(`createWebhook: ${made.status} ${JSON.stringify(made.body)}`);
      };

      /** One join: its latency to the endpoint (null with no endpoint) and its DynamoDB requests. */
      const join = async () => {
        const userId = await addPerson('Bench Joiner');
        store.meter.reset();
        const started = performance.now();
        const res = await invoke(
          memberships,
          httpEvent('requestMembership', { params: { clubId: club.id }, claims: memberClaims(userId) }),
        );
        if (res.status >= 300)
          throw new Error(`requestMembership: ${res.status} ${JSON.stringify(res.body)}`);
        await bus.idle();
        const at = arrived.get(userId);
        return { latency: at === undefined ? null : at - started, requests: store.meter.requests };
      };
      const meanRequests = async (runs: number) => {
        let total = 0;
        for (let i = 0; i < runs; i++) total += (await join()).requests;
        return total / runs;
      };

      const none = await meanRequests(5);
      await subscribe(['membership.requested']);
      for (let i = 0; i < WARMUP; i++) await join();
      const latencies: number[] = [];
      let oneEndpoint = 0;
      for (let i = 0; i < RUNS; i++) {
        const run = await join();
        if (run.latency === null) throw new Error('the endpoint got nothing');
        latencies.push(run.latency);
        oneEndpoint += run.requests;
      }
      oneEndpoint /= RUNS;
      await subscribe(['membership.requested']);
      await subscribe(['membership.requested']);
      const threeEndpoints = await meanRequests(5);
      const perDelivery = (threeEndpoints - oneEndpoint) / 2;

      latencies.sort((a, b) => a - b);
      const p50 = bench.percentile(latencies, 0.5);
      const p95 = bench.percentile(latencies, 0.95);
      console.log(
        [
          `\nJoin → endpoint, ${RUNS} joins one after another: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
          `DynamoDB requests per join: ${none.toFixed(1)} with no endpoint (the join and the fan-out's Query), ` +
            `${oneEndpoint.toFixed(1)} with one, ${threeEndpoints.toFixed(1)} with three: ${perDelivery.toFixed(1)} per delivery`,
          `load average after: ${load()}`,
        ].join('\n'),
      );
      return {
        header: ['endpoints', 'p50 ms', 'p95 ms', 'DynamoDB requests / join', 'per delivery'],
        rows: [
          [0, '-', '-', none.toFixed(1), '-'],
          [1, p50.toFixed(0), p95.toFixed(0), oneEndpoint.toFixed(1), (oneEndpoint - none).toFixed(1)],
          [3, '-', '-', threeEndpoints.toFixed(1), perDelivery.toFixed(1)],
        ],
      };
    } finally {
      await bus.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
);
