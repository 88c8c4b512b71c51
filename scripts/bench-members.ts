/**
 * `npm run bench:members`: does the members page stay flat as a club grows? Starts its own
 * in-memory DynamoDB Local (BENCH_DYNAMODB_PORT, else a free port), fills one table with a club of
 * 50 members and another with a club of 5,000, then calls the real members handler in-process
 * (the access check and the service, as Lambda runs them) as the owner and reports, for the first
 * page of 20 and for a name search, the median and p95 latency, the DynamoDB requests and the
 * items read per call (a middleware on the one document client counts them). BENCH_N (default
 * 200) measured calls each, after BENCH_WARMUP (30).
 *
 * Membership items are the ones addMembership writes (membershipItem with the card and its
 * search entries, cardAttributes), loaded with BatchWriteItem.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { MemberPage } from '@clubs/shared';
import { ulid } from 'ulid';
import { httpEvent, memberClaims } from '../tests/support/http-event.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts();
const SIZES = [50, 5_000] as const;
const FIRST = ['Sofia', 'Liam', 'Amara', 'Noah', 'Mei', 'Lucas', 'Priya', 'Mateo', 'Hana', 'Elijah'];
const LAST = ['Rossi', 'Okafor', 'Nguyen', 'Schmidt', 'Silva', 'Tanaka', 'Haddad', 'Kowalski'];
const SEARCH = 'sofia';

bench.runBench(
  RUNS,
  'in-process members handler as the owner: access check + service, DynamoDB Local',
  async (store) => {
    const { clubItem } = await import('@clubs/functions/data/repositories/clubs');
    const { membershipItem } = await import('@clubs/functions/data/repositories/memberships');
    const { cardAttributes } = await import('@clubs/functions/data/repositories/member-cards');
    const { handler } = await import('@clubs/functions/routes/members');

    const rows: (string | number)[][] = [];
    for (const size of SIZES) {
      await store.useTable(`bench_members_${size}`);
      const club = bench.benchClub({
        description: 'A club for measuring the members page.',
        memberCount: size + 1,
      });
      const member = (userId: string, role: 'club_owner' | 'club_member', i: number) => ({
        ...membershipItem({
          clubId: club.id,
          userId,
          role,
          status: i % 10 === 9 ? 'pending' : 'active',
          createdAt: club.createdAt,
        }),
        ...cardAttributes(
          club.id,
          userId,
          {
            name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
            avatarUrl: null,
          },
          `person${i}@bench.test`,
        ),
      });
      await store.load(
        `${size} members`,
        [
          { ...clubItem(club), indexVersion: 0 },
          member(club.ownerId, 'club_owner', 0),
          ...Array.from({ length: size }, (_, i) => member(ulid(), 'club_member', i + 1)),
        ],
        16,
      );

      const requests: [string, Record<string, string>][] = [
        ['first page of 20', { limit: '20' }],
        [`name search "${SEARCH}", first page of 20`, { limit: '20', q: SEARCH }],
      ];
      for (const [label, query] of requests) {
        const event = httpEvent('listClubMembers', {
          params: { clubId: club.id },
          query,
          claims: memberClaims(club.ownerId),
        });
        const cost = await bench.measureCalls(store.meter, RUNS, async () => {
          const body = await bench.okBody<MemberPage>(label, handler, event);
          return body.items.length;
        });
        rows.push([label, size, ...bench.costCells(cost), cost.answer]);
      }
    }
    return { header: ['request', 'members', ...bench.COST_HEADER, 'results'], rows };
  },
);
