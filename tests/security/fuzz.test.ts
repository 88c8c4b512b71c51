/**
 * Generated bad input for every route, built from its zod schemas and valid example (fast-check,
 * a fixed seed; FUZZ_RUNS=n runs n cases per route, FUZZ_SEED another seed, FUZZ_ROUTES=a,b only
 * the routes whose id holds one of those): missing and extra
 * fields, wrong types, empty, huge and unicode strings, out-of-range numbers, `__proto__` and
 * `constructor` keys, malformed JSON, ids of the wrong shape, a body on a GET, a wrong content
 * type, text shaped like a link where it would reach an e-mail (and bodies the schema accepts that
 * the service must refuse: REFUSED_BEYOND_SCHEMA). Sent by a caller the route lets through, so
 * validation (not access) answers: always a 4xx with the error JSON, never a 5xx or a stack trace,
 * and the table stays as it was.
 */
import { request as httpRequest } from 'node:http';
import { type Access, buildPath, matchRoute, ROUTE_IDS, ROUTES, type RouteId } from '@clubs/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type * as z from 'zod';
import { LINK_SHAPED_TEXTS, pathParamsOf, REFUSED_BEYOND_SCHEMA, validInput } from './support/plan.ts';
import { writeReport } from './support/summary.ts';
import { watchTableWrites } from './support/table-writes.ts';
import { type ClubWorld, type Identity, makeClubWorld, startWorld, type World } from './support/world.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const ONLY = process.env.FUZZ_ROUTES?.split(',').filter(Boolean) ?? [];
const FUZZED = ROUTE_IDS.filter((id) => ONLY.length === 0 || ONLY.some((part) => id.includes(part)));

let world: World;
let club: ClubWorld;
const counts = { inputs: 0, fiveHundreds: 0, wrongShape: 0 };

beforeAll(async () => {
  world = await startWorld();
  club = await makeClubWorld(world.people);
}, 120_000);

afterAll(async () => {
  writeReport(inject('securityReportDir'), 'fuzz', { fuzz: counts });
  await world?.stop();
});

interface RawRequest {
  method: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
}

