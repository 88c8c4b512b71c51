/**
 * The paths the newcomer's documents name exist: every repository path written in backticks in
 * README.md, CONTRIBUTING.md and docs/ARCHITECTURE.md. A path from the root (`functions/src/x.ts`)
 * must be there, with `{name}` and `<name>` standing for any one segment; a shorter one that
 * names a source file (`http/access.ts`, `access.ts`) must end the path of some file. A file
 * moved or renamed without its documents fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'docs/ARCHITECTURE.md'];
const TOP_FOLDERS = ['shared', 'functions', 'infra', 'web', 'tests', 'scripts', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', '.local', '.git', 'coverage']);
/** What the build and the local stack write: named by the documents, never checked in. */
const GENERATED = ['web/dist', 'cdk.out', 'config.json', '.local'];
const SOURCE_FILE = /^[\w.-]+(\/[\w.-]+)*\.(ts|tsx|mjs|css|md|json)$/;

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}
const FILES = [...filesUnder('')];

/** The backticked spans of a document that read as repository paths. */
function pathsNamedIn(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  return spans.filter(
    (span) =>
      !GENERATED.some((path) => span === path || span.startsWith(`${path}/`)) &&
      (TOP_FOLDERS.some((folder) => span.startsWith(`${folder}/`)) || SOURCE_FILE.test(span)),
  );
}

/** Whether the repository holds the path: from the root with placeholders, or as a file's tail. */
function exists(span: string): boolean {
  const path = span.replace(/\/$/, '');
  if (!TOP_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`))) {
    return FILES.some((file) => file === path || file.endsWith(`/${path}`));
  }
  let candidates = [''];
  for (const segment of path.split('/')) {
    const pieces = segment
      .split(/\{[^}]*\}|<[^>]*>/)
      .map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`^${pieces.join('[^/]+')}$`);
    candidates = candidates.flatMap((folder) => {
      const full = join(ROOT, folder);
      if (!existsSync(full)) return [];
      try {
        return readdirSync(full)
          .filter((name) => pattern.test(name))
          .map((name) => (folder ? `${folder}/${name}` : name));
      } catch {
        return [];
      }
    });
  }
  return candidates.length > 0;
}

describe("the documents' paths", () => {
  it.each(DOCUMENTS)('%s names only paths that exist', (document) => {
    const named = pathsNamedIn(readFileSync(join(ROOT, document), 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !exists(path))).toEqual([]);
  });

  it('tells a missing path from one that exists, placeholders and file tails included', () => {
    expect(pathsNamedIn('see `functions/src/http/access.ts`, `npm test` and `web/dist`')).toEqual([
      'functions/src/http/access.ts',
    ]);
    expect(exists('functions/src/routes/{group}.ts')).toBe(true);
    expect(exists('web/src/features/<area>/pages/')).toBe(true);
    expect(exists('http/access.ts')).toBe(true);
    expect(exists('functions/src/handlers/pre-sign-up.ts')).toBe(false);
    expect(exists('shared/src/events/{name}.ts')).toBe(false);
    expect(exists('events/bus.ts')).toBe(false);
  });
});
