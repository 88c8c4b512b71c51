/**
 * Every route of the manifest called as every fixture identity, through the local gateway with
 * real tokens, on a fixture club no earlier call has changed (and on a suspended club, and with
 * another club's ids in the path where the route names a resource). Each answer must be the one the route's access
 * declaration predicts; a refusal must leave the table and Stripe untouched and carry the error
 * JSON; no answer may carry another person's e-mail unless the caller may see members' e-mails.
 */
import { putBanMatches } from '@clubs/functions/data/repositories/ban-matches';
import { CLUB_NOT_ACTIVE, isClubAccess, ROUTE_IDS, ROUTES, type RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import {
  learnsNotActive,
  type Prediction,
  pathFor,
  pathParamsOf,
  predict,
  SEES_EMAILS,
  SELF_SERVICE_CLUB_ROUTES,
  STATE_REFUSALS,
  type Target,
  targetsOf,
  unplannedParams,
  validInput,
} from './support/plan.ts';
import { writeReport } from './support/summary.ts';
import { watchTableWrites } from './support/table-writes.ts';
import {
  type ClubWorld,
  type HttpAnswer,
  IDENTITIES,
  type Identity,
  makeClubWorld,
  worldForFile,
} from './support/world.ts';

const world = worldForFile();

const STACK_TRACE = /\n\s+at .+:\d+:\d+|"stack"\s*:/;

const hasErrorJson = (answer: HttpAnswer): boolean => {
  const error = (answer.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
};

const errorCode = (answer: HttpAnswer): unknown =>
  (answer.json as { error?: { code?: unknown } } | undefined)?.error?.code;

/** A member of the suspended club is told that it is not active, with its own code. */
const toldNotActive = (identity: Identity, target: Target, answer: HttpAnswer): boolean =>
  target === 'suspended' &&
  learnsNotActive(identity) &&
  answer.status === 403 &&
  errorCode(answer) === CLUB_NOT_ACTIVE.code;

/**
 * A route of the manifest whose implementation has not landed yet answers 501 'not_implemented'
 * after its access check: its refusals are checked like any other, its allowed cells are counted
 * as pending (and printed), and they turn into real checks as soon as it is implemented.
 */
const notImplemented = (answer: HttpAnswer): boolean =>
  answer.status === 501 &&
  (answer.json as { error?: { code?: unknown } } | undefined)?.error?.code === 'not_implemented';

interface Cell {
  route: string;
  identity: Identity;
  predicted: Prediction;
  status: number;
  problem: string | null;
  pending?: boolean;
}

/** Whether an answer to an allowed caller shows that the access check let them through. */
function allowedProblem(id: RouteId, identity: Identity, target: Target, answer: HttpAnswer): string | null {
  if (notImplemented(answer)) return null;
  // Self-service routes (their declaration lets anyone signed in ask) read the club too.
  if (toldNotActive(identity, target, answer)) return null;
  if (answer.status >= 500) return `${answer.status} (server error)`;
  if (target === 'foreign') {
    return answer.status === 404 ? null : `another club's resource answered ${answer.status}, not 404`;
  }
  if (answer.status === 401 || answer.status === 403) return `refused with ${answer.status}`;
  if (isClubAccess(ROUTES[id].access) && answer.status === 404) return 'refused with 404';
  if (answer.status >= 400 && !hasErrorJson(answer)) return 'a 4xx without the error JSON';
  return null;
}

/** A club's owner account id, shown to anyone but that owner, says who owns what. */
const OWNER_ID = /"ownerId":"([^"]+)"/g;

function leakProblem(identity: Identity, answer: HttpAnswer): string | null {
  if (STACK_TRACE.test(answer.text)) return 'a stack trace in the answer';
  for (const [, ownerId] of answer.text.matchAll(OWNER_ID)) {
    if (ownerId !== world.people[identity].id) return "carries another person's club owner id";
  }
  if (SEES_EMAILS.has(identity)) return null;
  for (const other of IDENTITIES) {
    if (other === identity) continue;
    if (answer.text.toLowerCase().includes(world.people[other].email)) return `carries ${other}'s e-mail`;
  }
  return null;
}

/** The status of the fixture club a target is called on: the suspended club's, or an active one. */
const statusOf = (target: Target) => (target === 'suspended' ? 'inactive' : 'active');

/**
 * The fixture clubs the routes are called on, so one route's successful call never changes what
 * the next sees: a route is called on a club no call has changed yet. Its calls wrote nothing
 * (neither they nor the event handlers after them wrote to the table, nor to Stripe), so the club
 * is kept for the next route of the same status; after any write the next route gets a new club.
 * Making one is about 70 requests to DynamoDB Local, most of the matrix's work when every route
 * made its own.
 */
