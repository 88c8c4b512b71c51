/**
 * Faults: DynamoDB Local stopped in the middle of a transaction, the Stripe simulator gone, and
 * an event handler that keeps failing. The caller always gets a clear 503 with the error JSON,
 * nothing is half-written or half-created, and a parked event is applied once by the replay.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, setDocumentClient, tableName } from '@clubs/functions/data/client';
import { getClub } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { setStripeClient } from '@clubs/functions/stripe/client';
import { replayDeadLetters } from '@clubs/infra/local/dead-letters.ts';
import { type DynamoDbLocal, ensureTable, startDynamoDbLocal } from '@clubs/infra/local/dynamodb.ts';
import type { LocalEventBus } from '@clubs/infra/local/event-bus.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './support/fault-proxy.ts';
import { deliverWebhook, eventOfType, paidClub, payMembership } from './support/payments.ts';
import { writeReport } from './support/summary.ts';
import { snapshotTable, tableDiff } from './support/table.ts';
import { type HttpAnswer, signedPerson, startWorld, type World } from './support/world.ts';

let world: World;
let bus: LocalEventBus;
let dynamo: DynamoDbLocal;
let dynamoProxy: FaultProxy;
let stripeProxy: FaultProxy;
let dir: string;
let dynamoPort: number;
const counts = { passed: 0, total: 0 };

beforeAll(async () => {
  // A DynamoDB Local of this file's own, on disk (it is stopped and started again), behind a proxy.
  dir = mkdtempSync(join(tmpdir(), 'clubs-faults-'));
  dynamoPort = await freePort();
  dynamo = await startDynamoDbLocal({ port: dynamoPort, dbPath: join(dir, 'db') });
  dynamoProxy = await startFaultProxy(dynamoPort);
  process.env.DYNAMODB_ENDPOINT = dynamoProxy.url;
  setDocumentClient(undefined);
  await ensureTable(dynamo.endpoint, tableName());
  world = await startWorld({ deadLetterFile: join(dir, 'dead-letters.jsonl') });
  bus = world.bus;
  // Stripe behind a proxy too; the functions make their client from the environment.
  stripeProxy = await startFaultProxy(world.stripe.server.port);
  process.env.STRIPE_API_BASE = stripeProxy.url;
  setStripeClient(undefined);
}, 180_000);

afterAll(async () => {
  writeReport(inject('securityReportDir'), 'faults', { faults: counts });
  await world?.stop();
  await stripeProxy?.stop();
  await dynamoProxy?.stop();
  await dynamo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function row(body: () => Promise<void>) {
  counts.total += 1;
  await body();
  counts.passed += 1;
}

const errorCode = (answer: HttpAnswer) =>
  (answer.json as { error?: { code?: string } } | undefined)?.error?.code;

async function ownedItems(ownerId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :owner',
      ExpressionAttributeValues: { ':owner': `OWNER#${ownerId}` },
    }),
  );
  return Items;
}

describe('faults', () => {
  it('DynamoDB Local stopped mid-transaction: 503 with the error JSON, and the club is all or nothing', async () => {
    await row(async () => {
      const creator = signedPerson('creator');
      let stopped: Promise<void> | undefined;
      // The moment the transaction reaches DynamoDB Local, the process is killed (a crash, not a shutdown).
      dynamoProxy.onRequest((chunk) => {
        if (
          !stopped &&
          /x-amz-target:\s*DynamoDB_20120810\.TransactWriteItems/i.test(chunk.toString('latin1'))
        ) {
          stopped = new Promise<void>((resolve) => {
            dynamo.process.once('exit', () => resolve());
            dynamo.process.kill('SIGKILL');
          });
        }
      });
      const answer = await world.call(creator, {
        method: 'POST',
        path: '/api/clubs',
        body: JSON.stringify({ name: 'Crash Club', description: 'Started as the database died.' }),
      });
      dynamoProxy.onRequest(null);
      expect(stopped, 'the transaction reached DynamoDB Local').toBeDefined();
      await stopped;
      expect(answer.status).toBe(503);
      expect(errorCode(answer)).toBe('unavailable');

      // While it is down, a read answers the same way.
      const read = await world.call(creator, { method: 'GET', path: '/api/me' });
      expect([read.status, errorCode(read)]).toEqual([503, 'unavailable']);

      dynamo = await startDynamoDbLocal({ port: dynamoPort, dbPath: join(dir, 'db') });
      setDocumentClient(undefined);
      const items = await ownedItems(creator.id);
      // Either the whole transaction (the club and its owner's membership) or none of it.
      if (items.length > 0) {
        const clubId = items[0]?.id as string;
        expect(await getMembership(clubId, creator.id)).toMatchObject({
          role: 'club_owner',
          status: 'active',
        });
        expect((await getClub(clubId))?.memberCount).toBe(1);
      } else {
        const { Items = [] } = await db().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'gsi3',
            KeyConditionExpression: 'gsi3pk = :user',
            ExpressionAttributeValues: { ':user': `USER#${creator.id}` },
          }),
        );
        expect(Items).toEqual([]);
      }
    });
  });

  it('the Stripe simulator down: checkout answers 503 with the error JSON and creates nothing', async () => {
    await row(async () => {
      const owner = signedPerson('unpaid-owner');
      const created = await world.call(owner, {
        method: 'POST',
        path: '/api/clubs',
        body: JSON.stringify({ name: 'Waiting Club', description: 'Not paid yet.' }),
      });
      expect(created.status).toBe(201);
      const clubId = (created.json as { id: string }).id;
      // The club's creation is heard by the event consumers (its owner's search card): let them finish.
      await world.bus.idle();
      const before = await snapshotTable();
      const stripeBefore = world.stripeWrites();
      stripeProxy.down();
      try {
        const answer = await world.call(owner, {
          method: 'POST',
          path: `/api/clubs/${clubId}/plan-checkout`,
          body: JSON.stringify({ plan: 'monthly' }),
        });
        expect([answer.status, errorCode(answer)]).toEqual([503, 'unavailable']);
        expect(answer.text).not.toMatch(/ECONNREFUSED|StripeConnectionError|\n\s+at /);
      } finally {
        stripeProxy.up();
      }
      await world.bus.idle();
      expect(tableDiff(before, await snapshotTable())).toEqual({ added: [], removed: [] });
      expect(world.stripeWrites()).toBe(stripeBefore);
    });
  });

  it('an event handler that keeps failing is retried, parked in the dead-letter file, and the replay applies it once', async () => {
    await row(async () => {
      // What earlier rows parked (a consumer that met DynamoDB Local's crash, after its retries) is
      // theirs: once the bus is idle nothing of theirs is in flight, and this row's file starts empty.
      await bus.idle();
      writeFileSync(join(dir, 'dead-letters.jsonl'), '');
      const { clubId } = await paidClub(world);
      const member = signedPerson('parked');
      const completed = eventOfType(await payMembership(world, clubId, member), 'checkout.session.completed');
      // The handler re-reads the subscription from Stripe: with Stripe away, every attempt fails.
      stripeProxy.down();
      const attemptsBefore = stripeProxy.connections();
      try {
        const answer = await deliverWebhook(world, completed);
        expect(answer.status).toBe(200);
        await bus.idle();
      } finally {
        stripeProxy.up();
      }
      expect(stripeProxy.connections() - attemptsBefore, 'delivery attempts').toBeGreaterThanOrEqual(3);
      const parked = readFileSync(join(dir, 'dead-letters.jsonl'), 'utf8').trim().split('\n');
      expect(parked).toHaveLength(1);
      expect(JSON.parse(parked[0] as string).event.detail.id).toBe(completed.id);
      expect(await getMembership(clubId, member.id)).toMatchObject({ status: 'pending' });

      expect(await replayDeadLetters(join(dir, 'dead-letters.jsonl'))).toEqual({
        replayed: 1,
        failed: 0,
        unreadable: 0,
      });
      expect(await getMembership(clubId, member.id)).toMatchObject({ status: 'active' });
      expect((await getClub(clubId))?.memberCount).toBe(2);
      expect(readFileSync(join(dir, 'dead-letters.jsonl'), 'utf8')).toBe('');

      // Replaying the same line again (a second operator, a restored file) changes nothing.
      writeFileSync(join(dir, 'dead-letters.jsonl'), `${parked[0]}\n`);
      expect(await replayDeadLetters(join(dir, 'dead-letters.jsonl'))).toMatchObject({
        replayed: 1,
        failed: 0,
      });
      expect((await getClub(clubId))?.memberCount).toBe(2);
    });
  });
});
