/**
 * The load's world, made through the API before the clock starts: the demo owner's clubs (her
 * free club takes joins, her paid clubs take checkouts), a few more free clubs each made by a new
 * owner who pays the creator plan on the simulator, each with events, a course and posts; then
 * the generated members, each asking to join two free clubs, most of them approved.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@clubs/infra/local/seed/data.ts';
import { type Account, LOAD_PASSWORD, type LoadApi } from './api.ts';

export interface LoadClub {
  readonly id: string;
  readonly owner: Account;
  readonly paid: boolean;
  /** Active members besides the owner, as the load knows them. */
  readonly members: Map<string, Account>;
  /** Members asking to join (free clubs), waiting for the owner's approval. */
  readonly pending: Map<string, Account>;
  readonly posts: string[];
  readonly events: string[];
  readonly courses: string[];
}

export interface World {
  readonly free: LoadClub[];
  readonly paid: LoadClub[];
  readonly people: Account[];
  /** Checkout sessions the load paid: the club, the member and the session id. */
  readonly checkouts: { clubId: string; userId: string; sessionId: string }[];
}

export interface WorldSize {
  /** Generated members. */
  readonly members: number;
  /** Free clubs made by new owners, besides the demo owner's. */
  readonly clubs: number;
}

/** Requests in flight while building: enough to overlap the stack's waits, few for 2 cores. */
const WIDTH = 8;

/** Runs `work` over `items`, at most `width` at a time, keeping the order of the results. */
export async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a webhook's effect: `check` answering true within 60 s. */
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

const newClub = (id: string, owner: Account, paid: boolean): LoadClub => ({
  id,
  owner,
  paid,
  members: new Map(),
  pending: new Map(),
  posts: [],
  events: [],
  courses: [],
});

/** A free club of a new owner, activated by paying the creator plan on the simulator. */
async function ownersClub(api: LoadApi, n: number, runId: string): Promise<LoadClub> {
  const owner = await api.register(`load-owner-${n}-${runId}@example.com`, `Load Owner ${n}`);
  const club = await api.must<{ id: string }>('setup', owner, 'POST', '/api/clubs', {
    name: `Load Club ${n}`,
    description: 'A club that a load test keeps busy.',
  });
  const checkout = await api.must<{ url: string }>(
    'setup',
    owner,
    'POST',
    `/api/clubs/${club.id}/plan-checkout`,
    {
      plan: 'monthly',
    },
  );
  if (!(await api.payCheckout(checkout.url))) throw new Error(`paying the plan of ${club.id} failed`);
  await until(
    `club ${club.id} active`,
    async () => (await api.call('setup', null, 'GET', `/api/clubs/${club.id}`)).status === 200,
  );
  return newClub(club.id, owner, false);
}

/** Events, a course and posts by the owner of a new club, so members have things to read and do. */
async function furnish(api: LoadApi, club: LoadClub): Promise<void> {
  for (const days of [3, 10]) {
    await api.must('setup', club.owner, 'POST', `/api/clubs/${club.id}/events`, {
      title: `Meet-up in ${days} days`,
      date: inDays(days),
      timeZone: 'UTC',
      location: 'The park',
    });
  }
  const course = await api.must<{ id: string }>(
    'setup',
    club.owner,
    'POST',
    `/api/clubs/${club.id}/courses`,
    {
      title: 'Getting started',
      description: 'The first steps.',
    },
  );
  await api.must('setup', club.owner, 'POST', `/api/clubs/${club.id}/courses/${course.id}/sections`, {
    title: 'Welcome',
    htmlContent: '<p>Hello and welcome.</p>',
  });
  for (let i = 1; i <= 3; i++) {
    await api.must('setup', club.owner, 'POST', `/api/clubs/${club.id}/posts`, {
      title: `Welcome note ${i}`,
      content: 'Say hello below.',
    });
  }
}

/** What a club holds for the load to act on: its posts (first page), upcoming events, courses. */
async function readContents(api: LoadApi, club: LoadClub): Promise<void> {
  const base = `/api/clubs/${club.id}`;
  const [posts, events, courses] = await Promise.all([
    api.must<{ items: { id: string }[] }>('setup', club.owner, 'GET', `${base}/posts?limit=50`),
    api.must<{ items: { id: string }[] }>(
      'setup',
      club.owner,
      'GET',
      `${base}/events?window=upcoming&limit=50`,
    ),
    api.must<{ items: { id: string }[] }>('setup', club.owner, 'GET', `${base}/courses?limit=50`),
  ]);
  club.posts.push(...posts.items.map((p) => p.id));
  club.events.push(...events.items.map((e) => e.id));
  club.courses.push(...courses.items.map((c) => c.id));
}

interface OwnedMembership {
  membership: { role: string };
  club: { id: string; price: number; status: string };
}

export async function buildWorld(api: LoadApi, size: WorldSize, log: (line: string) => void): Promise<World> {
  const runId = Date.now().toString(36);
  const demoOwner = DEMO_ACCOUNTS.find((account) => account.key === 'owner');
  if (!demoOwner) throw new Error('the demo data has no owner account');
  const olivia = await api.signIn(demoOwner.email, DEMO_PASSWORD);
  const owned = await api.must<{ items: OwnedMembership[] }>(
    'setup',
    olivia,
    'GET',
    '/api/me/memberships?status=active',
  );
  const hers = owned.items.filter((m) => m.membership.role === 'club_owner' && m.club.status === 'active');
  const free = hers.filter((m) => m.club.price === 0).map((m) => newClub(m.club.id, olivia, false));
  const paid = hers.filter((m) => m.club.price > 0).map((m) => newClub(m.club.id, olivia, true));
  log(`demo owner: ${free.length} free and ${paid.length} paid clubs`);

  const made = await inBatches(
    Array.from({ length: size.clubs }, (_, i) => i + 1),
    4,
    (n) => ownersClub(api, n, runId),
  );
  await inBatches(made, 4, (club) => furnish(api, club));
  free.push(...made);
  await inBatches([...free, ...paid], 4, (club) => readContents(api, club));
  if (free.length < 2) throw new Error('the load needs at least two free clubs (LOAD_CLUBS ≥ 1)');
  log(`${made.length} new free clubs, each paid for on the simulator, with events, a course and posts`);

  const started = performance.now();
  const people = await inBatches(
    Array.from({ length: size.members }, (_, i) => i + 1),
    WIDTH,
    (n) => api.register(`load-member-${n}-${runId}@example.com`, `Member ${n} Load`),
  );
  log(
    `${people.length} members signed up and in through cognito-local in ${((performance.now() - started) / 1000).toFixed(1)} s (password ${LOAD_PASSWORD})`,
  );

  // Each member asks to join two free clubs; three requests in four are approved now.
  const requests = people.flatMap((person, i) =>
    [0, 1].map((k) => ({
      person,
      club: free[(i + k) % free.length] as LoadClub,
      approve: (2 * i + k) % 4 !== 0,
    })),
  );
  await inBatches(requests, WIDTH, async ({ person, club }) => {
    await api.must('setup', person, 'POST', `/api/clubs/${club.id}/join-requests`);
    club.pending.set(person.userId, person);
  });
  await inBatches(
    requests.filter((r) => r.approve),
    WIDTH,
    async ({ person, club }) => {
      await api.must('setup', club.owner, 'POST', `/api/clubs/${club.id}/members/${person.userId}/approval`);
      club.pending.delete(person.userId);
      club.members.set(person.userId, person);
    },
  );
  log(`${requests.length} join requests, ${requests.filter((r) => r.approve).length} approved`);
  return { free, paid, people, checkouts: [] };
}
