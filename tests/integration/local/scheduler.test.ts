/**
 * The local EventBridge Scheduler emulation, through the AWS SDK's SchedulerClient: the API's
 * answers and errors as AWS gives them for one-time schedules targeting a bus, a due schedule's
 * event put on the bus (then the schedule deleted if it asked for that), and schedules kept in
 * their file across a restart.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { listenOn } from '@clubs/infra/local/ports.ts';
import { type LocalScheduler, type PutEntry, startLocalScheduler } from '@clubs/infra/local/scheduler.ts';
import { afterEach, describe, expect, it } from 'vitest';

const BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/clubs-events';
const GROUP = 'clubs-test';

interface Running {
  scheduler: LocalScheduler;
  server: Server;
  client: SchedulerClient;
  /** The entries the schedules put on the bus. */
  put: Parameters<PutEntry>[0][];
}
const running: Running[] = [];

async function start(file?: string): Promise<Running> {
  const put: Running['put'] = [];
  const scheduler = await startLocalScheduler({
    file,
    tickMs: 20,
    put: (entry) => {
      put.push(entry);
      return { EventId: String(put.length) };
    },
    log: () => undefined,
  });
  const server = createServer((req, res) => {
    void scheduler.handle(req, res, new URL(req.url ?? '/', 'http://scheduler.local')).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  const port = await listenOn(server, 0, '127.0.0.1');
  const client = new SchedulerClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const started = { scheduler, server, client, put };
  running.push(started);
  return started;
}

async function stop(run: Running) {
  run.client.destroy();
  await run.scheduler.stop();
  await new Promise<void>((resolve) => run.server.close(() => resolve()));
  running.splice(running.indexOf(run), 1);
}
afterEach(async () => {
  for (const run of [...running]) await stop(run);
});

const oneTime = (name: string, at: string, extra: Partial<CreateScheduleCommandInput> = {}) =>
  ({
    Name: name,
    GroupName: GROUP,
    ScheduleExpression: `at(${at})`,
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: BUS,
      RoleArn: 'arn:aws:iam::000000000000:role/scheduler',
      Input: JSON.stringify({ name }),
      EventBridgeParameters: { Source: 'clubs.test', DetailType: 'test.due' },
    },
    ...extra,
  }) satisfies CreateScheduleCommandInput;

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the local Scheduler', () => {
  it('creates, reads, moves, lists and deletes one-time schedules, refusing what AWS refuses', async () => {
    const { client } = await start();
    const created = await client.send(
      new CreateScheduleCommand(oneTime('reminder-a', '2099-01-14T19:00:00')),
    );
    expect(created.ScheduleArn).toBe(`arn:aws:scheduler:us-east-1:000000000000:schedule/${GROUP}/reminder-a`);
    expect(
      await rejection(client.send(new CreateScheduleCommand(oneTime('reminder-a', '2099-01-01T00:00:00')))),
    ).toBeInstanceOf(ConflictException);

    await client.send(new UpdateScheduleCommand(oneTime('reminder-a', '2099-02-01T08:30:00')));
    const read = await client.send(new GetScheduleCommand({ Name: 'reminder-a', GroupName: GROUP }));
    expect(read).toMatchObject({
      Name: 'reminder-a',
      GroupName: GROUP,
      ScheduleExpression: 'at(2099-02-01T08:30:00)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: { Arn: BUS, EventBridgeParameters: { Source: 'clubs.test', DetailType: 'test.due' } },
    });
    expect(read.CreationDate).toBeInstanceOf(Date);

    await client.send(new CreateScheduleCommand(oneTime('other-b', '2099-01-14T19:00:00')));
    const listed = await client.send(new ListSchedulesCommand({ GroupName: GROUP, NamePrefix: 'reminder-' }));
    expect(listed.Schedules?.map((s) => s.Name)).toEqual(['reminder-a']);

    // Another group's schedule of the same name is another schedule.
    expect(
      await rejection(client.send(new GetScheduleCommand({ Name: 'reminder-a', GroupName: 'elsewhere' }))),
    ).toBeInstanceOf(ResourceNotFoundException);
    expect(
      await rejection(client.send(new UpdateScheduleCommand(oneTime('missing', '2099-01-01T00:00:00')))),
    ).toBeInstanceOf(ResourceNotFoundException);
    for (const bad of [
      oneTime('cron', '', { ScheduleExpression: 'cron(0 8 * * ? *)' }),
      oneTime('zone', '2099-01-01T00:00:00', { ScheduleExpressionTimezone: 'Europe/Paris' }),
      oneTime('queue', '2099-01-01T00:00:00', {
        Target: { Arn: 'arn:aws:sqs:us-east-1:000000000000:queue', RoleArn: 'arn:aws:iam::0:role/r' },
      }),
      oneTime('bad name!', '2099-01-01T00:00:00'),
    ]) {
      expect(await rejection(client.send(new CreateScheduleCommand(bad))), bad.Name).toBeInstanceOf(
        ValidationException,
      );
    }

    await client.send(new DeleteScheduleCommand({ Name: 'reminder-a', GroupName: GROUP }));
    expect(
      await rejection(client.send(new DeleteScheduleCommand({ Name: 'reminder-a', GroupName: GROUP }))),
    ).toBeInstanceOf(ResourceNotFoundException);
  });

  it("puts a due schedule's event on the bus once, then deletes it or keeps it as asked", async () => {
    const run = await start();
    await run.client.send(new CreateScheduleCommand(oneTime('due-delete', '2020-01-01T00:00:00')));
    await run.client.send(
      new CreateScheduleCommand(
        oneTime('due-keep', '2020-01-01T00:00:00', { ActionAfterCompletion: 'NONE' }),
      ),
    );
    await run.client.send(new CreateScheduleCommand(oneTime('later', '2099-01-01T00:00:00')));
    await expect.poll(() => run.put.length).toBe(2);
    expect(run.put.map((entry) => entry.Detail).sort()).toEqual(
      [JSON.stringify({ name: 'due-delete' }), JSON.stringify({ name: 'due-keep' })].sort(),
    );
    expect(run.put[0]).toMatchObject({ Source: 'clubs.test', DetailType: 'test.due', EventBusName: BUS });
    expect(
      await rejection(run.client.send(new GetScheduleCommand({ Name: 'due-delete', GroupName: GROUP }))),
    ).toBeInstanceOf(ResourceNotFoundException);
    expect((await run.client.send(new GetScheduleCommand({ Name: 'due-keep', GroupName: GROUP }))).Name).toBe(
      'due-keep',
    );
    // A one-time schedule fires once, however many ticks pass.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run.put).toHaveLength(2);
  });

  it('keeps its schedules in its file: one due while it was stopped fires at the next start', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'clubs-scheduler-')), 'schedules.json');
    const first = await start(file);
    await first.client.send(new CreateScheduleCommand(oneTime('kept', '2099-01-01T00:00:00')));
    const soon = new Date(Date.now() + 1500).toISOString().slice(0, 19);
    await first.client.send(new CreateScheduleCommand(oneTime('due-soon', soon)));
    await stop(first);
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const second = await start(file);
    expect(
      (await second.client.send(new GetScheduleCommand({ Name: 'kept', GroupName: GROUP })))
        .ScheduleExpression,
    ).toBe('at(2099-01-01T00:00:00)');
    await expect
      .poll(() => second.put.map((entry) => entry.Detail))
      .toEqual([JSON.stringify({ name: 'due-soon' })]);
  });
});
