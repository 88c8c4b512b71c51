/**
 * The rooms of the code base, kept by lint: which folder may import which. `npm run lint` runs
 * this over every source file after Biome; a file that crosses a boundary fails the lint with the
 * rule it broke. Imports are read from the module record oxc's parser gives for the source (static,
 * re-export, dynamic and type-only imports alike), then resolved to a path in the repository. It
 * also fails on an import cycle: files that load one another in a circle (cyclesOf).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseSync } from 'oxc-parser';

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
  /** What a static import declaration takes from it by name (`import { a as b }` takes a; `* as` takes '*'). */
  names?: readonly string[];
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

/**
 * Imports that cross a boundary today and are to be moved, each with its way out. A new crossing
 * fails the lint; an entry here whose import is gone fails it too (the check lists it), so the
 * list only shrinks.
 */
export const KNOWN_CROSSINGS: { from: string; to: string; wayOut: string }[] = [];

/**
 * Change events come from the table's stream: a write stores its change as an outbox item in its
 * own transaction (changeOutbox), and only the change-stream consumer puts change events on the
 * bus, with their source (EVENT_BUS.domainSource). A function file elsewhere that names that
 * source could announce a change before, after or without its write, so it fails the lint; IAM
 * refuses every other function a put with it too (infra/lib/group-access.ts).
 */
