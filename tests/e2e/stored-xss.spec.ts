/**
 * Stored XSS (the hostile-world suite, issue 10 item 4): every payload of the corpus is written
 * through every field that other people see (xss/fields.ts), then every page that shows them is
 * opened in headless Chromium by the people who can see it: anonymous visitors for the public
 * pages, the owner for the dashboard and the club pages, a member for the feed and the member
 * profiles, the super admin for the reported chats; the directory and the club pages as the
 * production build serves them, drawn with their data, payloads and all. No payload may run, turn into markup or have a script blocked, and every written
 * text must be shown as text, so the test cannot pass by showing nothing. With
 * SECURITY_REPORT_DIR set (npm run test:security) it leaves its counts there for the summary.
 */
import { entryOf } from '@clubs/shared';
import { DRAWN_DATA_ID } from '@clubs/web/src/drawn-data.ts';
import { expect, type Page, test } from '@playwright/test';
import { LANE_WEIGHT } from '../../scripts/e2e-lanes.mjs';
import { type SecurityReport, writeReport, xssLine } from '../security/support/summary.ts';
import { pageAs } from './club-support.ts';
import { XssApi } from './xss/api.ts';
import {
  type Findings,
  firstLine,
  noFindings,
  open,
  recordInjected,
  reportSitePolicy,
  settle,
  shownText,
  textsNotShown,
  watch,
} from './xss/browser.ts';
import { CORPUS, textFor } from './xss/corpus.ts';
import { FIELDS, VIEWERS, type Viewer, type Visit, visits } from './xss/fields.ts';
import { buildWorld, viewers, type World } from './xss/world.ts';

// Writing 450 texts and opening 128 pages took 85 s in a quiet full run and 259 s on this machine
// at a load of 13; the limit leaves room for a slow stack, while each page's own wait is bounded.
test.describe.configure({ timeout: 450_000 });

const SUPER_ADMIN_EMAIL = 'admin@clubs.local';

/** The texts a visit must show: its carriers' fields whose row lists this page. */
const expectedTexts = (visit: Visit): string[] =>
  visit.shows.flatMap(({ carrier, payload }) =>
    FIELDS.filter((f) => f.carrier === carrier && f.shownOn.includes(visit.kind)).map((f) =>
      textFor(payload, f.code),
    ),
  );

interface Reading {
  /** The step that readies the page (its heading, a tab, a list shown in full) failed with this. */
  unready?: string;
  /** Texts it should show and did not. */
  missing: string[];
}

/** Readies the page and waits for its texts, each within `patience`. */
async function readPage(page: Page, visit: Visit, patience: number): Promise<Reading> {
  page.setDefaultTimeout(patience);
  const unready = await visit.prepare?.(page).then(
    () => undefined,
    (error: unknown) => firstLine(error),
  );
  const missing = await textsNotShown(page, expectedTexts(visit), unready ? 2_000 : patience);
  return { unready, missing };
}

const complete = (reading: Reading) => !reading.unready && reading.missing.length === 0;

