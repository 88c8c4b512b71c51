/**
 * The local stand-in for EventBridge Scheduler, served by the local event bus: the Scheduler's
 * REST API (CreateSchedule, GetSchedule, UpdateSchedule, DeleteSchedule, ListSchedules) for the
 * AWS SDK's SchedulerClient with `endpoint` set, for the one-time schedules the app makes
 * (`at(...)` in UTC) targeting the bus. A due schedule puts its event on the bus as the Scheduler
 * would (the target's EventBridge parameters, its input the detail), then is deleted if it asked
 * for that. Schedules are kept in a JSON file, so they survive a restart of the stack (one due
 * while it was stopped fires at the next start). Tests fire a schedule early through the
 * emulator's own control endpoint, `POST /_local/schedules/{group}/{name}/fire`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { instantOfAtExpression } from '@clubs/shared';
import { LOCAL_ACCOUNT, LOCAL_REGION } from './config.ts';
import { PayloadTooLarge, readBody } from './read-body.ts';

const MAX_REQUEST_BYTES = 1024 * 1024;
/** The Scheduler's limits: names and groups up to 64 characters of these; inputs up to 256 KB. */
const NAME = /^[0-9a-zA-Z\-_.]{1,64}$/;
const MAX_INPUT_BYTES = 256 * 1024;
const DEFAULT_GROUP = 'default';
/** How often due schedules are looked for. */
const DEFAULT_TICK_MS = 1000;

/** An entry the bus accepts (PutEvents' words); the answer says whether it did. */
export type PutEntry = (entry: {
  Source: string;
  DetailType: string;
  Detail: string;
  EventBusName: string;
}) => { EventId: string } | { ErrorCode: string; ErrorMessage: string };

interface Target {
  Arn: string;
  RoleArn: string;
  Input?: string;
  EventBridgeParameters: { Source: string; DetailType: string };
  RetryPolicy?: unknown;
  DeadLetterConfig?: unknown;
}

interface StoredSchedule {
  Name: string;
  GroupName: string;
  Arn: string;
  Description?: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  FlexibleTimeWindow: { Mode: 'OFF' | 'FLEXIBLE'; MaximumWindowInMinutes?: number };
  ActionAfterCompletion: 'NONE' | 'DELETE';
  State: 'ENABLED' | 'DISABLED';
  Target: Target;
  /** Epoch seconds, as the API answers them. */
  CreationDate: number;
  LastModificationDate: number;
  /** When it fires (ms). */
  dueAt: number;
  /** It fired and was kept (ActionAfterCompletion NONE): a one-time schedule fires once. */
  firedAt?: number;
}

export interface LocalSchedulerOptions {
  /** Where the schedules are kept; in memory only when absent. */
  file?: string;
  put: PutEntry;
  tickMs?: number;
  log: (message: string) => void;
}