function fixtureClubs() {
  const unchanged = new Map<ReturnType<typeof statusOf>, ClubWorld>();
  let made = 0;
  return {
    /** How many clubs were made. */
    get made() {
      return made;
    },
    async take(target: Target): Promise<ClubWorld> {
      const status = statusOf(target);
      const kept = unchanged.get(status);
      unchanged.delete(status);
      if (kept) return kept;
      made += 1;
      return makeClubWorld(world.people, { status });
    },
    /** Gives back a club the route's calls left as they found it. */
    keep(target: Target, club: ClubWorld) {
      unchanged.set(statusOf(target), club);
    },
  };
}

/**
 * A route's valid request (its plan's body and query) on a fixture club of the target's kind no
 * call has changed; null when the route has no plan (the first test names it).
 */
async function plannedCall(id: RouteId, target: Target, clubs: ReturnType<typeof fixtureClubs>) {
  const input = validInput(id);
  if (typeof input === 'string') return null;
  const query = new URLSearchParams(input.query ?? {}).toString();
  const body =
    ROUTES[id].method === 'GET' || input.body === undefined ? undefined : JSON.stringify(input.body);
  const club = await clubs.take(target);
  const path =
    pathFor(id, club, world.otherClub, target, world.people.member.id) + (query ? `?${query}` : '');
  return { query, body, club, path };
}