/** node:http rather than fetch, which refuses a body on a GET. */
function send(token: string | null, raw: RawRequest): Promise<{ status: number; text: string }> {
  const url = new URL(`${world.gateway.url}${raw.path}${raw.query ? `?${raw.query}` : ''}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: raw.method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(raw.contentType ? { 'content-type': raw.contentType } : {}),
          ...(raw.body === undefined ? {} : { 'content-length': Buffer.byteLength(raw.body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (raw.body !== undefined) req.write(raw.body);
    req.end();
  });
}

const hostileString = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    ' ',
    '\u0000',
    '\uFFFF\uD800',
    '😀'.repeat(3000),
    'x'.repeat(70_000),
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00%2e%2e',
    'null',
    '{"$ne":null}',
    ...LINK_SHAPED_TEXTS,
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(1e308, -1e308, -1, 0, 2 ** 53 + 1, 0.000001, 1.005),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const dangerousKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

/** JSON text of an object whose keys may include `__proto__` as an own key (as a client would send). */
const objectText = (entries: [string, unknown][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

type BodyCase = { text?: string; contentType?: string; value?: unknown; parsed: boolean };

function bodyCases(example: unknown): fc.Arbitrary<BodyCase> {
  const base = example && typeof example === 'object' ? (example as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  const entries = Object.entries(base);
  const json = (value: unknown): BodyCase => ({
    text: JSON.stringify(value),
    contentType: 'application/json',
    value,
    parsed: true,
  });
  const cases: fc.Arbitrary<BodyCase>[] = [
    // a field set to a value of any type (or a new field)
    fc
      .tuple(
        keys.length
          ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
          : fc.string({ maxLength: 8 }),
        hostileValue,
      )
      .map(([key, value]) => json({ ...base, [key]: value })),
    // the whole body of another type
    hostileValue.map(json),
    // __proto__ / constructor keys, as raw JSON text
    fc.tuple(dangerousKey, hostileValue).map(([key, value]) => ({
      text: objectText([
        ...entries,
        [key, value === null ? { isSuperAdmin: true, status: 'active' } : value],
      ]),
      contentType: 'application/json',
      parsed: false,
    })),
    // malformed JSON
    fc
      .oneof(
        fc.constantFrom('{', '{"a":', '[1,', '{"a":1}}', "{'a':1}", 'undefined', 'NaN', '\u0000', '{"a":1,}'),
        fc.string({ maxLength: 20 }).map((s) => `{${s}`),
      )
      .map((text) => ({ text, contentType: 'application/json', parsed: false })),
    // a wrong content type
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      )
      .map((contentType) => ({ text: JSON.stringify(base), contentType, parsed: false })),
  ];
  if (keys.length) {
    // a missing field
    cases.push(
      fc.constantFrom(...keys).map((key) => json(Object.fromEntries(entries.filter(([k]) => k !== key)))),
    );
  }
  return fc.oneof(...cases);
}

/** Whether the route's own schemas accept this input (then it is no bad input). */
function acceptable(schema: z.ZodType | undefined, value: unknown): boolean {
  if (!schema) {
    return (
      value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
    );
  }
  return schema.safeParse(value).success;
}

function callerOf(id: RouteId): Identity {
  const access = ROUTES[id].access as Access;
  if (access.kind === 'super_admin') return 'superAdmin';
  if (access.kind === 'author') return 'member';
  return 'owner';
}

/**
 * The bearer token a route is fuzzed with: a route for API keys gets the fixture club's key with
 * every scope (its calls are counted only once their input is read, so bad input never exhausts
 * the key's minute), any other the token of a person it lets through.
 */
const tokenOf = (id: RouteId): string | null =>
  ROUTES[id].access.kind === 'api_key' ? club.apiKeys.full : world.people[callerOf(id)].token;

const fixtureParams = (id: RouteId): Record<string, string> => {
  const values: Record<string, string> = {
    clubId: club.clubId,
    postId: club.postId,
    commentId: club.commentId,
    eventId: club.eventId,
    courseId: club.courseId,
    sectionId: club.sectionId,
    userId: world.people.member.id,
    memberId: world.people.member.id,
  };
  return Object.fromEntries(pathParamsOf(id).map((name) => [name, values[name] ?? 'x']));
};

type Case =
  | { kind: 'body'; body: BodyCase }
  | { kind: 'query'; query: Record<string, string> }
  | { kind: 'path'; name: string; value: string }
  | { kind: 'getBody'; text: string };

/**
 * Query and path values are cut to a few hundred characters: a longer URL is refused by the
 * transport (API Gateway's and Node's request-line limits) before any handler runs.
 */
function casesFor(id: RouteId): fc.Arbitrary<Case> {
  const route = ROUTES[id] as (typeof ROUTES)[RouteId] & { body?: z.ZodType; rawBody?: boolean };
  const input = validInput(id);
  const example = typeof input === 'string' ? {} : input.body;
  const names = pathParamsOf(id);
  const all: fc.Arbitrary<Case>[] = [
    fc
      .dictionary(
        fc.oneof(
          fc.string({ maxLength: 8 }),
          dangerousKey,
          fc.constantFrom('limit', 'cursor', 'q', 'status'),
        ),
        hostileString.map((s) => s.slice(0, 400)),
        {
          minKeys: 1,
          maxKeys: 3,
        },
      )
      .map((query) => ({ kind: 'query' as const, query })),
  ];
  if (route.method === 'GET')
    all.push(
      fc.string({ maxLength: 30 }).map((s) => ({ kind: 'getBody' as const, text: JSON.stringify({ s }) })),
    );
  else if (!route.rawBody) all.push(bodyCases(example).map((body) => ({ kind: 'body' as const, body })));
  const refused = REFUSED_BEYOND_SCHEMA[id];
  if (refused?.length) {
    // Sent as they are (`parsed: false`): the schema accepts them, the service must not.
    all.push(
      fc.constantFrom(...refused).map((value) => ({
        kind: 'body' as const,
        body: { text: JSON.stringify(value), contentType: 'application/json', parsed: false },
      })),
    );
  }
  if (names.length) {
    all.push(
      fc
        .tuple(
          fc.constantFrom(...names),
          hostileString.map((s) => s.slice(0, 300)),
        )
        .map(([name, value]) => ({ kind: 'path' as const, name, value })),
    );
  }
  return fc.oneof(...all);
}

function toRaw(id: RouteId, testCase: Case): RawRequest | null {
  const route = ROUTES[id] as (typeof ROUTES)[RouteId] & {
    body?: z.ZodType;
    query?: z.ZodType;
    params?: z.ZodType;
  };
  const input = validInput(id);
  const valid = typeof input === 'string' ? {} : input;
  const params = fixtureParams(id);
  const validBody = valid.body === undefined ? undefined : JSON.stringify(valid.body);
  const jsonType = validBody === undefined ? undefined : 'application/json';
  const queryText = (q: Record<string, string>) => new URLSearchParams(q).toString();
  switch (testCase.kind) {
    case 'query': {
      const query = { ...(valid.query ?? {}), ...testCase.query };
      // URLSearchParams cannot carry some keys faithfully; only bad queries count.
      if (acceptable(route.query, Object.fromEntries(new URLSearchParams(queryText(query))))) return null;
      return {
        method: route.method,
        path: buildPath(route.path, params),
        query: queryText(query),
        body: validBody,
        contentType: jsonType,
      };
    }
    case 'getBody':
      return {
        method: 'GET',
        path: buildPath(route.path, params),
        query: queryText(valid.query ?? {}),
        body: testCase.text,
        contentType: 'application/json',
      };
    case 'body': {
      const { body } = testCase;
      if (body.parsed && acceptable(route.body, body.value)) return null;
      return {
        method: route.method,
        path: buildPath(route.path, params),
        query: queryText(valid.query ?? {}),
        body: body.text,
        contentType: body.contentType,
      };
    }
    case 'path': {
      const next = { ...params, [testCase.name]: testCase.value };
      if (route.params?.safeParse(next).success) return null;
      const path = buildPath(route.path, next);
      // A value like "latest-active" may name another route of the manifest: that is no bad input.
      const match = matchRoute(route.method, path);
      if (match.id !== null && match.id !== id) return null;
      return {
        method: route.method,
        path,
        query: queryText(valid.query ?? {}),
        body: validBody,
        contentType: jsonType,
      };
    }
  }
}

describe('generated bad input', () => {
  it(`answers every generated bad request with a 4xx and the error JSON, changing nothing (seed ${SEED}, ${RUNS} runs per route)`, async () => {
    const failures: string[] = [];
    const tableWrites = watchTableWrites();
    for (const id of FUZZED) {
      await world.bus.idle();
      tableWrites.reset();
      const token = tokenOf(id);
      await fc
        .assert(
          fc.asyncProperty(casesFor(id), async (testCase) => {
            const raw = toRaw(id, testCase);
            if (!raw) return true;
            counts.inputs += 1;
            const answer = await send(token, raw);
            let error: { code?: unknown; message?: unknown } | undefined;
            try {
              error = (JSON.parse(answer.text) as { error?: typeof error }).error;
            } catch {
              error = undefined;
            }
            const problems: string[] = [];
            if (answer.status >= 500) {
              counts.fiveHundreds += 1;
              problems.push(`${answer.status}`);
            } else if (answer.status < 400) problems.push(`accepted with ${answer.status}`);
            if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
              counts.wrongShape += 1;
              problems.push('no error JSON');
            }
            if (/\n\s+at .+:\d+:\d+/.test(answer.text)) problems.push('a stack trace');
            // A key's call must reach validation: a refused key or a full minute would test nothing.
            if (token === club.apiKeys.full && [401, 403, 429].includes(answer.status))
              problems.push(`the key was refused (${answer.status})`);
            if (problems.length) {
              failures.push(
                `${id} ${raw.method} ${raw.path.slice(0, 120)}?${raw.query.slice(0, 80)} body=${String(raw.body).slice(0, 120)} (${raw.contentType}): ${problems.join(', ')} — ${answer.text.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
      await world.bus.idle();
      if (tableWrites.writes.length)
        failures.push(
          `${id}: bad input wrote to the table ${JSON.stringify(tableWrites.writes).slice(0, 400)}`,
        );
    }
    tableWrites.stop();
    expect(failures).toEqual([]);
  }, 600_000);
});