export const CHANGE_EVENT_PUTTER = 'functions/src/consumers/change-stream.ts';
const NAMES_CHANGE_SOURCE = /\bEVENT_BUS\.domainSource\b|['"`]clubs\.domain['"`]/;
/** Whether the source text of `from` (repository-relative) puts change events outside the stream's consumer. */
export const putsChangeEvents = (from: string, text: string): boolean =>
  under(from, 'functions/src') && from !== CHANGE_EVENT_PUTTER && NAMES_CHANGE_SOURCE.test(text);

/** The SPA's feature areas: `web/src/features/<area>/{api.ts, components/, pages/}`. */
const FEATURES = 'web/src/features';
const featureOf = (path: string): string | undefined =>
  under(path, FEATURES) ? path.slice(FEATURES.length + 1).split('/')[0] : undefined;
/** The screens the route table opens: each feature's pages. */
const isPage = (path: string) => /^web\/src\/features\/[^/]+\/pages\//.test(path);
/** What a feature draws: its pages and its components (its api.ts holds its reads). */
const isFeatureView = (path: string) => /^web\/src\/features\/[^/]+\/(pages|components)\//.test(path);
/** TanStack Query's hooks that read: a view that calls them writes a read (and its key) of its own. */
const QUERY_READS = new Set(['useQuery', 'useInfiniteQuery', 'useQueries', 'useSuspenseQuery', '*']);
const known = (from: string, target: Target) =>
  KNOWN_CROSSINGS.some((crossing) => crossing.from === from && isFile(target, crossing.to));

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
    id: 'infra-lib-not-functions',
    why: 'infra/lib bundles the functions by path and never imports their code: what both need lives in shared',
    broken: ({ from, target }) =>
      (under(from, 'infra/lib') || under(from, 'infra/bin')) &&
      (isFile(target, 'functions') || (target.kind === 'package' && target.name === '@clubs/functions')),
  },
  {
    id: 'data-not-bus-or-media',
    why: "the data layer reads and writes the table only: putting events on the bus and touching media are the callers' work",
    broken: ({ from, target }) =>
      under(from, 'functions/src/data') &&
      (isFile(target, 'functions/src/bus') || isFile(target, 'functions/src/media')) &&
      !KNOWN_CROSSINGS.some((known) => known.from === from && isFile(target, known.to)),
  },
  {
    id: 'dynamodb-in-data',
    why: 'the table is read and written only through functions/src/data, so its keys, conditions and retries live in one layer',
    broken: ({ from, target }) =>
      under(from, 'functions/src') &&
      !under(from, 'functions/src/data') &&
      target.kind === 'package' &&
      ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'].includes(target.name),
  },
  {
    id: 'payments-not-services',
    why: 'services call payments, never the other way: payments reaches the table through data',
    broken: ({ from, target }) =>
      under(from, 'functions/src/payments') &&
      isFile(target, 'functions/src/services') &&
      !KNOWN_CROSSINGS.some((known) => known.from === from && isFile(target, known.to)),
  },
  {
    id: 'web-shared-not-pages',
    why: 'shared components, layouts, the live socket and the rest of the SPA outside the features never import a page: only the route table opens pages',
    broken: ({ from, target }) =>
      under(from, 'web/src') &&
      !under(from, FEATURES) &&
      from !== 'web/src/routes.tsx' &&
      target.kind === 'file' &&
      isPage(target.path),
  },
  {
    id: 'web-area-by-api',
    why: 'a feature area reaches another only through its api.ts (its query keys and hooks), never its components or pages',
    broken: ({ from, target }) => {
      const home = featureOf(from);
      if (home === undefined || target.kind !== 'file') return false;
      const away = featureOf(target.path);
      const crosses = away !== undefined && away !== home && target.path !== `${FEATURES}/${away}/api.ts`;
      return crosses && !known(from, target);
    },
  },
  {
    id: 'web-reads-by-api',
    why: "a feature's pages and components read through their area's api.ts, which names each read and its key once: never the generic read hooks (web/src/api/hooks.ts) nor TanStack Query's useQuery",
    broken: ({ from, target, names }) =>
      isFeatureView(from) &&
      (isFile(target, 'web/src/api/hooks.ts') ||
        (target.kind === 'package' &&
          target.name === '@tanstack/react-query' &&
          (names ?? []).some((name) => QUERY_READS.has(name)))),
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

/** A module request found in a source: where it is written, whether it is erased, what it takes by name. */
interface Request {
  at: number;
  specifier: string;
  /** Erased from the emitted module: `import type`, `export type … from`, a type's `import('x')`, an augmentation. */
  typeOnly: boolean;
  /** Loaded later, by an `import()` call. */
  dynamic: boolean;
  /** What a static import takes by name (`import { a as b }` takes a; `* as` takes '*'), type-only bindings aside. */
  names: string[];
}

type AstNode = { type: string; start: number; [key: string]: unknown };
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
/** A string literal's value (module requests are string literals; a computed one has none). */
const literalOf = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

function requestOf(node: AstNode, inModule: boolean): Request | undefined {
  const at = node.start;
  switch (node.type) {
    case 'ImportDeclaration': {
      const specifier = literalOf(node.source);
      if (specifier === undefined) return undefined;
      const names = (node.specifiers as AstNode[]).flatMap((binding) => {
        if (binding.type === 'ImportNamespaceSpecifier') return ['*'];
        if (binding.type !== 'ImportSpecifier' || binding.importKind === 'type') return [];
        const imported = binding.imported as AstNode;
        return [String(imported.name ?? imported.value)];
      });
      return { at, specifier, typeOnly: node.importKind === 'type', dynamic: false, names };
    }
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration': {
      const specifier = literalOf(node.source);
      if (specifier === undefined) return undefined;
      return { at, specifier, typeOnly: node.exportKind === 'type', dynamic: false, names: [] };
    }
    case 'ImportExpression': {
      const specifier = literalOf(node.source);
      return specifier === undefined
        ? undefined
        : { at, specifier, typeOnly: false, dynamic: true, names: [] };
    }
    case 'TSImportType': {
      const specifier = literalOf(node.source);
      return specifier === undefined
        ? undefined
        : { at, specifier, typeOnly: true, dynamic: false, names: [] };
    }
    case 'TSModuleDeclaration': {
      // In a module, `declare module 'x' { … }` augments the module x: a use of it, erased like a
      // type. In a script (a declaration file with no import or export) it declares x instead.
      const specifier = inModule ? literalOf(node.id) : undefined;
      return specifier === undefined
        ? undefined
        : { at, specifier, typeOnly: true, dynamic: false, names: [] };
    }
    case 'TSExternalModuleReference': {
      const specifier = literalOf(node.expression);
      return specifier === undefined
        ? undefined
        : { at, specifier, typeOnly: false, dynamic: false, names: [] };
    }
    default:
      return undefined;
  }
}

/**
 * Every module request of a source, in the order written: static imports and re-exports, `import()`
 * calls, types' `import('x')` and module augmentations, read from oxc's syntax tree of it.
 */
function requestsOf(from: string, text: string): Request[] {
  const requests: Request[] = [];
  let inModule = false;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isNode(value)) return;
    const request = requestOf(value, inModule);
    if (request) requests.push(request);
    for (const [key, child] of Object.entries(value))
      if (key !== 'parent' && typeof child === 'object') visit(child);
  };
  const { program } = parseSync(from, text);
  inModule = program.body.some((statement) => /^(Import|Export)/.test(statement.type));
  visit(program);
  return requests.sort((a, b) => a.at - b.at);
}