describe('the access matrix', () => {
  it('has a plan for every route: its path parameters and a valid body and query', () => {
    const problems = ROUTE_IDS.flatMap((id) => {
      const input = validInput(id);
      const params = unplannedParams(id);
      return [
        ...(typeof input === 'string' ? [input] : []),
        ...(params.length ? [`route ${id}: no fixture for path parameter(s) ${params.join(', ')}`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('lets only self-service routes into a club without a club standing', () => {
    // A super_admin route is closed to everyone else, which no club standing is; a route for API
    // keys is closed to every person, opened only by a key of the club of its path.
    const loose = ROUTE_IDS.filter(
      (id) =>
        pathParamsOf(id).includes('clubId') &&
        !isClubAccess(ROUTES[id].access) &&
        ROUTES[id].access.kind !== 'super_admin' &&
        ROUTES[id].access.kind !== 'api_key' &&
        !SELF_SERVICE_CLUB_ROUTES.has(id),
    );
    expect(
      loose,
      'declare a club standing (or add the route to SELF_SERVICE_CLUB_ROUTES with a reason)',
    ).toEqual([]);
  });

  // Each route's refusals are judged by the writes they sent to the table (none may succeed), not by
  // whole-table snapshots: the table grows by a fixture club per route that writes, and snapshots made the run
  // grow with routes times table size.
  it('answers every identity as the declaration predicts; refusals change nothing and leak nothing', async () => {
    const cells: Cell[] = [];
    const tableWrites = watchTableWrites();
    const clubs = fixtureClubs();
    let allowedWrites = 0;
    for (const id of ROUTE_IDS) {
      const route = ROUTES[id];
      for (const target of targetsOf(id)) {
        const planned = await plannedCall(id, target, clubs);
        if (!planned) continue;
        const { query, body, club, path } = planned;
        const label = target === 'club' ? id : `${id} (${target})`;
        const predictions = IDENTITIES.map((identity) => ({
          identity,
          predicted: predict(route.access, route.method, identity, target),
        }));
        const refused = predictions.filter((p) => p.predicted !== 'allow');
        const allowed = predictions.filter((p) => p.predicted === 'allow');

        // Refusals first, all on an unchanged world: the table and Stripe must stay as they were.
        // What the previous route's allowed calls announced is consumed first (search cards, live).
        await world.bus.idle();
        tableWrites.reset();
        const stripeBefore = world.stripeWrites();
        for (const { identity, predicted } of refused) {
          const answer = await world.call(identity, { method: route.method, path, body });
          let problem: string | null = null;
          if (answer.status !== predicted) problem = `expected ${predicted}, got ${answer.status}`;
          else if (!hasErrorJson(answer)) problem = 'a refusal without the error JSON';
          else if (
            predicted === 403 &&
            target === 'suspended' &&
            // A super_admin route refuses by the caller's group before it reads any club.
            route.access.kind !== 'super_admin' &&
            learnsNotActive(identity) &&
            !toldNotActive(identity, target, answer)
          )
            problem = `expected the code ${CLUB_NOT_ACTIVE.code}`;
          problem ??= leakProblem(identity, answer);
          cells.push({ route: label, identity, predicted, status: answer.status, problem });
        }
        let rowWrites = 0;
        if (refused.length > 0) {
          await world.bus.idle();
          const written = tableWrites.writes;
          rowWrites += written.length;
          if (written.length || world.stripeWrites() !== stripeBefore) {
            cells.push({
              route: label,
              identity: refused[0]?.identity ?? 'anonymous',
              predicted: refused[0]?.predicted ?? 403,
              status: 0,
              problem: `refusals changed state: ${JSON.stringify({ table: written, stripe: world.stripeWrites() - stripeBefore }).slice(0, 600)}`,
            });
          }
        }
        tableWrites.reset();
        for (const [index, { identity }] of allowed.entries()) {
          // A delete removes what the next allowed caller would delete: each gets its own club.
          const fresh =
            route.method === 'DELETE' && index > 0
              ? await makeClubWorld(world.people, { status: target === 'suspended' ? 'inactive' : 'active' })
              : club;
          const ownPath =
            fresh === club
              ? path
              : pathFor(id, fresh, world.otherClub, target, world.people.member.id) +
                (query ? `?${query}` : '');
          const answer = await world.call(identity, { method: route.method, path: ownPath, body });
          const problem = allowedProblem(id, identity, target, answer) ?? leakProblem(identity, answer);
          const pending = notImplemented(answer);
          cells.push({ route: label, identity, predicted: 'allow', status: answer.status, problem, pending });
        }
        await world.bus.idle();
        allowedWrites += tableWrites.writes.length;
        rowWrites += tableWrites.writes.length;
        if (rowWrites === 0 && world.stripeWrites() === stripeBefore) clubs.keep(target, club);
      }
    }
    tableWrites.stop();
    // The watch sees what the handlers write: allowed calls that create and change things must show.
    expect(allowedWrites).toBeGreaterThan(100);

    printMatrix(cells);
    console.log(`${clubs.made} fixture clubs made for the route rows`);
    const mismatches = cells.filter((cell) => cell.problem);
    writeReport(inject('securityReportDir'), 'matrix', {
      matrix: {
        routes: ROUTE_IDS.length,
        identities: IDENTITIES.length,
        calls: cells.filter((c) => c.status !== 0).length,
        allowed: cells.filter((c) => c.predicted === 'allow').length,
        refused: cells.filter((c) => c.predicted !== 'allow' && c.status !== 0).length,
        mismatches: mismatches.length,
        pending: cells.filter((c) => c.pending).length,
      },
    });
    expect(mismatches.map((c) => `${c.route} as ${c.identity}: ${c.problem}`)).toEqual([]);
  }, 1_500_000);
});

/**
 * Who calls a route for API keys with which secret, and what the declaration predicts: only a
 * key of the club of the path holding the route's scope is let through; on the suspended club,
 * or for another club's resource, even that key finds nothing.
 */
function keyCallers(
  club: ClubWorld,
  target: Target,
): { who: string; secret: string | null; predicted: Prediction }[] {
  if (target !== 'club') return [{ who: "the club's own key", secret: club.apiKeys.full, predicted: 404 }];
  return [
    { who: 'no key', secret: null, predicted: 401 },
    { who: 'a malformed key', secret: 'clubs_not-a-key', predicted: 401 },
    { who: 'a revoked key', secret: club.apiKeys.revoked, predicted: 401 },
    { who: 'a key without the scope', secret: club.apiKeys.scopeless, predicted: 403 },
    { who: "another club's key", secret: world.otherClub.apiKeys.full, predicted: 404 },
    { who: "the club's own key", secret: club.apiKeys.full, predicted: 'allow' },
  ];
}

describe('the access matrix of API keys', () => {
  it('opens each /api/v1 route only to a key of the club of its path with the scope; refusals change nothing', async () => {
    const problems: string[] = [];
    const tableWrites = watchTableWrites();
    let calls = 0;
    const keyRoutes = ROUTE_IDS.filter((routeId) => ROUTES[routeId].access.kind === 'api_key');
    const clubs = fixtureClubs();
    for (const id of keyRoutes) {
      const route = ROUTES[id];
      for (const target of targetsOf(id)) {
        const planned = await plannedCall(id, target, clubs);
        if (!planned) continue;
        const { body, club, path } = planned;
        const callers = keyCallers(club, target);
        const callWith = ({ who, secret }: (typeof callers)[number]) => {
          calls += 1;
          return world.call(
            { id: who, email: '', name: who, token: secret },
            { method: route.method, path, body },
          );
        };
        await world.bus.idle();
        tableWrites.reset();
        const stripeBefore = world.stripeWrites();
        for (const caller of callers.filter(({ predicted }) => predicted !== 'allow')) {
          const answer = await callWith(caller);
          if (answer.status !== caller.predicted || !hasErrorJson(answer) || STACK_TRACE.test(answer.text))
            problems.push(
              `${id} (${target}) with ${caller.who}: expected ${caller.predicted}, got ${answer.status} ${answer.text.slice(0, 200)}`,
            );
        }
        await world.bus.idle();
        // Another club's resource is asked for with the club's own key, which passes its check
        // and is counted in its minute; the service then finds nothing (as for allowed people).
        if (tableWrites.writes.length && target !== 'foreign')
          problems.push(
            `${id} (${target}): refusals wrote ${JSON.stringify(tableWrites.writes).slice(0, 300)}`,
          );
        for (const caller of callers.filter(({ predicted }) => predicted === 'allow')) {
          const answer = await callWith(caller);
          if (answer.status >= 300)
            problems.push(
              `${id} with ${caller.who}: refused with ${answer.status} ${answer.text.slice(0, 200)}`,
            );
        }
        await world.bus.idle();
        if (tableWrites.writes.length === 0 && world.stripeWrites() === stripeBefore)
          clubs.keep(target, club);
      }
    }
    tableWrites.stop();
    writeReport(inject('securityReportDir'), 'matrix-api-keys', {
      apiKeys: { routes: keyRoutes.length, calls, mismatches: problems.length },
    });
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('refusals by state', () => {
  it.each(STATE_REFUSALS.map((refusal) => [refusal.name, refusal] as const))(
    '%s: refused with the error JSON, writing nothing',
    async (_, refusal) => {
      const club = await makeClubWorld(world.people, {
        status: refusal.club,
        name: refusal.clubName,
        post: refusal.post,
      });
      if (refusal.addressBanned) {
        const banned = [{ kind: 'email' as const, value: world.people[refusal.identity].email }];
        await putBanMatches(club.clubId, ulid(), banned);
      }
      const path = pathFor(refusal.route, club, world.otherClub, 'club', world.people.member.id);
      const request = { method: ROUTES[refusal.route].method, path, body: JSON.stringify(refusal.body) };
      for (let i = 0; i < (refusal.before ?? 0); i++) {
        expect((await world.call(refusal.identity, request)).status).toBeLessThan(300);
      }
      await world.bus.idle();
      const tableWrites = watchTableWrites();
      const answer = await world.call(refusal.identity, request);
      await world.bus.idle();
      tableWrites.stop();
      expect(answer.status).toBe(refusal.status);
      expect(hasErrorJson(answer)).toBe(true);
      expect(leakProblem(refusal.identity, answer)).toBeNull();
      expect(tableWrites.writes).toEqual([]);
    },
    120_000,
  );
});

/**
 * Routes × identities: the status each got, ✓ allowed, · refused as predicted, ? allowed but
 * not implemented yet, ! a mismatch.
 */
function printMatrix(cells: Cell[]) {
  const routes = [...new Set(cells.map((c) => c.route))];
  const width = Math.max(...routes.map((r) => r.length));
  const head = `${'route'.padEnd(width)} | ${IDENTITIES.map((i) => i.slice(0, 9).padEnd(9)).join(' ')}`;
  const rows = routes.map((route) => {
    const line = IDENTITIES.map((identity) => {
      const cell = cells.find((c) => c.route === route && c.identity === identity && c.status !== 0);
      if (!cell) return ''.padEnd(9);
      const mark = cell.problem ? '!' : cell.pending ? '?' : cell.predicted === 'allow' ? '✓' : '·';
      return `${mark}${cell.status}`.padEnd(9);
    });
    return `${route.padEnd(width)} | ${line.join(' ')}`;
  });
  const bad = cells.filter((c) => c.problem).length;
  const pending = cells.filter((c) => c.pending).length;
  const allowed = cells.filter((c) => c.predicted === 'allow' && c.status !== 0).length;
  console.log(
    [
      '',
      head,
      ...rows,
      `${routes.length} route rows × ${IDENTITIES.length} identities: ${allowed} allowed (${pending} of them not implemented yet), ${cells.length - allowed} refused, ${bad} mismatches`,
    ].join('\n'),
  );
}
