import path from 'node:path';
import { APP_MODULES_META, ENTRY_DOCUMENTS } from '@clubs/shared';
import { EARLY_DATA_INPUT, entryDocument } from '@clubs/web/build/entry-documents.ts';
import { pruneCustomProperties } from '@clubs/web/build/unused-custom-properties.ts';
import type { OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';

const WEB = '/site/web';

const chunk = (fileName: string, more: Partial<OutputChunk> & { css?: string[] } = {}): OutputChunk =>
  ({
    type: 'chunk',
    fileName,
    name: fileName.replace(/-.*$/, ''),
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    viteMetadata: { importedCss: new Set(more.css ?? []), importedAssets: new Set() },
    ...more,
  }) as unknown as OutputChunk;

const SHELL = `<!doctype html><html><head><meta name="description" content="Old" /><title>Clubs</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/Button-1.js">
</head><body><div id="root"></div></body></html>`;

const CHUNKS = new Map(
  [
    chunk('assets/index-1.js', { isEntry: true, imports: ['assets/Button-1.js'] }),
    chunk('assets/Button-1.js'),
    chunk('assets/early-1.js', { isEntry: true, name: EARLY_DATA_INPUT }),
    chunk('assets/Card-1.js', { imports: ['assets/Button-1.js'], css: ['assets/Card-1.css'] }),
    chunk('assets/DirectoryPage-1.js', {
      facadeModuleId: path.join(WEB, 'src/features/directory/pages/DirectoryPage.tsx'),
      imports: ['assets/Card-1.js', 'assets/api-1.js', 'assets/index-1.js'],
    }),
    // The API client, in a chunk of its own that the page imports.
    chunk('assets/api-1.js', { imports: ['assets/index-1.js'] }),
    // React's start, then the app's providers and route table, which main.tsx imports apart from
    // the shell.
    chunk('assets/app-start-1.js', {
      facadeModuleId: path.join(WEB, 'src/app-start.tsx'),
      imports: ['assets/ReactDom-1.js'],
    }),
    chunk('assets/ReactDom-1.js'),
    chunk('assets/App-1.js', {
      facadeModuleId: path.join(WEB, 'src/App.tsx'),
      imports: ['assets/Router-1.js', 'assets/index-1.js'],
    }),
    chunk('assets/Router-1.js', { imports: ['assets/index-1.js'] }),
    chunk('assets/routes-1.js', {
      facadeModuleId: path.join(WEB, 'src/routes.tsx'),
      imports: ['assets/Router-1.js', 'assets/Button-1.js'],
    }),
  ].map((c) => [c.fileName, c]),
);

/** The app's code for the directory's page, in load order, that the shell does not hold already. */
const APP_CODE = [
  'assets/ReactDom-1.js',
  'assets/app-start-1.js',
  'assets/Router-1.js',
  'assets/App-1.js',
  'assets/routes-1.js',
  'assets/Card-1.js',
  'assets/api-1.js',
  'assets/DirectoryPage-1.js',
];

describe('entry documents', () => {
  // The directory's entry, named so that escaping shows.
  const directory = ENTRY_DOCUMENTS.find((document) => document.route === '/clubs');
  if (!directory) throw new Error('the directory has no entry document');
  const clubs = { ...directory, title: 'Explore <Clubs>', description: 'Find "clubs" & more' };

  it("name the page and the app's code without fetching it, and fetch its styles and early data first", () => {
    const html = entryDocument(SHELL, clubs, CHUNKS, WEB);
    expect(html).toContain('<title>Explore &lt;Clubs&gt; · Clubs</title>');
    expect(html).toContain('<meta name="description" content="Find &quot;clubs&quot; &amp; more" />');
    // Before anything else the document fetches.
    expect(html.indexOf('early-1.js')).toBeLessThan(html.indexOf('index-1.js'));
    // Only the shell's own preload: the app's code waits for the visitor's first act; it is named
    // in load order: the app's chunks (imported apart by main.tsx), then the page's imports (the
    // client among them) before the page.
    const preloads = [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(['assets/Button-1.js']);
    const named = html.match(new RegExp(`<meta name="${APP_MODULES_META}" content="([^"]+)">`))?.[1];
    expect(named?.split(' ')).toEqual(APP_CODE.map((file) => `/${file}`));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Card-1.css">');
    expect(html).toContain('<script type="module" async crossorigin src="/assets/early-1.js"></script>');
  });

  it('refuse to build without the page they name', () => {
    expect(() => entryDocument(SHELL, { ...clubs, page: 'pages/Missing.tsx' }, CHUNKS, WEB)).toThrow(
      /no chunk for src\/pages\/Missing.tsx/,
    );
  });
});

describe('unused custom properties', () => {
  it('keeps what rules and inline styles read, and what those read in turn', () => {
    const css = [
      ':root{--a:1px;--b:var(--c);--c:red;--unused:blue;--also-unused:var(--a)}',
      '.x{margin:var(--a);color:var(--b)}',
      '.y{--local:var(--inline)}',
      ':root{--inline:2px;--gone:3px}',
      '.only-vars{--nobody:1}',
    ].join('');
    const pruned = pruneCustomProperties(css, '<div style="padding:var(--local)"></div>');
    expect(pruned).toContain('--a:1px');
    expect(pruned).toContain('--b:var(--c)');
    expect(pruned).toContain('--c:red');
    expect(pruned).toContain('--local:var(--inline)');
    expect(pruned).toContain('--inline:2px');
    expect(pruned).not.toMatch(/--unused|--also-unused|--gone|--nobody|\.only-vars/);
  });
});
