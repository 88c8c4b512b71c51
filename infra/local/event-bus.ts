/**
 * The local stand-in for EventBridge: an endpoint speaking EventBridge's JSON protocol for
 * PutEvents, so the AWS SDK's EventBridgeClient works unchanged with `endpoint` set. Each entry
 * becomes an EventBridge event and is delivered, asynchronously, to every rule of the shared
 * event manifest it matches, by invoking that rule's handler module. Failed deliveries are
 * retried with backoff, then written to a dead-letter file. A queued route's deliveries run at
 * most as many at once as its SQS event source hands to its function in AWS.
 *
 * The same server also answers the Lambda Invoke REST API (POST
 * /2015-03-31/functions/{name}/invocations) for local functions, e.g. cognito-local's triggers,
 * and EventBridge Scheduler's API (scheduler.ts), whose schedules put their events on this bus.
 *
 * Given the table (`stream`), it also reads the table's stream as the change stream's event
 * source mapping does in AWS (change-stream.ts) and hands its records to the change-stream
 * consumer, which puts the change events on this bus.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { EVENT_BUS, EVENT_QUEUE_LIMITS, FUNCTION_TIMEOUT_SECONDS, matchEventRoutes } from '@clubs/shared';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { type ChangeStreamReader, startChangeStreamReader } from './change-stream.ts';
import { LOCAL_REGION } from './config.ts';
import { HandlerRegistry, invokeHandler, type LambdaHandler } from './lambda-runtime.ts';
import { listenOn } from './ports.ts';
import { PayloadTooLarge, readBody } from './read-body.ts';
import { startLocalScheduler } from './scheduler.ts';

const ACCOUNT = '000000000000';
/** The consumer of the table's stream (functions/src/consumers/change-stream.ts). */
const CHANGE_STREAM_HANDLER = 'change-stream';
/** PutEvents takes at most 10 entries, each at most 256 KB. */
const MAX_ENTRIES = 10;
const MAX_ENTRY_BYTES = 256 * 1024;
const MAX_REQUEST_BYTES = 1024 * 1024;
/** The event functions' own limit (the CDK gives them the same). */
const TARGET_TIMEOUT_MS = FUNCTION_TIMEOUT_SECONDS.consumer * 1000;
/** Records of one queued route delivered at once: AWS's invocations at once times their batch. */
const QUEUED_AT_ONCE = EVENT_QUEUE_LIMITS.maxConcurrency * EVENT_QUEUE_LIMITS.batchSize;

const noop = () => undefined;

/** A local function answering the Lambda Invoke API. */
export type LocalFunction = (event: unknown) => Promise<unknown> | unknown;

export interface EventBusOptions {
  port: number;
  host?: string;
  /** The custom bus the manifest's rules are on (EVENT_BUS_NAME). */
  busName?: string;
  handlersDir?: string;
  /** Delivery attempts per target before dead-lettering (EventBridge retries for up to 24 h). */
  maxAttempts?: number;
  /** Delay before the second attempt; doubles each time. */
  retryBaseMs?: number;
  /** JSON lines of undeliverable events are appended here. */
  deadLetterFile?: string;
  /** Functions reachable through the Lambda Invoke API, by name. */
  functions?: Record<string, LocalFunction>;
  /** A target's time limit (an event function's, FUNCTION_TIMEOUT_SECONDS.consumer, when absent). */
  targetTimeoutMs?: number;
  /** Only these routes of the event manifest deliver (by id), e.g. a test of one consumer; all when absent. */
  routes?: readonly string[];
  /** Where the Scheduler emulation keeps its schedules (in memory when absent). */
  schedulesFile?: string;
  /** The table whose stream feeds the change-stream consumer (none: no change events from a stream). */
  stream?: {
    endpoint: string;
    tableName: string;
    /** Where the reader keeps how far it read each shard (none: it reads from the oldest record). */
    checkpointFile?: string;
  };
  log?: (message: string) => void;
}