/** Every import of a source text (static, re-export, dynamic, type-only); a feature view's with the names it takes. */
export function importsOf(from: string, text: string): Import[] {
  const view = isFeatureView(from);
  const names = new Map<string, string[]>();
  const requests = requestsOf(from, text);
  for (const request of requests) {
    if (view && !request.dynamic && !request.typeOnly && request.names.length > 0)
      names.set(request.specifier, [...(names.get(request.specifier) ?? []), ...request.names]);
  }
  return requests
    .filter(({ specifier }) => !specifier.startsWith('virtual:'))
    .map(({ specifier }) => ({
      from,
      specifier,
      target: targetOf(from, specifier),
      ...(names.has(specifier) ? { names: names.get(specifier) } : {}),
    }));
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

/** Where a workspace's package name points: `@clubs/shared/x` is shared/src/x.ts, and so on. */
const PACKAGE_SOURCES: Record<string, string> = {
  '@clubs/shared': 'shared/src',
  '@clubs/functions': 'functions/src',
  '@clubs/infra': 'infra',
  '@clubs/web': 'web/src',
};

/**
 * The imports that load another module when this one loads: static imports and re-exports.
 * Type-only ones (`import type`, `export type`) are erased, and `import()` loads later, so
 * neither can make a module run before the one it needs.
 */
export function loadingImportsOf(from: string, text: string): Import[] {
  return requestsOf(from, text)
    .filter((request) => !request.dynamic && !request.typeOnly)
    .map(({ specifier }) => ({ from, specifier, target: targetOf(from, specifier) }));
}

/** The file of the repository an import loads, among `files`, if it names one. */
function fileOf({ specifier, target }: Import, files: ReadonlySet<string>): string | undefined {
  let path: string | undefined;
  if (target.kind === 'file') path = target.path;
  else {
    const root = PACKAGE_SOURCES[target.name];
    if (root === undefined) return undefined;
    const rest = specifier.slice(target.name.length);
    path = rest === '' ? `${root}/index` : `${root}${rest}`;
  }
  return [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find((candidate) => files.has(candidate));
}

/**
 * The import cycles among `sources` (path to text): each a set of files that load one another,
 * in a circle, so one of them runs before a module it needs has run. Tarjan's strongly
 * connected components over the loading imports; a file importing itself counts too.
 */
export function cyclesOf(sources: ReadonlyMap<string, string>): string[][] {
  const files = new Set(sources.keys());
  const edges = new Map<string, string[]>();
  for (const [path, text] of sources) {
    const targets = loadingImportsOf(path, text).flatMap((found) => fileOf(found, files) ?? []);
    edges.set(path, [...new Set(targets)]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

/** The folders checked: every workspace, the scripts and the tests. */
export const CHECKED_FOLDERS = [...WORKSPACES, 'scripts', 'tests'];

if (process.argv[1] === import.meta.filename) {
  const sources = new Map(
    CHECKED_FOLDERS.flatMap((folder) => [...sourceFiles(folder)]).map(
      (path) => [path, readFileSync(join(ROOT, path), 'utf8')] as const,
    ),
  );
  const found = [...sources].flatMap(([path, text]) => violationsOf(path, text));
  for (const { from, specifier, rule } of found) {
    console.error(`${from}: import '${specifier}' breaks ${rule.id}: ${rule.why}`);
  }
  const stale = KNOWN_CROSSINGS.filter(
    ({ from, to }) =>
      !importsOf(from, sources.get(from) ?? '').some(
        ({ target }) => target.kind === 'file' && target.path === to,
      ),
  );
  for (const { from, to } of stale) {
    console.error(`${from}: no longer imports ${to}: take it off KNOWN_CROSSINGS`);
  }
  const announcers = [...sources]
    .filter(([path, text]) => putsChangeEvents(path, text))
    .map(([path]) => path);
  for (const from of announcers) {
    console.error(
      `${from}: names the change events' source: only ${CHANGE_EVENT_PUTTER} puts change events; a write carries its change as an outbox item (changeOutbox)`,
    );
  }
  const cycles = cyclesOf(sources);
  for (const cycle of cycles) {
    console.error(`import cycle: ${cycle.join(' -> ')} (each loads another of them when it loads)`);
  }
  const problems = found.length + stale.length + announcers.length + cycles.length;
  if (problems > 0) {
    console.error(
      `\n${found.length} import(s) cross a boundary, ${stale.length} known crossing(s) are gone, ` +
        `${announcers.length} file(s) put change events outside the stream's consumer, ` +
        `${cycles.length} import cycle(s) (scripts/import-boundaries.ts).`,
    );
    process.exit(1);
  }
  console.log('Import boundaries: no file crosses one, and no imports run in a circle.');
}
