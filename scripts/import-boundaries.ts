/**
 * The rooms of the code base, kept by lint: which folder may import which. `npm run lint` runs
 * this over every source file after Biome; a file that crosses a boundary fails the lint with the
 * rule it broke. Imports are read with TypeScript's own pre-processor (static, re-export, dynamic
 * and type-only imports alike), then resolved to a path in the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');

/** The workspace packages, by the name other code imports them with. */
export const WORKSPACES = ['shared', 'functions', 'infra', 'web'] as const;
type Workspace = (typeof WORKSPACES)[number];

/** Libraries `shared` may import: it runs in browsers, Lambdas and tools alike. */
const SHARED_LIBRARIES = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'shared', 'package.json'), 'utf8')) as { dependencies?: object })
    .dependencies ?? {},
);

/** What an import names: a file of the repository, or a package (with its first path segment). */
export type Target = { kind: 'file'; path: string } | { kind: 'package'; name: string };

export interface Import {
  /** The importing file, relative to the repository root with forward slashes. */
  from: string;
  specifier: string;
  target: Target;
}

export interface Rule {
  id: string;
  /** Why the boundary exists, shown with each violation. */
  why: string;
  broken(found: Import): boolean;
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const isFile = (target: Target, folder: string) => target.kind === 'file' && under(target.path, folder);
const workspaceOf = (path: string): Workspace | undefined =>
  WORKSPACES.find((workspace) => under(path, workspace));
const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

/**
 * Tools' config files, and the Vite plugins they load, run in Node itself, which (on Node 20)
 * cannot load the TypeScript of a linked package: they reach other workspaces' files by path.
 */
const loadedByNode = (path: string) => path.endsWith('.config.ts') || under(path, 'web/build');

export const RULES: Rule[] = [
  {
    id: 'shared-is-pure',
    why: 'shared runs everywhere: it imports only its own files and its listed libraries',
    broken: ({ from, target }) =>
      under(from, 'shared') &&
      (target.kind === 'file' ? !under(target.path, 'shared') : !SHARED_LIBRARIES.includes(target.name)),
  },
  {
    id: 'web-not-backend',
    why: 'the SPA talks to the back end only through the API: web never imports functions or infra',
    broken: ({ from, target }) =>
      under(from, 'web') &&
      (isFile(target, 'functions') ||
        isFile(target, 'infra') ||
        (target.kind === 'package' && ['@clubs/functions', '@clubs/infra'].includes(target.name))),
  },
  {
    id: 'functions-not-infra',
    why: 'handlers read their resources from the environment, so the same code runs in Lambda and locally',
    broken: ({ from, target }) =>
      under(from, 'functions') &&
      (isFile(target, 'infra') || (target.kind === 'package' && target.name === '@clubs/infra')),
  },
  {
    id: 'domain-not-http',
    why: 'the domain (data, services, payments) knows nothing of HTTP: errors live in functions/src/errors.ts',
    broken: ({ from, target }) =>
      ['functions/src/data', 'functions/src/services', 'functions/src/payments'].some((folder) =>
        under(from, folder),
      ) && isFile(target, 'functions/src/http'),
  },
  {
    id: 'deploy-not-local',
    why: 'what deploys never depends on the local stack',
    broken: ({ from, target }) =>
      (under(from, 'infra/lib') || under(from, 'infra/bin')) && isFile(target, 'infra/local'),
  },
  {
    id: 'workspace-by-name',
    why: 'another workspace is imported by its package name (@clubs/...), never by a relative path',
    broken: ({ from, specifier, target }) => {
      if (target.kind !== 'file' || !specifier.startsWith('.') || loadedByNode(from)) return false;
      const home = workspaceOf(from);
      const away = workspaceOf(target.path);
      return away !== undefined && away !== home;
    },
  },
];

/** The package an import names: `@scope/name` or `name`, without a subpath. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Resolves a specifier seen in `from` (repository-relative). Workspace names resolve to their folder. */
export function targetOf(from: string, specifier: string): Target {
  if (specifier.startsWith('.')) {
    const path = relative(ROOT, resolve(ROOT, dirname(from), specifier))
      .split(sep)
      .join('/');
    return { kind: 'file', path };
  }
  const name = packageName(specifier);
  if (name.startsWith('@clubs/') && !isBuiltin(name)) return { kind: 'package', name };
  return { kind: 'package', name: isBuiltin(name) ? `node:${name.replace(/^node:/, '')}` : name };
}

/** Every import of a source text, as TypeScript reads them. */
export function importsOf(from: string, text: string): Import[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter(({ fileName }) => !fileName.startsWith('virtual:'))
    .map(({ fileName }) => ({ from, specifier: fileName, target: targetOf(from, fileName) }));
}

export interface Violation extends Import {
  rule: Rule;
}

export function violationsOf(from: string, text: string): Violation[] {
  return importsOf(from, text).flatMap((found) =>
    RULES.filter((rule) => rule.broken(found)).map((rule) => ({ ...found, rule })),
  );
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'cdk.out', '.local', 'coverage']);

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The folders checked: every workspace, the scripts and the tests. */
export const CHECKED_FOLDERS = [...WORKSPACES, 'scripts', 'tests'];

if (process.argv[1] === import.meta.filename) {
  const found = CHECKED_FOLDERS.flatMap((folder) =>
    [...sourceFiles(folder)].flatMap((path) => violationsOf(path, readFileSync(join(ROOT, path), 'utf8'))),
  );
  for (const { from, specifier, rule } of found) {
    console.error(`${from}: import '${specifier}' breaks ${rule.id}: ${rule.why}`);
  }
  if (found.length > 0) {
    console.error(`\n${found.length} import(s) cross a boundary (scripts/import-boundaries.ts).`);
    process.exit(1);
  }
  console.log('Import boundaries: no file crosses one.');
}
