/**
 * One Lambda per handler group of the event manifest (shared/src/bus/routing.ts): `defineConsumer`
 * builds its handler from the group's routes and a handler per detail-type, so a detail-type
 * routed to the group without a handler does not compile. The middy chain is the same for every
 * group: structured logging with the invocation's context, then each event matched against the
 * group's routes (its source, its detail-type and how it arrives: from the rule directly or
 * through the route's queue) and its detail parsed by the handler's schema. A queue's batch goes
 * through Powertools' BatchProcessor, so a record that fails is reported alone and only it is
 * delivered again; an event the group does not take, or whose detail does not parse, is
 * acknowledged and logged, never retried.
 */

import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import {
  type AnyChangeEvent,
  anyChangeEventSchema,
  type DeliveryOf,
  type DetailTypeOf,
  detailTypesOf,
  EVENT_ROUTES,
  type EventHandlerGroup,
} from '@clubs/shared';
import middy from '@middy/core';
import type { Context, EventBridgeEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../logger.ts';

export type BusEvent = EventBridgeEvent<string, unknown>;

/** What a handler is told besides the parsed detail. */
export interface Delivery {
  readonly event: BusEvent;
  readonly context: Context;
  /** The SQS message that carried the event, when its route is queued. */
  readonly messageId?: string;
}

/** What became of an event. */
export type Outcome = 'processed' | 'ignored' | 'duplicate';

export interface ConsumerEntry<Detail> {
  readonly schema: z.ZodType<Detail>;
  readonly handle: (detail: Detail, delivery: Delivery) => Promise<Outcome>;
}

/** A direct delivery's answer (Lambda's asynchronous invocation keeps it for nobody but the tests). */
export interface ConsumerStatus {
  status: Outcome;
}

type ResultOf<G extends EventHandlerGroup> =
  | ('direct' extends DeliveryOf<G> ? ConsumerStatus : never)
  | ('queued' extends DeliveryOf<G> ? SQSBatchResponse : never);
type InputOf<G extends EventHandlerGroup> =
  | ('direct' extends DeliveryOf<G> ? BusEvent : never)
  | ('queued' extends DeliveryOf<G> ? SQSEvent : never);

/** Lambda passes the context; a test may leave it out (middy then gives an empty one). */
export type ConsumerHandler<G extends EventHandlerGroup> = (
  event: InputOf<G>,
  context?: Context,
) => Promise<ResultOf<G>>;

export interface ConsumerOptions {
  /** The error line of a queued record that failed (it is delivered again). */
  readonly failureMessage?: string;
}

/** The same handler for each of `types` (e.g. every change event a group takes). */
export function sameForEach<const T extends string, Detail>(
  types: readonly T[],
  schemaOf: (type: T) => z.ZodType<Detail>,
  handle: ConsumerEntry<Detail>['handle'],
): { [K in T]: ConsumerEntry<Detail> } {
  const entries = types.map((type) => [type, { schema: schemaOf(type), handle }]);
  return Object.fromEntries(entries) as { [K in T]: ConsumerEntry<Detail> };
}

/**
 * A change event's detail-type is its `type`: the bus carries it beside the detail, the change
 * event schemas read it inside.
 */
export function withDetailType<Schema extends z.ZodType>(
  type: string,
  schema: Schema,
): z.ZodType<z.output<Schema>> {
  return z.preprocess(
    (detail) => (detail && typeof detail === 'object' ? { ...detail, type } : detail),
    schema,
  ) as unknown as z.ZodType<z.output<Schema>>;
}

const busEventSchema = z.object({
  source: z.string(),
  'detail-type': z.string(),
  detail: z.unknown(),
});

const isQueueEvent = (event: unknown): event is SQSEvent =>
  Array.isArray((event as { Records?: unknown } | null)?.Records);

export function defineConsumer<
  G extends EventHandlerGroup,
  Details extends { [T in DetailTypeOf<G>]: unknown },
>(
  group: G,
  handlers: { [T in keyof Details]: ConsumerEntry<Details[T]> },
  options: ConsumerOptions = {},
): ConsumerHandler<G> {
  /** `source detail-type` → whether the group takes it through a queue. */
  const routes = new Map<string, boolean>();
  for (const route of EVENT_ROUTES) {
    if (route.group !== group) continue;
    for (const type of route.detailTypes) routes.set(`${route.source} ${type}`, 'queued' in route);
  }
  const sources = new Set<string>(
    EVENT_ROUTES.filter((route) => route.group === group).map((route) => route.source),
  );
  const entries = handlers as unknown as Record<string, ConsumerEntry<unknown>>;
  // The types check this already; a map built at run time (sameForEach) is checked here too.
  const unhandled = detailTypesOf(group).filter((type) => !Object.hasOwn(entries, type));
  if (unhandled.length > 0) throw new Error(`${group}: no handler for ${unhandled.join(', ')}`);

  const malformed = (fields: { source?: string; detailType?: string; messageId?: string }): Outcome => {
    logger.warn('ignored malformed event', fields);
    return 'ignored';
  };

  const consume = async (input: unknown, context: Context, messageId?: string): Promise<Outcome> => {
    const event = busEventSchema.safeParse(input);
    if (!event.success) return malformed({ messageId });
    const { source, 'detail-type': detailType, detail } = event.data;
    const queued = routes.get(`${source} ${detailType}`);
    if (queued === undefined && sources.has(source)) {
      // A type of one of its sources the manifest routes elsewhere: not malformed, just not ours.
      logger.info('no handler for event type', { source, type: detailType, messageId });
      return 'ignored';
    }
    // Only a routed type is looked up: every one has its handler (checked above).
    const entry = queued === undefined ? undefined : entries[detailType];
    const parsed = entry?.schema.safeParse(detail);
    // A route's events arrive one way only: through its queue, or straight from its rule.
    if (!entry || !parsed?.success || queued !== (messageId !== undefined)) {
      return malformed({ source, detailType, messageId });
    }
    return entry.handle(parsed.data, {
      event: input as BusEvent,
      context,
      ...(messageId ? { messageId } : {}),
    });
  };

  const consumeRecord = async (record: SQSRecord, context: Context): Promise<Outcome> => {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      logger.warn('ignored malformed event', { messageId: record.messageId });
      return 'ignored';
    }
    try {
      return await consume(body, context, record.messageId);
    } catch (error) {
      logger.error(options.failureMessage ?? 'record failed', {
        messageId: record.messageId,
        error: error as Error,
      });
      throw error;
    }
  };

  const dispatch = async (
    event: BusEvent | SQSEvent,
    context: Context,
  ): Promise<ConsumerStatus | SQSBatchResponse> => {
    if (!isQueueEvent(event)) return { status: await consume(event, context) };
    // A processor per invocation: it keeps the batch's records and failures while it runs.
    return processPartialResponse(
      event,
      (record: SQSRecord) => consumeRecord(record, context),
      new BatchProcessor(EventType.SQS),
      // One record after another, as the queue's limits were sized for; a batch whose every
      // record failed reports each of them rather than failing the invocation.
      { context, processInParallel: false, throwOnFullBatchFailure: false },
    );
  };

  // No early timeout: an invocation's promise is its work (Lambda stops it at its deadline anyway,
  // and the local bus, whose runs outlive their time limit, waits for the work itself).
  return middy<BusEvent | SQSEvent, ConsumerStatus | SQSBatchResponse, Error, Context>({
    timeoutEarlyInMillis: 0,
  })
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(dispatch) as unknown as ConsumerHandler<G>;
}

/**
 * A group that takes change events only, each handled alike: every detail-type routed to it is
 * parsed as the change event it names.
 */
export function defineChangeConsumer<G extends EventHandlerGroup>(
  group: G,
  handle: ConsumerEntry<AnyChangeEvent>['handle'],
  options: ConsumerOptions = {},
): ConsumerHandler<G> {
  const types: readonly string[] = detailTypesOf(group);
  const handlers = sameForEach(types, (type) => withDetailType(type, anyChangeEventSchema), handle);
  return defineConsumer(group, handlers as never, options);
}
