/**
 * defineConsumer on the manifest's real groups, with test handlers: every routed detail-type needs
 * a handler; an event the group does not take, or whose detail does not parse, is acknowledged
 * and logged; a queued record that fails is reported alone while the batch's others succeed.
 */
import { defineConsumer, sameForEach } from '@clubs/functions/bus/consumer-handler';
import { logger } from '@clubs/functions/logger';
import {
  CHANGE_EVENT_TYPES,
  detailTypesOf,
  EVENT_BUS,
  PLATFORM_EVENTS,
  QUIET_CHANGE_TYPES,
} from '@clubs/shared';
import type { EventBridgeEvent, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { lambdaContext } from '../support/http-event.ts';

const eventChangeSchema = z.object({ clubId: z.string(), eventId: z.string() });

const busEvent = (
  source: string,
  detailType: string,
  detail: unknown,
): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: `bus-${detailType}`,
  'detail-type': detailType,
  source,
  account: '000000000000',
  time: '2030-01-01T00:00:00.000Z',
  region: 'us-east-1',
  resources: [],
  detail,
});

const record = (messageId: string, body: string): SQSRecord => ({
  messageId,
  receiptHandle: messageId,
  body,
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: '0',
    SenderId: 'events',
    ApproximateFirstReceiveTimestamp: '0',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:queue',
  awsRegion: 'us-east-1',
});

const eventChange = (messageId: string, eventId: string, type: string = CHANGE_EVENT_TYPES.eventCreated) =>
  record(messageId, JSON.stringify(busEvent(EVENT_BUS.domainSource, type, { clubId: 'C1', eventId })));

/** The event-reminders group (queued) with a handler that fails for the event id `fails`. */
function reminders() {
  const handled: string[] = [];
  const handler = defineConsumer(
    'event-reminders',
    sameForEach(
      detailTypesOf('event-reminders'),
      () => eventChangeSchema,
      async ({ eventId }) => {
        if (eventId === 'fails') throw new Error('the Scheduler refused');
        handled.push(eventId);
        return 'processed';
      },
    ),
    { failureMessage: 'event reminder schedule failed' },
  );
  return { handler, handled };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('defineConsumer', () => {
  it('refuses a handler map that leaves out a detail-type routed to the group', () => {
    const billing = { schema: z.object({ clubId: z.string() }), handle: async () => 'processed' as const };
    expect(() =>
      defineConsumer(
        'club-billing',
        // @ts-expect-error: club.status-changed is routed to club-billing and has no handler.
        { [PLATFORM_EVENTS.suspensionChanged]: billing },
      ),
    ).toThrow(`club-billing: no handler for ${PLATFORM_EVENTS.statusChanged}`);
    expect(() =>
      defineConsumer('club-billing', {
        [PLATFORM_EVENTS.suspensionChanged]: billing,
        [PLATFORM_EVENTS.statusChanged]: billing,
      }),
    ).not.toThrow();
  });

  it('reports the one failing record of a batch alone; the others are handled', async () => {
    const { handler, handled } = reminders();
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const answer = await handler(
      {
        Records: [
          eventChange('m1', 'E1'),
          eventChange('m2', 'fails'),
          eventChange('m3', 'E3', QUIET_CHANGE_TYPES.eventChanged),
        ],
      },
      lambdaContext,
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(handled).toEqual(['E1', 'E3']);
    expect(error).toHaveBeenCalledWith(
      'event reminder schedule failed',
      expect.objectContaining({ messageId: 'm2' }),
    );
  });

  it('reports every record of a batch that failed whole, one by one', async () => {
    const { handler } = reminders();
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const answer = await handler({ Records: [eventChange('m1', 'fails'), eventChange('m2', 'fails')] });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
  });

  it('acknowledges and logs a malformed record: a body that is no JSON, a detail that does not parse, a direct delivery of a queued route', async () => {
    const { handler, handled } = reminders();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const malformed: SQSEvent = {
      Records: [
        record('m1', '{"detail-type":'),
        record(
          'm2',
          JSON.stringify(busEvent(EVENT_BUS.domainSource, CHANGE_EVENT_TYPES.eventCreated, { clubId: 7 })),
        ),
        eventChange('m3', 'E3'),
      ],
    };
    expect(await handler(malformed, lambdaContext)).toEqual({ batchItemFailures: [] });
    expect(handled).toEqual(['E3']);
    const ignored = warn.mock.calls.filter(([message]) => message === 'ignored malformed event');
    expect(ignored.map(([, fields]) => (fields as { messageId?: string }).messageId)).toEqual(['m1', 'm2']);

    // Its routes are queued: the same event straight from a rule is not one the group takes.
    const direct = busEvent(EVENT_BUS.domainSource, CHANGE_EVENT_TYPES.eventCreated, {
      clubId: 'C1',
      eventId: 'E4',
    });
    const answer = await (handler as (event: unknown) => Promise<unknown>)(direct);
    expect(answer).toEqual({ status: 'ignored' });
    expect(handled).toEqual(['E3']);
  });

  it('answers a direct delivery with what became of it, and ignores a type routed elsewhere', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const handler = defineConsumer(
      'club-billing',
      sameForEach(
        detailTypesOf('club-billing'),
        () => z.object({ clubId: z.string() }),
        async ({ clubId }) => (clubId === 'gone' ? 'ignored' : 'processed'),
      ),
    );
    const of = (detailType: string, detail: unknown) =>
      handler(busEvent(EVENT_BUS.platformSource, detailType, detail), lambdaContext);

    expect(await of(PLATFORM_EVENTS.statusChanged, { clubId: 'C1' })).toEqual({ status: 'processed' });
    expect(await of(PLATFORM_EVENTS.suspensionChanged, { clubId: 'gone' })).toEqual({ status: 'ignored' });
    expect(await of(PLATFORM_EVENTS.statusChanged, { club: 'C1' })).toEqual({ status: 'ignored' });
    expect(warn).toHaveBeenCalledWith(
      'ignored malformed event',
      expect.objectContaining({ detailType: PLATFORM_EVENTS.statusChanged }),
    );
    expect(await of('club.renamed', { clubId: 'C1' })).toEqual({ status: 'ignored' });
    expect(info).toHaveBeenCalledWith(
      'no handler for event type',
      expect.objectContaining({ type: 'club.renamed' }),
    );
    const foreign = busEvent('clubs.elsewhere', PLATFORM_EVENTS.statusChanged, { clubId: 'C1' });
    expect(await handler(foreign, lambdaContext)).toEqual({ status: 'ignored' });
    expect(warn).toHaveBeenCalledWith(
      'ignored malformed event',
      expect.objectContaining({ source: 'clubs.elsewhere' }),
    );
    // A detail-type that names something every object has is no handler either.
    for (const hostile of ['constructor', '__proto__', 'toString']) {
      expect(await handler(busEvent('clubs.elsewhere', hostile, {}), lambdaContext)).toEqual({
        status: 'ignored',
      });
    }
    expect(await handler({ detail: {} } as never, lambdaContext)).toEqual({ status: 'ignored' });
  });

  it("a failing direct delivery's error is thrown, so the bus delivers it again", async () => {
    const handler = defineConsumer(
      'club-billing',
      sameForEach(
        detailTypesOf('club-billing'),
        () => z.object({ clubId: z.string() }),
        async () => {
          throw new Error('Stripe is down');
        },
      ),
    );
    await expect(
      handler(busEvent(EVENT_BUS.platformSource, PLATFORM_EVENTS.statusChanged, { clubId: 'C1' })),
    ).rejects.toThrow('Stripe is down');
  });
});