export interface LocalScheduler {
  /** Answers a request if it is the Scheduler's (or the control endpoint's); false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  stop(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const validation = (message: string) => new ApiError(400, 'ValidationException', message);

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `arn:aws:events:{region}:{account}:event-bus/{name}`: the only kind of target emulated. */
const BUS_ARN = /^arn:aws:events:[^:]*:[^:]*:event-bus\/[.\-_A-Za-z0-9]+$/;

/** A create or update request's body as a schedule, or a ValidationException saying what is wrong. */
function scheduleOf(name: string, body: unknown, now: number, created?: StoredSchedule): StoredSchedule {
  if (!isObject(body)) throw validation('The request body must be a JSON object.');
  const group = body.GroupName ?? DEFAULT_GROUP;
  if (typeof group !== 'string' || !NAME.test(group)) throw validation('GroupName is not valid.');
  const expression = body.ScheduleExpression;
  if (typeof expression !== 'string') throw validation('ScheduleExpression is required.');
  const timezone = body.ScheduleExpressionTimezone ?? 'UTC';
  if (timezone !== 'UTC') throw validation('Only ScheduleExpressionTimezone UTC is emulated locally.');
  const at = instantOfAtExpression(expression);
  if (!at) {
    throw validation(
      `Invalid Schedule Expression ${expression}: only one-time at() schedules are emulated locally.`,
    );
  }
  const window = body.FlexibleTimeWindow;
  if (!isObject(window) || (window.Mode !== 'OFF' && window.Mode !== 'FLEXIBLE')) {
    throw validation('FlexibleTimeWindow.Mode must be OFF or FLEXIBLE.');
  }
  const target = body.Target;
  if (!isObject(target) || typeof target.Arn !== 'string' || typeof target.RoleArn !== 'string') {
    throw validation('Target.Arn and Target.RoleArn are required.');
  }
  const parameters = target.EventBridgeParameters;
  if (
    !BUS_ARN.test(target.Arn) ||
    !isObject(parameters) ||
    typeof parameters.Source !== 'string' ||
    typeof parameters.DetailType !== 'string' ||
    parameters.Source === '' ||
    parameters.DetailType === ''
  ) {
    throw validation(
      'Locally, a schedule must target an event bus with EventBridgeParameters (Source, DetailType).',
    );
  }
  if (target.Input !== undefined && typeof target.Input !== 'string')
    throw validation('Target.Input must be a string.');
  if (typeof target.Input === 'string' && Buffer.byteLength(target.Input) > MAX_INPUT_BYTES) {
    throw validation('Target.Input exceeds 256 KB.');
  }
  const after = body.ActionAfterCompletion ?? 'NONE';
  if (after !== 'NONE' && after !== 'DELETE')
    throw validation('ActionAfterCompletion must be NONE or DELETE.');
  const state = body.State ?? 'ENABLED';
  if (state !== 'ENABLED' && state !== 'DISABLED') throw validation('State must be ENABLED or DISABLED.');
  if (
    body.Description !== undefined &&
    (typeof body.Description !== 'string' || body.Description.length > 512)
  ) {
    throw validation('Description must be a string of at most 512 characters.');
  }
  const seconds = Math.floor(now / 1000);
  return {
    Name: name,
    GroupName: group,
    Arn: `arn:aws:scheduler:${LOCAL_REGION}:${LOCAL_ACCOUNT}:schedule/${group}/${name}`,
    ...(typeof body.Description === 'string' ? { Description: body.Description } : {}),
    ScheduleExpression: expression,
    ScheduleExpressionTimezone: timezone,
    FlexibleTimeWindow: window as StoredSchedule['FlexibleTimeWindow'],
    ActionAfterCompletion: after,
    State: state,
    Target: {
      Arn: target.Arn,
      RoleArn: target.RoleArn,
      ...(typeof target.Input === 'string' ? { Input: target.Input } : {}),
      EventBridgeParameters: { Source: parameters.Source, DetailType: parameters.DetailType },
    },
    CreationDate: created?.CreationDate ?? seconds,
    LastModificationDate: seconds,
    dueAt: at.getTime(),
  };
}

/** What GetSchedule answers: the schedule without the emulator's own bookkeeping. */
const described = ({ dueAt: _due, firedAt: _fired, ...schedule }: StoredSchedule) => schedule;

export async function startLocalScheduler(options: LocalSchedulerOptions): Promise<LocalScheduler> {
  const schedules = new Map<string, StoredSchedule>();
  const keyOf = (group: string, name: string) => `${group}/${name}`;
  if (options.file) {
    try {
      const saved = JSON.parse(await readFile(options.file, 'utf8')) as StoredSchedule[];
      for (const schedule of saved) schedules.set(keyOf(schedule.GroupName, schedule.Name), schedule);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        options.log(
          `[scheduler] could not read ${options.file}: ${(error as Error).message}; starting empty`,
        );
      }
    }
  }

