/// <reference lib="dom" />
/**
 * What the stored-XSS test watches in the browser: `__xss`, exposed to every frame of the page,
 * records a payload that ran; dialogs, uncaught errors that mention it and console messages of
 * a blocked script are recorded too (the documents carry the production Content-Security-Policy
 * as report-only, so whatever the deployed site would refuse is reported here, where nothing
 * refuses it); and after each page is shown, its DOM is searched for payload markup that became
 * elements or attributes (an event handler, a script, a javascript: or data: URL), which would
 * run on a click even if nothing ran by itself.
 */
import { createHash } from 'node:crypto';
import { contentSecurityPolicy } from '@clubs/infra/lib/site-headers.ts';
import { DRAWN_DATA_ID } from '@clubs/web/src/drawn-data.ts';
import { expect, type Page } from '@playwright/test';

export interface Findings {
  /** Markers reported by payloads that ran, with the page they ran on. */
  ran: { marker: string; url: string }[];
  injected: { url: string; what: string }[];
  blocked: { url: string; text: string }[];
  dialogs: { url: string; text: string }[];
  /** Written texts a page should show and did not (as text, visible). */
  notShown: { url: string; text: string }[];
  /** Pages the viewer could not get ready to read (a step that never finished), with what they showed. */
  unready: { url: string; error: string; shown: string }[];
}

export const noFindings = (): Findings => ({
  ran: [],
  injected: [],
  blocked: [],
  dialogs: [],
  notShown: [],
  unready: [],
});

/** The start of what the page shows (a loader, an error with its retry, another page), on one line. */
export async function shownText(page: Page): Promise<string> {
  return page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .then((text) => text.replace(/\s+/g, ' ').trim().slice(0, 400))
    .catch((reason: unknown) => `(unreadable: ${String(reason).split('\n')[0]})`);
}

/** An error's first line. */
export const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * A Content-Security-Policy report (Chromium logs a report-only violation as info: "Executing
 * inline event handler violates the following Content Security Policy directive"), or Chromium
 * refusing to run a script (a sandboxed frame). Not every "blocked": the dev server's hot-reload
 * socket is refused under a routed document.
 */
const BLOCKED_SCRIPT =
  /content security policy|refused to (execute|load|run|evaluate|apply)|blocked script execution/i;

/** Installs the watchers on a page before it opens anything. */
export async function watch(page: Page, findings: Findings): Promise<void> {
  await page.exposeFunction('__xss', (marker: unknown) => {
    findings.ran.push({ marker: String(marker), url: page.url() });
  });
  page.on('dialog', (dialog) => {
    findings.dialogs.push({ url: page.url(), text: dialog.message() });
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (BLOCKED_SCRIPT.test(message.text())) {
      findings.blocked.push({ url: page.url(), text: message.text() });
    }
  });
  page.on('pageerror', (error) => {
    // A payload that ran where `__xss` is not defined throws a ReferenceError naming it.
    if (/xss/i.test(`${error.message}\n${error.stack ?? ''}`)) {
      findings.ran.push({ marker: `uncaught: ${error.message}`, url: page.url() });
    }
  });
}

/** The app's own documents (routes of the SPA), not its modules, API, media or Cognito calls. */
const isAppDocument = (url: URL) =>
  !/^\/(@|api\/|cognito|media\/|src\/|node_modules\/)/.test(url.pathname) &&
  !/\.[a-z0-9]+$/i.test(url.pathname);

/**
 * Serves the app's documents with the production Content-Security-Policy (what CloudFront adds,
 * infra/lib/site-headers.ts) as report-only: anything the deployed site would refuse is reported
 * on the console, while a payload that runs still runs and is seen running. The dev server's own
 * inline script (React Refresh's preamble) is allowed by its hash, as a build has none;
 * upgrade-insecure-requests has no meaning in a report-only policy and is left out.
 */
export async function reportSitePolicy(page: Page): Promise<void> {
  const site = contentSecurityPolicy({
    authHostedDomain: 'auth.example.com',
    uploadDomain: 'uploads.example.com',
    region: 'us-east-1',
  })
    .split('; ')
    .filter((directive) => directive !== 'upgrade-insecure-requests');
  await page.route(isAppDocument, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    // A kept-alive connection the server closes just as it is reused resets; one new try is made.
    const response = await route
      .fetch()
      .catch((error: unknown) =>
        String(error).includes('ECONNRESET') ? route.fetch() : Promise.reject(error),
      );
    const body = await response.text();
    const hashes = Array.from(body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g), (match) => {
      const digest = createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64');
      return `'sha256-${digest}'`;
    });
    const policy = site
      .map((directive) =>
        directive.startsWith('script-src ') ? [directive, ...hashes].join(' ') : directive,
      )
      .join('; ');
    await route.fulfill({
      response,
      body,
      headers: { ...response.headers(), 'content-security-policy-report-only': policy },
    });
  });
}

