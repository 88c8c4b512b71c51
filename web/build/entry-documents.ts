/**
 * Writes the entry documents (shared/src/site-documents.ts) next to index.html: each is the app
 * shell with the page's own title and description and the page drawn in it, the stylesheets, the
 * early-data script that starts the page's first API request (src/early/early-data.ts), and the
 * app's code: the page's chunk and the chunks it imports (the API client among them: pages import
 * it directly), named for the app to fetch all at once when it starts (on the visitor's first act,
 * web/src/start-on-demand.ts) rather than one import after another. The pages drawn with their
 * data get the module that draws them too (web/dist-server, src/draw-with-data.tsx).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { build, createServer, type Plugin } from 'vite';
import {
  APP_MODULES_META,
  DEFERRED_STYLE_HREF,
  DRAW_MODULE_DIR,
  DRAW_MODULE_FILE,
  documentTitle,
  ENTRY_DOCUMENTS,
  type EntryDocument,
} from '../../shared/src/site-documents.ts';
import { SAMPLE_API } from './sample-data.ts';
import { pruneCustomProperties } from './unused-custom-properties.ts';

/** The Rollup input name of the early-data script (vite.config.ts). */
export const EARLY_DATA_INPUT = 'early';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Chunks = Map<string, OutputChunk>;

/** A chunk and every chunk it imports statically, in load order (imports first). */
function withImports(chunks: Chunks, fileName: string, into: string[] = []): string[] {
  if (into.includes(fileName)) return into;
  const chunk = chunks.get(fileName);
  for (const imported of chunk?.imports ?? []) withImports(chunks, imported, into);
  into.push(fileName);
  return into;
}

function chunkOf(chunks: Chunks, webDir: string, module: string): OutputChunk {
  const id = path.join(webDir, module);
  const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId === id);
  if (!chunk) throw new Error(`entry documents: no chunk for ${module}`);
  return chunk;
}

/** The modules src/main.tsx imports dynamically to start the app, which every drawn page needs. */
const APP_MODULES = ['src/app-start.tsx', 'src/App.tsx', 'src/routes.tsx'];

/** One entry document from the built shell (`shell` is index.html as Vite wrote it). */
export function entryDocument(
  shell: string,
  document: EntryDocument,
  chunks: Chunks,
  webDir: string,
): string {
  const inShell = (file: string) => shell.includes(`/${file}"`);
  const page = chunkOf(chunks, webDir, path.join('src', document.page));
  // The app's own chunk graph (main.tsx imports it apart, so that it is evaluated in a task of its
  // own), then the page's.
  const appFiles = APP_MODULES.flatMap((module) =>
    withImports(chunks, chunkOf(chunks, webDir, module).fileName),
  );
  const scripts = [...appFiles, ...withImports(chunks, page.fileName)].filter(
    (file, index, all) => all.indexOf(file) === index && !inShell(file),
  );
  const styles = scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
  const early = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === EARLY_DATA_INPUT);
  if (!early) throw new Error('entry documents: the early-data script was not built');
  const links = [
    `<meta name="${APP_MODULES_META}" content="${scripts.map((file) => `/${file}`).join(' ')}">`,
    ...[...new Set(styles)].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return (
    shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(documentTitle(document.title))}</title>`)
      .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(document.description)}$2`)
      // The early-data script first of all: its request (and then the API's) must not queue
      // behind the code's.
      .replace(
        '<script type="module"',
        `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    <script type="module"`,
      )
      .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
  );
}

/** A path the document's route matches: `/c/*` is drawn as `/c/_` (the page looks the same for every id). */
const pathOf = (route: string) => (route.endsWith('/*') ? `${route.slice(0, -1)}_` : route);

/** Where the app draws itself (index.html's `<div id="root"></div>`). */
const ROOT = '<div id="root"></div>';
/** The root with a drawing in it, up to the end of the body. */
const DRAWN_ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

interface DrawModules {
  prerender: (path: string, drawn?: readonly unknown[]) => Promise<string>;
  drawnPage: (url: URL, api: unknown) => Promise<{ queries: readonly unknown[] } | undefined>;
}

/**
 * Draws each document's page into its root (src/prerender.tsx, loaded through a Vite server with
 * the app's own plugins; React and the libraries load in Node as they are published), then
 * inlines the CSS rules that drawing uses and defers the stylesheets: the page paints with the
 * document, and src/main.tsx applies the full stylesheets before it hydrates the drawing.
 */