/** One viewer's pages, in order, in one browser page; returns how many were opened. */
async function browseAs(page: Page, world: World, viewer: Viewer, findings: Findings): Promise<number> {
  await watch(page, findings);
  await reportSitePolicy(page);
  let previous: Visit['kind'] | undefined;
  let opened = 0;
  // A page may wait a long while for its texts: the shared stack can stall for seconds at a time
  // late in a full run (its event consumers share the gateway's process), and a text shown late is
  // still shown. A page that is not ready or complete by then is loaded once more, as a person
  // would reload it (said on the console with what it showed, so a stall is never silent); what it
  // still lacks then is a finding. After one such page the others are not waited for as long: the
  // run still ends with every finding rather than at the timeout.
  let patience = 60_000;
  for (const visit of visits(world).filter((v) => v.viewer === viewer)) {
    // A page drawn with its data is loaded for each payload: its document is drawn with it (the
    // directory and a club's page, web/src/draw-with-data.tsx), which the production build serves.
    const drawn = entryOf(visit.path)?.drawnWithData === true;
    await open(page, visit.path, visit.kind !== previous || drawn);
    if (drawn && process.env.LOCAL_WEB === 'dist')
      await expect(page.locator(`#${DRAWN_DATA_ID}`), `${visit.path} is drawn with its data`).toHaveCount(1);
    previous = visit.kind;
    let reading = await readPage(page, visit, patience);
    if (!complete(reading) && patience > 2_000) {
      console.log(
        `stored XSS: ${visit.path} as ${viewer} was not ready or complete after ${patience / 1000} s ` +
          `(${reading.unready ?? `${reading.missing.length} texts missing`}; it showed: ${await shownText(page)}); loading it once more`,
      );
      await open(page, visit.path, true);
      reading = await readPage(page, visit, patience);
    }
    if (!complete(reading)) {
      patience = 2_000;
      const url = page.url();
      if (reading.unready)
        findings.unready.push({ url, error: reading.unready, shown: await shownText(page) });
      for (const text of reading.missing) findings.notShown.push({ url, text });
    }
    await settle(page);
    await recordInjected(page, findings);
    opened += 1;
  }
  await page.close();
  return opened;
}

function report(world: World, opened: number, findings: Findings) {
  const executed = new Set(findings.ran.map((r) => r.marker)).size;
  const xss = {
    payloads: world.corpus.length,
    fields: FIELDS.length,
    written: world.written,
    pages: opened,
    executed,
    injected: findings.injected.length,
    blocked: findings.blocked.length,
    notShown: findings.notShown.length,
  } satisfies SecurityReport['xss'];
  console.log(xssLine(xss));
  const dir = process.env.SECURITY_REPORT_DIR;
  if (dir) writeReport(dir, 'xss', { xss });
}

// The walk takes about as long as 28 others (84 s against their 3 s in a quiet run): `npm test`
// deals the spec files to its lanes by that weight (scripts/e2e-lanes.mjs).
const weight = { type: LANE_WEIGHT, description: '28' };

test('no stored payload runs on any page that shows it, and each is shown as text', {
  annotation: weight,
}, async ({ browser, request }) => {
  const started = Date.now();
  const api = new XssApi(request);
  const cast = await viewers(api);
  // The owner and the member sign in through the login form while the payloads are written.
  const [world, anonymous, owner, member, admin] = await Promise.all([
    test.step(`write ${CORPUS.length} payloads through ${FIELDS.length} fields`, () =>
      buildWorld(api, CORPUS, cast)),
    browser.newContext().then((context) => context.newPage()),
    pageAs(browser, cast.owner.email),
    pageAs(browser, cast.member.email),
    // The reported chats are the platform's: only a super admin (the seeded one) reads them.
    pageAs(browser, SUPER_ADMIN_EMAIL),
  ]);
  const written = Date.now();
  const pageOf: Record<Viewer, Page> = { anonymous, owner, member, admin };
  const findings = noFindings();
  // The viewers browse side by side: each waits mostly on the stack, not on the others.
  const opened = await test.step('open every page that shows them', async () => {
    const counts = await Promise.all(
      VIEWERS.map((viewer) => browseAs(pageOf[viewer], world, viewer, findings)),
    );
    return counts.reduce((a, b) => a + b, 0);
  });
  await anonymous.context().close();
  console.log(
    `stored XSS timing: writing ${((written - started) / 1000).toFixed(1)} s, pages ${((Date.now() - written) / 1000).toFixed(1)} s`,
  );
  report(world, opened, findings);

  expect(findings.ran, 'payloads that ran').toEqual([]);
  expect(findings.injected, 'payload markup that became elements or attributes').toEqual([]);
  expect(findings.blocked, 'console messages of a blocked script').toEqual([]);
  expect(findings.dialogs, 'dialogs opened').toEqual([]);
  expect(findings.unready, 'pages that never got ready to read (what each showed)').toEqual([]);
  expect(findings.notShown, 'written texts a page did not show').toEqual([]);
});
