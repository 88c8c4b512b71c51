/**
 * `npm run bench:import`: what an invitation import of 1,000 rows and a member export of 10,000
 * members cost. Starts its own in-memory DynamoDB Local, the local bus (with only the import's
 * consumer) and the SES emulator, then, in-process as Lambda runs them:
 *
 * - imports a CSV of 1,000 rows (900 new addresses, 50 of the club's 500 members, 30 listed twice,
 *   20 malformed): the upload request, then its check off the request path (until the bus is
 *   idle), then Send: the request and its runs, which send the day's allowance
 *   (INVITATION_LIMITS.perClubPerDay) and leave the rest waiting for the next day;
 * - exports a club of 10,000 members (every page of MEMBER_EXPORT.pageSize, as the page asks).
 *
 * Each row gives the wall time and the DynamoDB requests and items read (the meter on the one
 * document client), BENCH_N times (default 3) after BENCH_WARMUP (1) unmeasured runs for the
 * export; the import runs once per fresh club.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import type { InvitationImport, MemberExportPage } from '@clubs/shared';
import { ulid } from 'ulid';
import { startBus } from '../tests/support/bus.ts';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import { readSentEmails, startSesEmulator } from '../tests/support/ses-store.ts';
import * as bench from './bench-support.ts';

const RUNS = bench.runCounts({ runs: 3, warmup: 1 });
const IMPORT_MEMBERS = 500;
const EXPORT_MEMBERS = 10_000;

bench.runBench(
  RUNS,
  'in-process handlers and consumers, DynamoDB Local, local bus and SES emulator',
  async (store) => {
    const ses = await startSesEmulator();
    Object.assign(process.env, {
      SES_ENDPOINT: ses.url,
      EMAIL_FROM: 'no-reply@bench.test',
      SITE_URL: 'https://bench.test',
    });
    const bus = await startBus(undefined, ['InvitationImportWork']);
    const { clubItem } = await import('@clubs/functions/data/repositories/clubs');
    const { membershipItem } = await import('@clubs/functions/data/repositories/memberships');
    const { cardAttributes } = await import('@clubs/functions/data/repositories/member-cards');
    const invitations = (await import('@clubs/functions/routes/invitations')).handler;
    const members = (await import('@clubs/functions/routes/members')).handler;

    const memberItems = (clubId: string, ownerId: string, count: number) => [
      {
        ...membershipItem({
          clubId,
          userId: ownerId,
          role: 'club_owner',
          status: 'active',
          createdAt: new Date().toISOString(),
        }),
        ...cardAttributes(clubId, ownerId, { name: 'Olive Owner', avatarUrl: null }, 'owner@bench.test'),
      },
      ...Array.from({ length: count }, (_, i) => {
        const userId = ulid();
        return {
          ...membershipItem({
            clubId,
            userId,
            role: 'club_member',
            status: i % 10 === 9 ? 'pending' : 'active',
            createdAt: new Date().toISOString(),
            answers: [{ question: 'Why join?', answer: i % 7 === 0 ? `=SUM(A${i})` : `Reason ${i}` }],
          }),
          ...cardAttributes(
            clubId,
            userId,
            { name: `Member ${i}`, avatarUrl: null },
            `member${i}@bench.test`,
          ),
        };
      }),
    ];

    const rows: (string | number)[][] = [];
    const timed = async <T>(
      label: string,
      size: number,
      work: () => Promise<T>,
      describe: (out: T) => string,
    ) => {
      store.meter.reset();
      const started = performance.now();
      const out = await work();
      const ms = performance.now() - started;
      rows.push([label, size, ms.toFixed(0), store.meter.requests, store.meter.itemsRead, describe(out)]);
      return out;
    };

    // The import.
    await store.useTable('bench_import');
    const club = bench.benchClub({ memberCount: IMPORT_MEMBERS + 1, status: 'active' });
    await store.load(
      `${IMPORT_MEMBERS} members`,
      [{ ...clubItem(club), indexVersion: 0 }, ...memberItems(club.id, club.ownerId, IMPORT_MEMBERS)],
      16,
    );
    const csv = [
      'Name;E-mail',
      ...Array.from({ length: 900 }, (_, i) => `New Person ${i};new${i}@bench.test`),
      ...Array.from({ length: 50 }, (_, i) => `Member ${i};member${i}@bench.test`),
      ...Array.from({ length: 30 }, (_, i) => `Again ${i};new${i}@bench.test`),
      ...Array.from({ length: 20 }, (_, i) => `Broken ${i};broken-${i}`),
    ].join('\r\n');
    const claims = memberClaims(club.ownerId);
    const created = await timed(
      'import 1,000 rows: upload request',
      1000,
      async () => {
        const res = await invoke<InvitationImport>(
          invitations,
          httpEvent('createInvitationImport', {
            params: { clubId: club.id },
            body: { fileName: 'bench.csv', csv },
            claims,
          }),
        );
        if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
      (out) => out.status,
    );
    const read = async () => {
      const res = await invoke<InvitationImport>(
        invitations,
        httpEvent('getInvitationImport', { params: { clubId: club.id, importId: created.id }, claims }),
      );
      return res.body;
    };
    const checked = await timed(
      'import 1,000 rows: check off the request path',
      1000,
      async () => {
        await bus.idle();
        return read();
      },
      (out) =>
        `${out.status}: ${out.counts.ok} ok, ${out.counts.member} members, ${out.counts.duplicate} duplicates, ${out.counts.invalid} invalid`,
    );
    await timed('import: preview read (getInvitationImport)', 1000, read, (out) => `${out.rows.length} rows`);
    await timed(
      "import: Send request and its runs (the day's allowance)",
      checked.counts.ok,
      async () => {
        const res = await invoke<InvitationImport>(
          invitations,
          httpEvent('sendInvitationImport', {
            params: { clubId: club.id, importId: created.id },
            body: { message: 'Come and row with us.' },
            claims,
          }),
        );
        if (res.status !== 202) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
        await bus.idle();
        return { out: await read(), mailed: (await readSentEmails(ses.url)).length };
      },
      ({ out, mailed }) =>
        `${out.status}: ${out.counts.sent} sent, ${waitingRows(out)} waiting; SES holds ${mailed}`,
    );

    // The export.
    await store.useTable('bench_export');
    const big = bench.benchClub({ memberCount: EXPORT_MEMBERS + 1, status: 'active' });
    await store.load(
      `${EXPORT_MEMBERS} members`,
      [{ ...clubItem(big), indexVersion: 0 }, ...memberItems(big.id, big.ownerId, EXPORT_MEMBERS)],
      16,
    );
    const exportAll = async () => {
      let cursor: string | null = null;
      let pages = 0;
      let lines = 0;
      do {
        const page: MemberExportPage = await bench.okBody<MemberExportPage>(
          'export',
          members,
          httpEvent('exportMembers', {
            params: { clubId: big.id },
            query: cursor ? { cursor } : {},
            claims: memberClaims(big.ownerId),
          }),
        );
        pages += 1;
        lines += page.rows;
        cursor = page.nextCursor;
      } while (cursor);
      return { pages, lines };
    };
    for (let i = 0; i < RUNS.warmup; i += 1) await exportAll();
    for (let i = 0; i < RUNS.runs; i += 1) {
      await timed(
        `export 10,000 members (run ${i + 1})`,
        EXPORT_MEMBERS + 1,
        exportAll,
        (out) => `${out.pages} pages, ${out.lines} rows`,
      );
    }
    await bus.stop();
    await ses.stop();
    return {
      header: ['what', 'rows or members', 'wall ms', 'DynamoDB requests', 'items read', 'outcome'],
      rows,
    };
  },
);

function waitingRows(out: InvitationImport): number {
  return out.counts.ok - out.counts.sent - out.counts.skipped - out.counts.failed;
}