/**
 * Opens `path` in the page: by loading the app when `load` is set (the first page of a kind, so
 * no text of the previous kind of page can stand in for the new one), otherwise through the
 * app's router (history.pushState and the popstate event it listens to), as a click on a link
 * would, so one page load serves every visit of the same kind.
 */
export async function open(page: Page, path: string, load: boolean): Promise<void> {
  if (load) {
    await page.goto(path, { timeout: 60_000 });
  } else {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  }
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** The texts the page does not show: none of its visible elements contains one. */
function missingTexts(texts: string[]): string[] {
  const normal = (s: string) => s.replace(/\s+/g, ' ').trim();
  const elements = Array.from(document.body.querySelectorAll('*')).filter((el) => {
    const box = el.getBoundingClientRect();
    return (
      box.width * box.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  });
  const contents = elements.map((el) => normal(el.textContent ?? ''));
  return texts.filter((text) => !contents.some((content) => content.includes(normal(text))));
}

const MORE = /^(Load more|Load more posts|Show more comments)$/;

/**
 * Waits until every text is shown, pressing the page's own "load more" buttons while some are
 * missing (the directory, the feed and the comments are paged); answers the ones still missing
 * after `timeout`.
 */
export async function textsNotShown(page: Page, texts: string[], timeout: number): Promise<string[]> {
  // The comments' own button first: a feed that still offers more posts must not keep it waiting.
  const comments = page.getByRole('button', { name: 'Show more comments', exact: true });
  const more = page.getByRole('button', { name: MORE });
  let missing: string[] = texts;
  await expect
    .poll(
      async () => {
        missing = await page.evaluate(missingTexts, texts);
        if (missing.length === 0) return true;
        const button = (await comments.first().isVisible()) ? comments.first() : more.first();
        if ((await button.isVisible()) && (await button.isEnabled())) {
          await button.click({ timeout: 2_000 }).catch(() => undefined);
        }
        return false;
      },
      { timeout, intervals: [100, 250, 500] },
    )
    .toBe(true)
    .catch(() => undefined);
  return missing;
}

/**
 * Payload markup that became part of the document: handlers, scripts, script URLs, frames. The
 * data block of a page drawn with its data (`dataBlockId`, web/src/drawn-data.ts) holds the
 * payloads as data, which no browser runs: it counts only if it is not the one JSON block in the
 * head it is drawn as, whole (a payload that ended it early would leave JSON that does not parse).
 */
function injectedMarkup(dataBlockId: string): string[] {
  const found: string[] = [];
  const scriptUrl = /^\s*(javascript|vbscript|data:text\/html)/i;
  const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc']);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers drop control characters and spaces from a URL's scheme ("jav\tascript:").
      const value = Array.from(attr.value)
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('');
      if (name.startsWith('on') && /xss/i.test(value))
        found.push(`<${el.localName} ${name}="${attr.value}">`);
      if (urlAttributes.has(name) && (scriptUrl.test(value) || (name === 'srcdoc' && /xss/i.test(value)))) {
        found.push(`<${el.localName} ${name}="${attr.value}">`);
      }
    }
    const isDataBlock = (script: Element) => {
      if (script.id !== dataBlockId || script.getAttribute('type') !== 'application/json') return false;
      if (
        script.parentElement !== document.head ||
        document.querySelectorAll(`[id="${dataBlockId}"]`).length !== 1
      )
        return false;
      try {
        JSON.parse(script.textContent ?? '');
        return true;
      } catch {
        return false;
      }
    };
    if (el.localName === 'script' && /xss/i.test(el.textContent ?? '') && !isDataBlock(el))
      found.push(`<script>${el.textContent}`);
    if (['iframe', 'object', 'embed', 'math', 'svg'].includes(el.localName) && /xss/i.test(el.outerHTML)) {
      found.push(el.outerHTML.slice(0, 120));
    }
  }
  return found;
}

export async function recordInjected(page: Page, findings: Findings): Promise<void> {
  const url = page.url();
  for (const what of await page.evaluate(injectedMarkup, DRAWN_DATA_ID))
    findings.injected.push({ url, what });
}

/** Lets whatever the shown page started finish: every image loaded or failed (onerror has fired). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