  // Writes are chained, so the file always ends as the last change left the schedules.
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const file = options.file;
    if (!file) return saving;
    const text = JSON.stringify([...schedules.values()]);
    saving = saving.then(async () => {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, text);
      await rename(`${file}.tmp`, file);
    });
    return saving;
  };

  /** Puts the schedule's event on the bus, then deletes or retires it. */
  const fire = async (schedule: StoredSchedule, now: number) => {
    const { Target: target } = schedule;
    const answer = options.put({
      Source: target.EventBridgeParameters.Source,
      DetailType: target.EventBridgeParameters.DetailType,
      Detail: target.Input ?? '{}',
      EventBusName: target.Arn,
    });
    if ('ErrorCode' in answer) {
      options.log(`[scheduler] ${schedule.Name}: the bus refused its event (${answer.ErrorMessage})`);
    }
    const key = keyOf(schedule.GroupName, schedule.Name);
    if (schedule.ActionAfterCompletion === 'DELETE') schedules.delete(key);
    else schedules.set(key, { ...schedule, firedAt: now });
    await save();
    return answer;
  };

  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      const now = Date.now();
      for (const schedule of [...schedules.values()]) {
        if (schedule.State === 'ENABLED' && schedule.firedAt === undefined && schedule.dueAt <= now) {
          await fire(schedule, now);
        }
      }
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => options.log(`[scheduler] ${String(error)}`));
  }, options.tickMs ?? DEFAULT_TICK_MS);
  timer.unref();

  const readJson = async (req: IncomingMessage): Promise<unknown> => {
    let text: string;
    try {
      text = (await readBody(req, MAX_REQUEST_BYTES)).toString('utf8');
    } catch (error) {
      if (error instanceof PayloadTooLarge) throw validation('The request is too large.');
      throw error;
    }
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      throw validation('The request body is not valid JSON.');
    }
  };

  const find = (group: string, name: string): StoredSchedule => {
    const schedule = schedules.get(keyOf(group, name));
    if (!schedule) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return schedule;
  };

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const control = /^\/_local\/schedules\/([^/]+)\/([^/]+)\/fire$/.exec(url.pathname);
    if (control && req.method === 'POST') {
      req.resume();
      const schedule = find(decodeURIComponent(control[1] ?? ''), decodeURIComponent(control[2] ?? ''));
      sendJson(res, 200, await fire(schedule, Date.now()));
      return true;
    }
    if (url.pathname === '/schedules' && req.method === 'GET') {
      const group = url.searchParams.get('ScheduleGroup');
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const limit = Math.min(Math.max(Number(url.searchParams.get('MaxResults') ?? 100) || 100, 1), 100);
      const offset = Number(url.searchParams.get('NextToken') ?? 0) || 0;
      const matching = [...schedules.values()]
        .filter((s) => (!group || s.GroupName === group) && s.Name.startsWith(prefix))
        .sort((a, b) => a.Name.localeCompare(b.Name));
      const page = matching.slice(offset, offset + limit);
      sendJson(res, 200, {
        Schedules: page.map((s) => ({
          Arn: s.Arn,
          Name: s.Name,
          GroupName: s.GroupName,
          State: s.State,
          CreationDate: s.CreationDate,
          LastModificationDate: s.LastModificationDate,
          Target: { Arn: s.Target.Arn },
        })),
        ...(offset + limit < matching.length ? { NextToken: String(offset + limit) } : {}),
      });
      return true;
    }
    const one = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!one) return false;
    const name = decodeURIComponent(one[1] ?? '');
    if (!NAME.test(name)) throw validation('Name is not valid.');
    const now = Date.now();
    switch (req.method) {
      case 'POST': {
        const schedule = scheduleOf(name, await readJson(req), now);
        if (schedules.has(keyOf(schedule.GroupName, name))) {
          throw new ApiError(409, 'ConflictException', `Schedule ${name} already exists.`);
        }
        schedules.set(keyOf(schedule.GroupName, name), schedule);
        await save();
        sendJson(res, 200, { ScheduleArn: schedule.Arn });
        return true;
      }
      case 'PUT': {
        const body = await readJson(req);
        const group = isObject(body) && typeof body.GroupName === 'string' ? body.GroupName : DEFAULT_GROUP;
        const existing = find(group, name);
        const schedule = scheduleOf(name, body, now, existing);
        schedules.set(keyOf(group, name), schedule);
        await save();
        sendJson(res, 200, { ScheduleArn: schedule.Arn });
        return true;
      }
      case 'GET': {
        req.resume();
        sendJson(res, 200, described(find(url.searchParams.get('groupName') ?? DEFAULT_GROUP, name)));
        return true;
      }
      case 'DELETE': {
        req.resume();
        const group = url.searchParams.get('groupName') ?? DEFAULT_GROUP;
        find(group, name);
        schedules.delete(keyOf(group, name));
        await save();
        sendJson(res, 200, {});
        return true;
      }
      default:
        return false;
    }
  };

  return {
    handle: async (req, res, url) => {
      if (!url.pathname.startsWith('/schedules') && !url.pathname.startsWith('/_local/schedules/'))
        return false;
      try {
        return await route(req, res, url);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        req.resume();
        sendJson(res, error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });
        return true;
      }
    },
    stop: async () => {
      clearInterval(timer);
      await saving;
    },
  };
}