async function drawDocuments(webDir: string, outDir: string, plugins: Plugin[]): Promise<void> {
  const server = await createServer({
    configFile: false,
    root: webDir,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    oxc: { jsx: { runtime: 'automatic' } },
    plugins,
  });
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    // Stylesheets wait as media="print" (not render-blocking) until src/deferred-styles.ts applies them.
    preload: 'media-script',
    noscriptFallback: false,
    pruneSource: false,
    inlineFonts: false,
    compress: true,
    logLevel: 'warn',
    // Beasties matches `[class*=x]` as if it were the class `x` and drops Amplify's reset
    // (`[class*=amplify]{all:unset}`), without which every heading and paragraph gets its margins.
    // The signed-out rule of the top bar (components/public/topbar.css) matches only once the boot
    // has marked the document, which is what the drawn page needs it for.
    allowRules: [/\[(class|id)[~|^$*]=/, /\[data-signed-out\]/],
  });
  try {
    const { prerender } = (await server.ssrLoadModule('/src/prerender.tsx')) as DrawModules;
    const { drawnPage } = (await server.ssrLoadModule('/src/draw-with-data.tsx')) as DrawModules;
    const { createApiClient } = (await server.ssrLoadModule('/src/api/client.ts')) as {
      createApiClient: (options: object) => unknown;
    };
    const sampleApi = createApiClient({ getIdToken: async () => undefined, fetchImpl: SAMPLE_API });
    for (const document of ENTRY_DOCUMENTS as readonly EntryDocument[]) {
      const file = path.join(outDir, document.file);
      const pending = await prerender(pathOf(document.route));
      // A page drawn with its data when asked for is drawn once here with sample data too, so that
      // the rules its cards use are inlined with the rest; the file keeps the drawing without data.
      const sample = document.drawnWithData
        ? await drawnPage(new URL(pathOf(document.route), 'http://build'), sampleApi)
        : undefined;
      if (document.drawnWithData && !sample)
        throw new Error(`entry documents: ${document.route} drew no sample`);
      const withSample = sample ? await prerender(pathOf(document.route), sample.queries) : '';
      const drawn = (await readFile(file, 'utf8')).replace(
        ROOT,
        `<div id="root">${withSample}${pending}</div>`,
      );
      const styled = (await beasties.process(drawn))
        // Beasties' script that applies the deferred sheets is inline, which the CSP refuses:
        // src/deferred-styles.ts does its work, and fetches them too when the app starts.
        .replace(/<script>[^<]*data-beasties-media[^<]*<\/script>/, '')
        .replace(/<link [^>]*data-beasties-media[^>]*>/g, (link) =>
          link.replace(' href="', ` ${DEFERRED_STYLE_HREF}="`),
        )
        .replace(
          /<style>([^<]*)<\/style>/,
          (_, css: string) => `<style>${pruneCustomProperties(css, drawn)}</style>`,
        )
        .replace(DRAWN_ROOT, () => `<div id="root">${pending}</div>`);
      await writeFile(file, styled);
    }
  } finally {
    await server.close();
  }
}

/**
 * Builds src/draw-with-data.tsx for Node into web/dist-server, with everything it imports, so
 * that a server can draw documents with their data without the sources or a Vite server.
 */
async function buildDrawWithData(webDir: string, plugins: Plugin[]): Promise<void> {
  await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    publicDir: false,
    oxc: { jsx: { runtime: 'automatic' } },
    plugins,
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/draw-with-data.tsx',
      outDir: DRAW_MODULE_DIR,
      emptyOutDir: true,
      target: 'node20',
      // Small to load: a server loads it once, when it starts.
      minify: true,
      // Each page in a chunk of its own, as in the browser: a server loads the two it draws.
      rollupOptions: {
        output: { entryFileNames: DRAW_MODULE_FILE },
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}

/** Writes the entry documents; `plugins` are the app's plugins that drawing its pages needs. */
export function entryDocuments(webDir: string, plugins: Plugin[]): Plugin {
  let outDir = path.join(webDir, 'dist');
  return {
    name: 'clubs:entry-documents',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await drawDocuments(webDir, outDir, plugins);
      await buildDrawWithData(webDir, plugins);
    },
    generateBundle(_options, bundle: OutputBundle) {
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset') throw new Error('entry documents: index.html was not built');
      const chunks: Chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
      );
      for (const document of ENTRY_DOCUMENTS) {
        this.emitFile({
          type: 'asset',
          fileName: document.file,
          source: entryDocument(String(shell.source), document, chunks, webDir),
        });
      }
    },
  };
}
