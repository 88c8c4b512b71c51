/**
 * Writes the entry documents (shared/src/site-documents.ts) next to index.html: each is the app
 * shell with the page's own title and description, and links that make the browser fetch,
 * together with the shell's code, everything the page needs before it can paint: the page's
 * chunk and the chunks it imports, their stylesheets, the API client, and the early-data script
 * that starts the page's first API request (src/early/early-data.ts). Without them each of those
 * waits for the one before it: shell code, then page code, then client, then data.
 */
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { documentTitle, ENTRY_DOCUMENTS, type EntryDocument } from '../../shared/src/site-documents.ts';

/** The Rollup input name of the early-data script (vite.config.ts). */
export const EARLY_DATA_INPUT = 'early';
const API_CLIENT = 'src/api/index.ts';

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

/** One entry document from the built shell (`shell` is index.html as Vite wrote it). */
export function entryDocument(
  shell: string,
  document: EntryDocument,
  chunks: Chunks,
  webDir: string,
): string {
  const inShell = (file: string) => shell.includes(`/${file}"`);
  const page = chunkOf(chunks, webDir, path.join('src', document.page));
  const client = chunkOf(chunks, webDir, API_CLIENT);
  const scripts = [page.fileName, client.fileName]
    .flatMap((file) => withImports(chunks, file))
    .filter((file, index, all) => all.indexOf(file) === index && !inShell(file));
  const styles = scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
  const early = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === EARLY_DATA_INPUT);
  if (!early) throw new Error('entry documents: the early-data script was not built');
  const links = [
    `<script type="module" async crossorigin src="/${early.fileName}"></script>`,
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...new Set(styles)].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(documentTitle(document.title))}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(document.description)}$2`)
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

export function entryDocuments(webDir: string): Plugin {
  return {
    name: 'clubs:entry-documents',
    apply: 'build',
    enforce: 'post',
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