export interface EventBridgeEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface LocalEventBus {
  url: string;
  port: number;
  server: Server;
  /**
   * Resolves once every delivery started so far has finished and the table's stream holds no
   * record not yet handed over (tests wait on it).
   */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface PutEventsEntry {
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
  EventBusName?: unknown;
  Resources?: unknown;
  Time?: unknown;
}

type EntryResult = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

/** The request's JSON; errors carry the code the handler answers in AWS's words. */
async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  let text: string;
  try {
    text = (await readBody(req, limit)).toString('utf8');
  } catch (error) {
    if (error instanceof PayloadTooLarge)
      throw Object.assign(new Error('Request too large'), { code: 'TooLarge' });
    throw error;
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw Object.assign(new Error('The request body is not valid JSON'), { code: 'SerializationException' });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

/** AWS JSON-protocol errors: `{ "__type": ..., "message": ... }`. */
const sendAwsError = (res: ServerResponse, status: number, type: string, message: string) =>
  sendJson(res, status, { __type: type, message }, { 'x-amzn-errortype': type });

/** Accepts `clubs-events`, or an ARN ending in `event-bus/clubs-events`. */
function busNameOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return 'default';
  const arn = /^arn:aws:events:[^:]*:[^:]*:event-bus\/(.+)$/.exec(value);
  return arn?.[1] ?? value;
}

/** The SQS event a queue-routed rule's function receives: one record whose body is the event. */
export function queueEventOf(event: EventBridgeEvent, attempt: number) {
  return {
    Records: [
      {
        messageId: `${event.id}-${attempt}`,
        receiptHandle: event.id,
        body: JSON.stringify(event),
        attributes: { ApproximateReceiveCount: String(attempt) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:${LOCAL_REGION}:${ACCOUNT}:clubs-local-queue`,
        awsRegion: LOCAL_REGION,
      },
    ],
  };
}

export async function startEventBus(options: EventBusOptions): Promise<LocalEventBus> {
  const host = options.host ?? '127.0.0.1';
  const busName = options.busName ?? EVENT_BUS.defaultName;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const targetTimeoutMs = options.targetTimeoutMs ?? TARGET_TIMEOUT_MS;
  const registry = new HandlerRegistry(options.handlersDir);
  const log = options.log ?? ((message: string) => console.error(message));
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const deadLetter = async (event: EventBridgeEvent, ruleId: string, error: unknown, attempts: number) => {
    const message = error instanceof Error ? error.message : String(error);
    log(
      `[event-bus] gave up delivering ${event['detail-type']} (${event.id}) to rule ${ruleId} after ${attempts} attempts: ${message}`,
    );
    if (!options.deadLetterFile) return;
    const line = JSON.stringify({
      failedAt: new Date().toISOString(),
      rule: ruleId,
      attempts,
      error: message,
      event,
    });
    await mkdir(dirname(options.deadLetterFile), { recursive: true });
    await appendFile(options.deadLetterFile, `${line}\n`);
  };

  // A queued route's deliveries run at most as many at once as its SQS event source hands to
  // its invocations (each local delivery is one record); the others wait their turn.
  const queueSlots = new Map<string, { free: number; waiting: (() => void)[] }>();
  const takeSlot = async (ruleId: string) => {
    const slots = queueSlots.get(ruleId) ?? { free: QUEUED_AT_ONCE, waiting: [] };
    queueSlots.set(ruleId, slots);
    if (slots.free > 0) slots.free -= 1;
    else await new Promise<void>((resolve) => slots.waiting.push(resolve));
    return () => {
      const next = slots.waiting.shift();
      if (next) next();
      else slots.free += 1;
    };
  };

  const deliver = async (event: EventBridgeEvent, ruleId: string, group: string, queued: boolean) => {
    for (let attempt = 1; ; attempt += 1) {
      const release = queued ? await takeSlot(ruleId) : noop;
      try {
        const target = await registry.get(group);
        // A run that outlives its time limit fails its attempt (and is retried) but, unlike a
        // Lambda, is not stopped: idle() waits for it too, so nothing it writes lands unseen.
        const handler: LambdaHandler = (input, context) => {
          const run = target(input, context);
          track(run.then(noop, noop));
          return run;
        };
        if (queued) {
          // As SQS hands a queue's messages to Lambda: the event is a record's body, and the
          // function reports the records it failed.
          const answer = (await invokeHandler(
            handler,
            queueEventOf(event, attempt),
            `clubs-local-${group}`,
            targetTimeoutMs,
          )) as { batchItemFailures?: unknown[] } | undefined;
          if ((answer?.batchItemFailures?.length ?? 0) > 0) throw new Error('the batch reported a failure');
        } else {
          await invokeHandler(handler, event, `clubs-local-${group}`, targetTimeoutMs);
        }
        release();
        return;
      } catch (error) {
        release();
        if (attempt >= maxAttempts || stopping) {
          await deadLetter(event, ruleId, error, attempt).catch((e: unknown) =>
            log(`[event-bus] dead letter failed: ${e}`),
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryBaseMs * 2 ** (attempt - 1)));
      }
    }
  };

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const putEntry = (entry: PutEventsEntry): EntryResult => {
    if (typeof entry.Source !== 'string' || entry.Source === '') {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter Source is not valid.' };
    }
    if (typeof entry.DetailType !== 'string' || entry.DetailType === '') {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter DetailType is not valid.' };
    }
    if (typeof entry.Detail !== 'string' || entry.Detail === '') {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Parameter Detail is not valid.' };
    }
    if (Buffer.byteLength(JSON.stringify(entry)) > MAX_ENTRY_BYTES) {
      return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Entry size exceeds 256 KB.' };
    }
    let detail: unknown;
    try {
      detail = JSON.parse(entry.Detail);
    } catch {
      return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
    }
    if (!detail || typeof detail !== 'object' || Array.isArray(detail)) {
      return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
    }
    const time =
      typeof entry.Time === 'string' || typeof entry.Time === 'number' ? new Date(entry.Time) : new Date();
    const event: EventBridgeEvent = {
      version: '0',
      id: randomUUID(),
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: ACCOUNT,
      time: (Number.isNaN(time.getTime()) ? new Date() : time).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: LOCAL_REGION,
      resources: Array.isArray(entry.Resources) ? entry.Resources.filter((r) => typeof r === 'string') : [],
      detail,
    };
    // A rule matches only the events of its own bus: the custom one, or the account's default
    // bus for AWS services' events (like SES's bounces); other buses match nothing (like AWS).
    const onBus = busNameOf(entry.EventBusName);
    for (const rule of matchEventRoutes(event.source, event['detail-type'])) {
      if (options.routes && !options.routes.includes(rule.id)) continue;
      const ruleBus = 'bus' in rule && rule.bus === 'default' ? 'default' : busName;
      if (onBus === ruleBus)
        track(deliver(event, rule.id, rule.group, 'queued' in rule && rule.queued === true));
    }
    return { EventId: event.id };
  };

  const changeStreamDeadLetter = async (records: readonly unknown[], error: string) => {
    if (!options.deadLetterFile) return;
    const line = JSON.stringify({ failedAt: new Date().toISOString(), rule: 'ChangeStream', error, records });
    await mkdir(dirname(options.deadLetterFile), { recursive: true });
    await appendFile(options.deadLetterFile, `${line}\n`);
  };
  const changeStream: ChangeStreamReader | undefined = options.stream
    ? startChangeStreamReader({
        ...options.stream,
        maxAttempts,
        retryBaseMs,
        deadLetter: changeStreamDeadLetter,
        log,
        deliver: async (event) => {
          const handler = await registry.get(CHANGE_STREAM_HANDLER);
          return (await invokeHandler(
            handler,
            event,
            `clubs-local-${CHANGE_STREAM_HANDLER}`,
            targetTimeoutMs,
          )) as DynamoDBBatchResponse | undefined;
        },
      })
    : undefined;

  const scheduler = await startLocalScheduler({
    file: options.schedulesFile,
    put: (entry) => putEntry(entry),
    log,
  });

  const handlePutEvents = async (req: IncomingMessage, res: ServerResponse) => {
    const body = (await readJson(req, MAX_REQUEST_BYTES)) as { Entries?: unknown };
    const entries = body.Entries;
    if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_ENTRIES) {
      sendAwsError(res, 400, 'ValidationException', `Entries must hold 1 to ${MAX_ENTRIES} entries.`);
      return;
    }
    const results = entries.map((entry) =>
      entry && typeof entry === 'object'
        ? putEntry(entry as PutEventsEntry)
        : { ErrorCode: 'InvalidArgument', ErrorMessage: 'Entry is not valid.' },
    );
    sendJson(res, 200, {
      FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length,
      Entries: results,
    });
  };

  /** The Lambda Invoke REST API, answered by a local function (RequestResponse only). */
  const handleInvoke = async (req: IncomingMessage, res: ServerResponse, name: string) => {
    const fn = options.functions?.[name];
    if (!fn) {
      sendJson(
        res,
        404,
        { Type: 'User', message: `Function not found: ${name}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException', 'content-type': 'application/json' },
      );
      return;
    }
    const event = await readJson(req, 6 * 1024 * 1024);
    try {
      const result = await fn(event);
      const text = JSON.stringify(result ?? null);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
        'x-amz-executed-version': '$LATEST',
      });
      res.end(text);
    } catch (error) {
      const text = JSON.stringify({
        errorType: error instanceof Error ? error.name : 'Error',
        errorMessage: error instanceof Error ? error.message : String(error),
      });
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
        'x-amz-function-error': 'Unhandled',
      });
      res.end(text);
    }
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bus.local');
    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    const work = async () => {
      if (req.method === 'POST' && invoke?.[1]) {
        await handleInvoke(req, res, decodeURIComponent(invoke[1]));
        return;
      }
      if (await scheduler.handle(req, res, url)) return;
      if (req.method !== 'POST' || url.pathname !== '/') {
        req.resume();
        sendAwsError(res, 404, 'UnknownOperationException', 'Not found');
        return;
      }
      const target = req.headers['x-amz-target'];
      if (target !== 'AWSEvents.PutEvents') {
        req.resume();
        sendAwsError(
          res,
          400,
          'UnknownOperationException',
          `Operation ${String(target)} is not supported locally`,
        );
        return;
      }
      await handlePutEvents(req, res);
    };
    work().catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      if (res.headersSent) return;
      if (code === 'SerializationException') sendAwsError(res, 400, 'SerializationException', String(error));
      else if (code === 'TooLarge') sendAwsError(res, 413, 'ValidationException', 'Request too large');
      else {
        log(`[event-bus] ${error instanceof Error ? error.stack : String(error)}`);
        sendAwsError(res, 500, 'InternalException', 'Internal error');
      }
    });
  });
  // The handlers' SDK clients keep their sockets open between puts: a server that closed idle ones
  // after Node's 5 s could close one just as a put went out on it (ECONNRESET, which a handler
  // reads as the bus being unavailable and answers 503), so idle sockets live longer here.
  server.keepAliveTimeout = 65_000;

  const port = await listenOn(server, options.port, host);

  // A delivery may write what the stream carries on (an outbox item), and the stream's records
  // become deliveries: idle once the stream is drained with nothing delivering.
  const idle = async () => {
    for (;;) {
      await changeStream?.drained();
      if (inFlight.size === 0) return;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    }
  };

  return {
    url: `http://${host}:${port}`,
    port,
    server,
    idle,
    stop: async () => {
      stopping = true;
      await changeStream?.stop();
      await scheduler.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // Let deliveries under way finish (retries are cut short once stopping).
      await Promise.race([idle(), new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}
