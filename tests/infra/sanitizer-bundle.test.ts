/**
 * The section sanitizer as the functions ship it: sanitize-html and its dependencies as
 * published, bundled into one ES module with BUNDLE_SETTINGS. The bundled sanitizer runs the
 * OWASP XSS corpus and the allowlist's cases and must answer exactly what the installed packages
 * answer (which tests/functions/section-html.test.ts and the integration suites check against
 * the rules): bundling must change nothing of what it keeps.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sanitizeSectionHtml } from '@clubs/functions/content/section-html';
import { BUNDLE_SETTINGS } from '@clubs/infra/lib/handler-function.ts';
import { REPO_ROOT } from '@clubs/infra/lib/paths.ts';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_XSS_VECTORS } from '../support/owasp-xss-vectors.ts';

type Sanitize = typeof sanitizeSectionHtml;

const scope = { mediaKeyPrefix: 'club-media/c1/courses/k1/' };

/** What the allowlist keeps, drops and rewrites, with the inputs a bundling mistake could change. */
const CASES = [
  '<h2>Week 1</h2><p><strong>Breathe</strong> and <em>relax</em></p><ul><li>one</li></ul>',
  '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table><blockquote>q</blockquote><pre><code>x</code></pre>',
  '<img src="/media/club-media/c1/courses/k1/a.png" alt="pose" />',
  '<video src="/media/club-media/c1/courses/k1/v.mp4"></video>',
  '<a href="https://example.com">more</a> <a href="mailto:a@b.c">mail</a>',
  '<p onclick="steal()">hi</p><script>steal()</script>',
  '<img src=x onerror="steal()">',
  '<img src="https://tracker.example/p.gif">',
  '<img src="/media/club-media/c1/courses/OTHER/a.png">',
  // Style attributes and elements (sanitize-html reads styles with postcss).
  '<p style="color: red; background: url(javascript:alert(1))">styled</p>',
  '<p style="">empty</p><style>p { color: red }</style><span style="x">y</span>',
  // Entities, in text and attributes: decoded by the parser, escaped again on output.
  '<p>&lt;b&gt; &amp; &copy; &NotEqualTilde; &#x1F600; &#128512; &unknown; &amp</p>',
  // Legacy entities without ';' (in text, not before '=' or alnum in attributes), prefixes of
  // longer names, multi-character values, names that differ only in case.
  '<p>&copy2026 &notin; &notit; &not; &amp;amp; &AMP &ampx &lt;&LT &gt &GT; &nbsp&nbsp; &fjlig; &NotNestedGreaterGreater;</p>',
  '<a href="https://e.example/?a=1&copy=2&not=3&amp;x&lt;y" title="&copy2026 &notin &ensp;&emsp13;&ThickSpace;">t</a>',
  '<p>&Aacute;&aacute;&Aacute&aacutex &zwnj;&zwj; &ngE; &nvlt; &bne; &acE; &Afr; &afr; &DoubleLongLeftRightArrow; &CounterClockwiseContourIntegral;</p>',
  '<a href="&#x6A;avascript:alert(1)">x</a><a href="java&Tab;script:alert(1)">y</a><a href="https&colon;//ok.example">z</a>',
  '<a href="https://example.com/?a=1&amp;b=2&c=3" title="&quot;quoted&quot; &lt;t&gt;">q</a>',
  // Malformed markup: unclosed, misnested, comments, CDATA, processing instructions.
  '<p><b>bold <i>both</b> italic</i><ul><li>open',
  '<!-- <script>alert(1)</script> --><![CDATA[<script>alert(1)</script>]]><?xml version="1.0"?><p>after</p>',
  '<svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<textarea><img src=x onerror=alert(1)></textarea><noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

let dir = '';
let bundled: Sanitize;

/** A module of functions/src/content bundled as the functions ship it (BUNDLE_SETTINGS) and imported. */
async function shipped(module: string) {
  const result = await build({
    ...BUNDLE_SETTINGS,
    sourcemap: false,
    entryPoints: [path.join(REPO_ROOT, `functions/src/content/${module}.ts`)],
    absWorkingDir: REPO_ROOT,
    write: false,
    logLevel: 'error',
  });
  const text = result.outputFiles[0]?.text ?? '';
  const file = path.join(dir, `${module}.mjs`);
  writeFileSync(file, text);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'clubs-sanitizer-'));
  const exports = await shipped('section-html');
  bundled = exports.sanitizeSectionHtml as Sanitize;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the bundled section sanitizer', () => {
  it('answers the allowlist’s cases exactly as the installed sanitize-html does', () => {
    for (const html of CASES) expect(bundled(html, scope), html).toBe(sanitizeSectionHtml(html, scope));
  });

  it(`answers all ${OWASP_XSS_VECTORS.length} OWASP filter-evasion vectors exactly as the installed sanitize-html does`, () => {
    for (const vector of OWASP_XSS_VECTORS) {
      expect(bundled(vector, scope), vector).toBe(sanitizeSectionHtml(vector, scope));
      // Wrapped in allowed markup too, where an attribute or text context changes the parse.
      const wrapped = `<p><a href="https://ok.example">${vector}</a></p>`;
      expect(bundled(wrapped, scope), wrapped).toBe(sanitizeSectionHtml(wrapped, scope));
    }
  });
});
